import { describe, expect, it } from "bun:test";
import { act } from "react";
import { blockedMembersTexts as texts } from "../../common/schemas/privacy-texts";
import type { BlockedUser } from "../../common/schemas/users";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import {
  accessibleName,
  buttonNamed,
  jsonResponse as json,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { BlockedMembersCard } from "./BlockedMembersCard";

withDom();
const api = withMockedFetch();

const member = (id: number, username: string): BlockedUser => ({
  id,
  username,
  profilePhoto: null,
  blockedAt: "2026-11-20T10:00:00.000Z",
});
const ANA = member(5, "ana");
const BO = member(6, "bo");
const dialog = () => document.querySelector<HTMLDialogElement>("dialog");

async function shown(list: BlockedUser[], more: Record<string, () => Response> = {}) {
  api.calls = mockFetch({ "GET /api/users/blocked": () => json(list), ...more });
  const view = await render(<BlockedMembersCard />);
  await wait(20);
  return view;
}

describe("BlockedMembersCard (issue 23: a block can be seen and lifted)", () => {
  it("lists each blocked member with an Unblock button named for them, and passes axe", async () => {
    const view = await shown([ANA, BO]);
    const rows = [...view.container.querySelectorAll("li")];
    expect(rows.map((li) => li.querySelector(".blocked-name")?.textContent)).toEqual(["@ana", "@bo"]);
    expect(rows.map((li) => accessibleName(li.querySelector("button") as Element))).toEqual([
      "Unblock @ana",
      "Unblock @bo",
    ]);
    await expectAxeClean(view.container);
    await view.unmount();
  });

  it("says so when nobody is blocked, and offers a retry when the list could not be read", async () => {
    const none = await shown([]);
    expect(none.container.textContent).toContain(texts.none);
    await none.unmount();
    const failed = await shown([], { "GET /api/users/blocked": () => new Response("", { status: 500 }) });
    expect(failed.container.querySelector('[role="alert"]')?.textContent).toBe(texts.loadFailed);
    expect(buttonNamed(failed.container, texts.retry)).toBeDefined();
    await failed.unmount();
  });

  it("Unblock asks first; Cancel lifts nothing and gives focus back to the button", async () => {
    const view = await shown([ANA]);
    const opener = buttonNamed(view.container, "Unblock @ana") as HTMLButtonElement;
    await act(async () => opener.focus());
    await click(opener);
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.querySelector("h2")?.textContent).toBe(texts.confirmTitle("ana"));
    await click(buttonNamed(dialog() as HTMLDialogElement, "Cancel") as HTMLButtonElement);
    expect(dialog()).toBeNull();
    expect(api.calls.filter((c) => c.method === "DELETE")).toEqual([]);
    expect(document.activeElement === opener).toBe(true);
    await view.unmount();
  });

  it("confirmed, lifts the block, drops the row, toasts, and moves focus to the next member's Unblock, then to the heading", async () => {
    const view = await shown([ANA, BO], {
      "DELETE /api/users/block/5": () => json({ isBlocked: false }),
      "DELETE /api/users/block/6": () => json({ isBlocked: false }),
    });
    await click(buttonNamed(view.container, "Unblock @ana") as HTMLButtonElement);
    await click(buttonNamed(dialog() as HTMLDialogElement, "Unblock") as HTMLButtonElement);
    await wait(20);
    expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/users/block/5"]);
    expect(dialog()).toBeNull();
    expect(view.container.textContent).not.toContain("@ana");
    expect(toastTexts().join(" ")).toContain(texts.unblocked("ana"));
    const next = buttonNamed(view.container, "Unblock @bo") as HTMLButtonElement;
    expect(document.activeElement === next).toBe(true);

    await click(next);
    await click(buttonNamed(dialog() as HTMLDialogElement, "Unblock") as HTMLButtonElement);
    await wait(20);
    expect(view.container.textContent).toContain(texts.none);
    expect(document.activeElement?.textContent).toBe(texts.title);
    await view.unmount();
  });

  it("keeps the row and the dialog open when the server refuses", async () => {
    const view = await shown([ANA], {
      "DELETE /api/users/block/5": () => new Response("", { status: 500 }),
    });
    await click(buttonNamed(view.container, "Unblock @ana") as HTMLButtonElement);
    await click(buttonNamed(dialog() as HTMLDialogElement, "Unblock") as HTMLButtonElement);
    await wait(20);
    expect(toastTexts().join(" ")).toContain(texts.failed);
    expect(dialog()?.open).toBe(true);
    expect(view.container.textContent).toContain("@ana");
    await view.unmount();
  });
});
