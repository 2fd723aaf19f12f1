import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { act } from "react";
import { REPORT_REASON_MAX, reportMessages } from "../../common/schemas/reports";
import { withDom } from "../home/test-dom";
import { click, render } from "../home/test-render";
import { PostCard } from "../posts/PostCard";
import { buttonNamed, type Call, deferred, mockFetch, postView, toastTexts } from "../posts/test-fixtures";
import { FollowControls } from "../profile/FollowControls";

withDom();

let calls: Call[] = [];
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const created = json(201, {
  id: 1,
  kind: "post",
  subjectId: 1,
  reason: "spam",
  status: "open",
  createdAt: "",
});

beforeEach(() => {
  calls = mockFetch({ "POST /api/reports": created });
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

async function typeText(area: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const dialog = () => document.querySelector<HTMLDialogElement>("dialog.report-dialog");
const area = () => dialog()?.querySelector("textarea") as HTMLTextAreaElement;
const submit = async () => {
  const button = buttonNamed(dialog() as HTMLDialogElement, "Send report");
  if (!button) throw new Error("no Send report button");
  await click(button);
};
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

async function openOnPost() {
  const view = await render(
    <PostCard post={postView(5, { user: { id: 9, username: "bo", profilePhoto: null } })} viewerId={7} />,
  );
  const opener = buttonNamed(view.container, "Report post");
  if (!opener) throw new Error("no Report post button");
  await act(async () => opener.focus());
  await click(opener);
  return { view, opener };
}

describe("Report on a post card", () => {
  it("is offered on another member's post, never on your own (which has Delete)", async () => {
    const mine = await render(
      <PostCard post={postView(5, { user: { id: 7, username: "ana", profilePhoto: null } })} viewerId={7} />,
    );
    expect(buttonNamed(mine.container, "Report post")).toBeUndefined();
    expect(buttonNamed(mine.container, "Delete post")).toBeDefined();
    await mine.unmount();
    const theirs = await render(
      <PostCard post={postView(6, { user: { id: 9, username: "bo", profilePhoto: null } })} viewerId={7} />,
    );
    expect(buttonNamed(theirs.container, "Report post")).toBeDefined();
    await theirs.unmount();
  });

  it("opens a dialog with a labelled reason that has focus, and a counter", async () => {
    const { view } = await openOnPost();
    const d = dialog();
    expect(d?.open).toBe(true);
    const title = d?.querySelector("h2");
    expect(title?.textContent).toBe("Report post");
    expect(d?.getAttribute("aria-labelledby")).toBe(title?.id ?? "");
    const label = d?.querySelector(`label[for="${area().id}"]`);
    expect(label?.textContent).toBe("What is wrong?");
    expect(document.activeElement).toBe(area());
    expect(d?.textContent).toContain(`0/${REPORT_REASON_MAX}`);
    await typeText(area(), "spam");
    expect(d?.textContent).toContain(`4/${REPORT_REASON_MAX}`);
    await view.unmount();
  });

  it("an empty reason is refused in the dialog, sends nothing, and says why", async () => {
    const { view } = await openOnPost();
    await typeText(area(), "   ");
    await submit();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(reportMessages.reasonRequired);
    expect(area().getAttribute("aria-invalid")).toBe("true");
    await view.unmount();
  });

  it("over 500 characters is marked and not sent", async () => {
    const { view } = await openOnPost();
    await typeText(area(), "x".repeat(REPORT_REASON_MAX + 1));
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(reportMessages.reasonTooLong);
    await submit();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await view.unmount();
  });

  it("sends {kind, id, reason} trimmed, shows 'Sending...' while pending, then 'Report sent' and closes", async () => {
    const held = deferred<Response>();
    calls = mockFetch({ "POST /api/reports": () => held.promise });
    const { view, opener } = await openOnPost();
    await typeText(area(), "  spam  ");
    await submit();
    expect(calls).toEqual([
      { method: "POST", url: "/api/reports", body: { kind: "post", id: 5, reason: "spam" } },
    ]);
    await settle();
    expect(buttonNamed(dialog() as HTMLDialogElement, "Sending...")?.disabled).toBe(true);
    await act(async () => held.resolve(created()));
    await settle();
    await settle();
    expect(toastTexts()[0]).toContain("Report sent");
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
    await view.unmount();
  });

  it("a refusal shows the server's message in a destructive toast and keeps the dialog open", async () => {
    calls = mockFetch({ "POST /api/reports": json(404, { message: reportMessages.postNotFound }) });
    const { view } = await openOnPost();
    await typeText(area(), "spam");
    await submit();
    await settle();
    expect(toastTexts()[0]).toContain(reportMessages.postNotFound);
    expect(document.querySelector(".toast-destructive")).not.toBeNull();
    expect(dialog()?.open).toBe(true);
    await view.unmount();
  });

  it("Cancel closes it without sending", async () => {
    const { view } = await openOnPost();
    const cancel = buttonNamed(dialog() as HTMLDialogElement, "Cancel");
    if (!cancel) throw new Error("no Cancel");
    await click(cancel);
    expect(dialog()).toBeNull();
    expect(calls).toEqual([]);
    await view.unmount();
  });
});

describe("Report on a profile", () => {
  it("the More menu offers 'Report @name', which sends a profile report", async () => {
    calls = mockFetch({
      "POST /api/reports": created,
      "GET /api/users/42/follow-status": json(200, { isFollowing: false }),
    });
    const view = await render(<FollowControls userId={42} username="rickson" isFollowing={false} />);
    const more = buttonNamed(view.container, "More actions for @rickson");
    if (!more) throw new Error("no More menu");
    await click(more);
    const item = buttonNamed(view.container, "Report @rickson");
    if (!item) throw new Error("no Report item");
    await click(item);
    expect(dialog()?.querySelector("h2")?.textContent).toBe("Report @rickson");
    await typeText(area(), "fake account");
    await submit();
    await settle();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", url: "/api/reports", body: { kind: "profile", id: 42, reason: "fake account" } },
    ]);
    expect(toastTexts()[0]).toContain("Report sent");
    await view.unmount();
  });
});
