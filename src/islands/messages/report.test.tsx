import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { act } from "react";
import type { MessageView } from "../../common/schemas/messages";
import { reportMessages } from "../../common/schemas/reports";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { accessibleName, buttonNamed, type Call, mockFetch, toastTexts } from "../posts/test-fixtures";
import { ConversationView } from "./ConversationView";
import { conversationWithThem, withoutEventSource } from "./test-fixtures";

withDom();

withoutEventSource();

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
let calls: Call[] = [];
beforeEach(() => {
  calls = mockFetch({
    "POST /api/conversations/3/mark-read": json({ lastReadId: 12, unreadCount: 0 }),
    "POST /api/reports": json(
      { id: 1, kind: "message", subjectId: 12, reason: "threat", status: "open", createdAt: "" },
      201,
    ),
  });
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const messages: MessageView[] = [
  { id: 10, senderId: 7, body: "Open mat tonight?", createdAt: minutesAgo(30) },
  { id: 11, senderId: 9, body: "Yes, 7pm", createdAt: minutesAgo(6) },
  { id: 12, senderId: 9, body: "or else", createdAt: minutesAgo(5) },
];
const LABEL = "Report message from @roger";

async function renderConversation() {
  return render(
    <ConversationView
      viewerId={7}
      conversation={conversationWithThem()}
      messages={messages}
      now={new Date().toISOString()}
    />,
  );
}

describe("Report on a message", () => {
  it("is offered on each of the other member's messages, never on your own, described by its text", async () => {
    const view = await renderConversation();
    const items = [...view.container.querySelectorAll(".message")];
    expect(items.map((li) => buttonNamed(li, LABEL) !== undefined)).toEqual([false, true, true]);
    const button = buttonNamed(items[2] as Element, LABEL) as HTMLButtonElement;
    expect(button.textContent).toBe("Report");
    expect(button.type).toBe("button");
    const describedBy = document.getElementById(button.getAttribute("aria-describedby") ?? "-");
    expect(describedBy?.textContent).toBe("or else");
    expect(accessibleName(button)).toBe(LABEL);
    await view.unmount();
  });

  it("opens the report dialog with focus in the reason and sends the message's id", async () => {
    const view = await renderConversation();
    const item = view.container.querySelectorAll(".message")[2] as Element;
    const opener = buttonNamed(item, LABEL) as HTMLButtonElement;
    await act(async () => opener.focus());
    await click(opener);
    const dialog = document.querySelector<HTMLDialogElement>("dialog.report-dialog");
    expect(dialog?.open).toBe(true);
    expect(dialog?.querySelector("h2")?.textContent).toBe(LABEL);
    const area = dialog?.querySelector("textarea") as HTMLTextAreaElement;
    expect(document.activeElement === area).toBe(true);
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    await act(async () => {
      setter?.call(area, " threat ");
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(buttonNamed(dialog as HTMLDialogElement, "Send report") as HTMLButtonElement);
    await wait(30);
    expect(calls.filter((c) => c.url === "/api/reports")).toEqual([
      { method: "POST", url: "/api/reports", body: { kind: "message", id: 12, reason: "threat" } },
    ]);
    expect(toastTexts().join(" ")).toContain(reportMessages.sent);
    expect(document.querySelector("dialog.report-dialog")).toBeNull();
    expect(document.activeElement === opener).toBe(true);
    await view.unmount();
  });
});
