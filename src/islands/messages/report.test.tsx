import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { act } from "react";
import type { MessageView } from "../../common/schemas/messages";
import { reportMessages } from "../../common/schemas/reports";
import { withDom } from "../home/test-dom";
import { click, press, render, wait } from "../home/test-render";
import { accessibleName, buttonNamed, type Call, mockFetch, toastTexts } from "../posts/test-fixtures";
import { ConversationView } from "./ConversationView";
import { MESSAGE_ACTIONS } from "./MessageActions";
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
const TITLE = "Report message from @roger";

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

const menuOf = (item: Element) => item.querySelector('[role="menu"]');

describe("Report on a message, inside a '⋯' menu (issue 23)", () => {
  it("no bubble has a 'Report' button; each of theirs has one 'Message actions' menu button, described by its text", async () => {
    const view = await renderConversation();
    const items = [...view.container.querySelectorAll(".message")];
    expect([...view.container.querySelectorAll("button")].filter((b) => b.textContent === "Report")).toEqual(
      [],
    );
    expect(items.map((li) => buttonNamed(li, MESSAGE_ACTIONS) !== undefined)).toEqual([false, true, true]);
    const button = buttonNamed(items[2] as Element, MESSAGE_ACTIONS) as HTMLButtonElement;
    expect(button.type).toBe("button");
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    const describedBy = document.getElementById(button.getAttribute("aria-describedby") ?? "-");
    expect(describedBy?.textContent).toBe("or else");
    expect(menuOf(items[2] as Element)).toBeNull();
    await view.unmount();
  });

  it("opens from the keyboard on its first item; the arrows move, Escape closes with focus back on the button", async () => {
    const view = await renderConversation();
    const item = view.container.querySelectorAll(".message")[2] as Element;
    const opener = buttonNamed(item, MESSAGE_ACTIONS) as HTMLButtonElement;
    await act(async () => opener.focus());
    await press(opener, "ArrowDown");
    const menu = menuOf(item) as HTMLElement;
    expect(menu.getAttribute("role")).toBe("menu");
    expect(opener.getAttribute("aria-expanded")).toBe("true");
    expect(opener.getAttribute("aria-controls")).toBe(menu.id);
    const report = menu.querySelector('[role="menuitem"]') as HTMLElement;
    expect(report.textContent).toBe("Report");
    expect(document.activeElement === report).toBe(true);
    await press(report, "ArrowDown");
    expect(document.activeElement === report).toBe(true); // one item: it wraps to itself
    await press(report, "Escape");
    expect(menuOf(item)).toBeNull();
    expect(opener.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement === opener).toBe(true);
    await view.unmount();
  });

  it("Report opens the report dialog with focus in the reason, sends the message's id, and focus comes back to the menu button", async () => {
    const view = await renderConversation();
    const item = view.container.querySelectorAll(".message")[2] as Element;
    const opener = buttonNamed(item, MESSAGE_ACTIONS) as HTMLButtonElement;
    await act(async () => opener.focus());
    await click(opener);
    await click(menuOf(item)?.querySelector('[role="menuitem"]') as HTMLElement);
    expect(menuOf(item)).toBeNull();
    const dialog = document.querySelector<HTMLDialogElement>("dialog.report-dialog");
    expect(dialog?.open).toBe(true);
    expect(dialog?.querySelector("h2")?.textContent).toBe(TITLE);
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
    expect(accessibleName(opener)).toBe(MESSAGE_ACTIONS);
    await view.unmount();
  });
});
