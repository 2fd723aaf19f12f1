import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import { type Friend, userMessages } from "../../common/schemas/users";
import { withDom } from "../home/test-dom";
import { click, press, render, wait } from "../home/test-render";
import { FollowControls } from "./FollowControls";
import { SeeFriendsButton } from "./FriendsDialog";

withDom();

let calls: string[] = [];
let answers: Record<string, () => Response> = {};
const friends: Friend[] = [
  {
    id: 1,
    followedAt: "2026-01-01T00:00:00.000Z",
    following: { id: 42, username: "rickson", profilePhoto: "/photos/r-512.webp" },
  },
];

beforeEach(() => {
  calls = [];
  answers = {
    "POST /api/users/follow": () => Response.json({ isFollowing: true }),
    "DELETE /api/users/unfollow/42": () => Response.json({ isFollowing: false }),
    "GET /api/users/friends": () => Response.json(friends),
  };
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    calls.push(typeof init.body === "string" ? `${key} ${init.body}` : key);
    return (answers[key] ?? (() => new Response("", { status: 404 })))();
  }) as unknown as typeof fetch;
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

/** Clicks and lets the request it starts finish inside one act(). */
const clickAndSettle = (el: Element) =>
  act(async () => {
    (el as HTMLElement).click();
    await new Promise((done) => setTimeout(done, 20));
  });

/** Lets time pass until `ready()` holds (at most a second), for answers that arrive later. */
async function until(ready: () => boolean) {
  for (let waited = 0; waited < 1000 && !ready(); waited += 10) await wait(10);
}

const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll("button")].find((b) => b.textContent?.startsWith(name)) as HTMLButtonElement;
const toasts = () => [...document.querySelectorAll(".toast")].map((t) => t.textContent?.replace("×", ""));

describe("Follow, Message and Block", () => {
  it("follows: the button flips to Unfollow and 'Following' shows once the server agrees", async () => {
    const { container, unmount } = await render(
      <FollowControls userId={42} username="rickson" isFollowing={false} />,
    );
    expect(container.textContent).not.toContain("Following");
    expect(container.querySelector('a[href="/messages?to=42"]')?.textContent).toBe("Message @rickson");
    await clickAndSettle(button(container, "Follow"));
    expect(calls).toEqual(['POST /api/users/follow {"followingId":42}']);
    expect(container.textContent).toContain("Following");
    expect(button(container, "Unfollow")).toBeDefined();
    await clickAndSettle(button(container, "Unfollow"));
    expect(calls[1]).toBe("DELETE /api/users/unfollow/42");
    expect(container.textContent).not.toContain("Following");
    await unmount();
  });

  it("says the spec's texts when following or unfollowing fails, and keeps the state", async () => {
    answers["POST /api/users/follow"] = () => new Response("", { status: 500 });
    answers["DELETE /api/users/unfollow/42"] = () => new Response("", { status: 500 });
    const first = await render(<FollowControls userId={42} username="rickson" isFollowing={false} />);
    await clickAndSettle(button(first.container, "Follow"));
    expect(toasts()).toEqual([`Error${userMessages.followFailed}`]);
    expect(first.container.textContent).not.toContain("Following");
    await first.unmount();
    const second = await render(<FollowControls userId={42} username="rickson" isFollowing={true} />);
    await clickAndSettle(button(second.container, "Unfollow"));
    expect(toasts()).toEqual([`Error${userMessages.unfollowFailed}`]);
    expect(second.container.textContent).toContain("Following");
    await second.unmount();
  });

  it("keeps Block in a small menu that Escape closes, returning focus to its button", async () => {
    const { container, unmount } = await render(
      <FollowControls userId={42} username="rickson" isFollowing={false} />,
    );
    const toggle = container.querySelector("[aria-expanded]") as HTMLButtonElement;
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(toggle.textContent).toContain("More actions for @rickson");
    expect(menu.hidden).toBe(true);
    await click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(menu.hidden).toBe(false);
    const block = button(menu, "Block @rickson");
    block.focus();
    await press(block, "Escape");
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    await unmount();
  });

  it("asks before blocking; Cancel sends nothing", async () => {
    const { container, unmount } = await render(
      <FollowControls userId={42} username="rickson" isFollowing={false} />,
    );
    await click(container.querySelector("[aria-expanded]") as Element);
    await click(button(container, "Block @rickson"));
    const dialog = container.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain("Block @rickson?");
    await click(button(dialog, "Cancel"));
    expect(container.querySelector("dialog")).toBeNull();
    expect(calls).toEqual([]);
    await unmount();
  });
});

describe("See Friends", () => {
  it("loads the friends when opened and links each to their profile; focus returns on close", async () => {
    const { container, unmount } = await render(<SeeFriendsButton />);
    expect(calls).toEqual([]);
    const opener = button(container, "See Friends");
    opener.focus();
    await clickAndSettle(opener);
    const dialog = container.querySelector("dialog") as HTMLDialogElement;
    await until(() => dialog.querySelector("a") !== null);
    expect(calls).toEqual(["GET /api/users/friends"]);
    expect(dialog.open).toBe(true);
    const link = dialog.querySelector('a[href="/users/42"]');
    expect(link?.textContent).toBe("@rickson");
    expect(dialog.querySelector("img")?.getAttribute("src")).toBe("/photos/r-96.webp");
    await click(button(dialog, "×"));
    expect(container.querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    await unmount();
  });

  it("says so when the member follows nobody", async () => {
    answers["GET /api/users/friends"] = () => Response.json([]);
    const { container, unmount } = await render(<SeeFriendsButton />);
    await clickAndSettle(button(container, "See Friends"));
    await until(() => !container.querySelector("dialog")?.textContent?.includes("Loading"));
    expect(container.querySelector("dialog")?.textContent).toContain("You are not following anyone yet.");
    await unmount();
  });
});
