import { beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import type { NotificationView } from "../../common/schemas/notifications";
import { withDom } from "../home/test-dom";
import { click, press, render, wait } from "../home/test-render";
import { latestStream, withFakeEventSource } from "../lib/test-event-source";
import { NavBadgesView } from "../NavBadges";

withDom();

/** Emits, then lets the query cache tell the components (it notifies on a timer). */
const emit = async (type: string, data: unknown) => {
  await act(async () => latestStream().emit(type, data));
  await wait(20);
};

withFakeEventSource();

const item = (id: number, o: Partial<NotificationView> = {}): NotificationView => ({
  id,
  type: "follow",
  title: "New follower",
  body: `@member${id} started following you.`,
  link: `/users/${id}`,
  isRead: false,
  createdAt: "2026-07-11T15:00:00.000Z",
  updatedAt: "2026-07-11T15:00:00.000Z",
  ...o,
});

let calls: string[] = [];
let answers: Record<string, () => Response> = {};
beforeEach(() => {
  calls = [];
  answers = {
    "GET /api/notifications": () => Response.json([]),
    "GET /api/notifications/unread-count": () => Response.json({ count: 0 }),
    "GET /api/messages/unread-count": () => Response.json({ unreadCount: 0 }),
  };
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    calls.push(key);
    return (answers[key] ?? (() => new Response("", { status: 404 })))();
  }) as unknown as typeof fetch;
});

const bell = (root: ParentNode) =>
  root.querySelector<HTMLButtonElement>("button[aria-haspopup]") as HTMLButtonElement;
const panel = () => document.querySelector<HTMLElement>('[role="dialog"]');
const buttonNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement;

async function openDropdown(view: { container: HTMLElement }) {
  await click(bell(view.container));
  await wait(30);
  return panel() as HTMLElement;
}

describe("header badges", () => {
  it("show '99+' above 99, the number up to 99, and nothing at 0", async () => {
    const view = await render(<NavBadgesView notifications={150} messages={99} navigate={() => {}} />);
    expect(bell(view.container).getAttribute("aria-label")).toBe("Notifications, 150 unread");
    expect(bell(view.container).querySelector(".badge")?.textContent).toBe("99+");
    const messages = view.container.querySelector('a[href="/messages"]') as HTMLElement;
    expect(messages.getAttribute("aria-label")).toBe("Messages, 99 unread");
    expect(messages.querySelector(".badge")?.textContent).toBe("99");
    await emit("counts", { notifications: 0, messages: 100 });
    expect(bell(view.container).querySelector(".badge")).toBeNull();
    expect(messages.querySelector(".badge")?.textContent).toBe("99+");
    await view.unmount();
  });

  it("follow the live stream: counts, and a new item joins an open list", async () => {
    const view = await render(<NavBadgesView notifications={0} messages={0} navigate={() => {}} />);
    await emit("counts", { notifications: 2, messages: 3 });
    expect(bell(view.container).getAttribute("aria-label")).toBe("Notifications, 2 unread");
    answers["GET /api/notifications"] = () => Response.json([item(1)]);
    const dropdown = await openDropdown(view);
    expect(dropdown.querySelectorAll("li")).toHaveLength(1);
    await emit("notification.created", {
      id: 9,
      type: "notification.created",
      payload: { notification: item(2) },
    });
    expect([...dropdown.querySelectorAll("li strong")].map((s) => s.textContent)).toEqual([
      "New follower",
      "New follower",
    ]);
    expect(dropdown.querySelector("li a")?.getAttribute("href")).toBe("/users/2");
    await view.unmount();
  });
});

describe("notification dropdown", () => {
  it("says 'No notifications yet.' when empty, with a Close button", async () => {
    const view = await render(<NavBadgesView notifications={0} messages={0} navigate={() => {}} />);
    const dropdown = await openDropdown(view);
    expect(calls).toContain("GET /api/notifications");
    expect(dropdown.textContent).toContain("No notifications yet.");
    expect(dropdown.querySelector("h2")?.textContent).toBe("Notifications");
    expect(bell(view.container).getAttribute("aria-expanded")).toBe("true");
    await click(buttonNamed(dropdown, "Close"));
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(bell(view.container));
    await view.unmount();
  });

  it("shows title, body, date and an unread dot on unread items only", async () => {
    answers["GET /api/notifications"] = () => Response.json([item(1), item(2, { isRead: true, link: null })]);
    const view = await render(<NavBadgesView notifications={1} messages={0} navigate={() => {}} />);
    const dropdown = await openDropdown(view);
    const [first, second] = [...dropdown.querySelectorAll("li")];
    expect(first?.querySelector("strong")?.textContent).toBe("New follower");
    expect(first?.textContent).toContain("@member1 started following you.");
    expect(first?.querySelector("time")?.getAttribute("dateTime")).toBe("2026-07-11T15:00:00.000Z");
    expect(first?.querySelector("time")?.textContent).toMatch(/Jul 11, 2026/);
    expect(first?.querySelector(".notification-dot:not(.read)")).not.toBeNull();
    expect(first?.textContent).toContain("Unread:");
    expect(second?.querySelector(".notification-dot:not(.read)")).toBeNull();
    expect(second?.textContent).not.toContain("Unread:");
    // No link: a button that only marks it read.
    expect(second?.querySelector("button")).not.toBeNull();
    await view.unmount();
  });

  it("clicking an item marks it read, closes the dropdown and goes to its link", async () => {
    answers["GET /api/notifications"] = () => Response.json([item(7)]);
    answers["POST /api/notifications/7/read"] = () => Response.json({ id: 7, isRead: true });
    answers["GET /api/notifications/unread-count"] = () => Response.json({ count: 0 });
    const went: string[] = [];
    const view = await render(
      <NavBadgesView notifications={1} messages={0} navigate={(h) => went.push(h)} />,
    );
    const dropdown = await openDropdown(view);
    await click(dropdown.querySelector("li a") as HTMLElement);
    await wait(30);
    expect(calls).toContain("POST /api/notifications/7/read");
    expect(went).toEqual(["/users/7"]);
    expect(panel()).toBeNull();
    expect(bell(view.container).getAttribute("aria-label")).toBe("Notifications, 0 unread");
    await view.unmount();
  });

  it("Escape closes it and hands focus back to the bell; Mark all read clears every dot", async () => {
    answers["GET /api/notifications"] = () => Response.json([item(1), item(2)]);
    answers["POST /api/notifications/read-all"] = () => Response.json({ updated: 2 });
    const view = await render(<NavBadgesView notifications={2} messages={0} navigate={() => {}} />);
    let dropdown = await openDropdown(view);
    expect(document.activeElement).toBe(dropdown);
    await press(dropdown, "Escape");
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(bell(view.container));
    expect(bell(view.container).getAttribute("aria-expanded")).toBe("false");

    dropdown = await openDropdown(view);
    await click(buttonNamed(dropdown, "Mark all read"));
    await wait(30);
    expect(calls).toContain("POST /api/notifications/read-all");
    expect(dropdown.querySelectorAll(".notification-dot:not(.read)")).toHaveLength(0);
    expect(bell(view.container).getAttribute("aria-label")).toBe("Notifications, 0 unread");
    expect(buttonNamed(dropdown, "Mark all read").disabled).toBe(true);
    await view.unmount();
  });
});
