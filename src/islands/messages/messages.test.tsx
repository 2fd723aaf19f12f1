import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import { RATE_LIMIT_FALLBACK } from "../../common/rate-limit-body";
import {
  type ConversationView,
  MESSAGE_MAX,
  type MessageView,
  messageTexts,
} from "../../common/schemas/messages";
import { withDom } from "../home/test-dom";
import { press, render, wait } from "../home/test-render";
import { Composer } from "./Composer";
import { ConversationView as Conversation } from "./ConversationView";
import { MessagesView } from "./MessagesView";
import { StartConversationLink } from "./StartConversationLink";
import { conversationWithThem, me, them, withoutEventSource } from "./test-fixtures";

withDom();

withoutEventSource();

let calls: string[] = [];
let answers: Record<string, (body: unknown) => Response> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push(body === undefined ? key : `${key} ${JSON.stringify(body)}`);
    return (answers[key] ?? (() => new Response("", { status: 404 })))(body);
  }) as unknown as typeof fetch;
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts")) el.remove();
});

const toasts = () => [...document.querySelectorAll(".toast")].map((t) => t.textContent?.replace("×", ""));

/** Types into a textarea as a user does (React tracks the native value setter). */
async function typeText(area: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
async function pressKey(target: Element, key: string, shiftKey = false) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true }));
  });
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe("the message box", () => {
  it("counts characters against 2000 and keeps to them", async () => {
    const { container, unmount } = await render(<Composer conversationId={3} />);
    const area = container.querySelector("textarea") as HTMLTextAreaElement;
    expect(container.textContent).toContain(`0/${MESSAGE_MAX}`);
    await typeText(area, "Oss!");
    expect(container.textContent).toContain(`4/${MESSAGE_MAX}`);
    expect(area.maxLength).toBe(MESSAGE_MAX);
    expect(area.getAttribute("aria-describedby")).toContain(
      container.querySelector(".composer-counter")?.id ?? "-",
    );
    expect(container.querySelector(`label[for="${area.id}"]`)?.textContent).toBe("Message");
    await unmount();
  });

  it("sends the trimmed text on Enter and clears the box; Shift+Enter sends nothing", async () => {
    answers["POST /api/conversations/3/messages"] = (body) =>
      Response.json(
        { id: 50, senderId: 7, body: (body as { body: string }).body, createdAt: minutesAgo(0) },
        { status: 201 },
      );
    const { container, unmount } = await render(<Composer conversationId={3} />);
    const area = container.querySelector("textarea") as HTMLTextAreaElement;
    await typeText(area, "  line one\nline two  ");
    await pressKey(area, "Enter", true);
    expect(calls).toEqual([]);
    await pressKey(area, "Enter");
    await wait(30);
    expect(calls).toEqual(['POST /api/conversations/3/messages {"body":"line one\\nline two"}']);
    expect(area.value).toBe("");
    await unmount();
  });

  it("says the spec's text for a blank message and sends nothing", async () => {
    const { container, unmount } = await render(<Composer conversationId={3} />);
    const area = container.querySelector("textarea") as HTMLTextAreaElement;
    await typeText(area, "   \n ");
    await press(area, "Enter");
    expect(calls).toEqual([]);
    expect(container.querySelector("[role=alert]")?.textContent).toBe(messageTexts.emptyMessage);
    expect(area.getAttribute("aria-invalid")).toBe("true");
    await unmount();
  });

  it("keeps the text and toasts 'Failed to send message' when sending fails", async () => {
    answers["POST /api/conversations/3/messages"] = () => new Response("", { status: 500 });
    const { container, unmount } = await render(<Composer conversationId={3} />);
    const area = container.querySelector("textarea") as HTMLTextAreaElement;
    await typeText(area, "hello");
    await act(async () => (container.querySelector("button[type=submit]") as HTMLButtonElement).click());
    await wait(30);
    expect(toasts()).toEqual([`Error${messageTexts.sendFailed}`]);
    expect(area.value).toBe("hello");
    await unmount();
  });

  it("past the member's limit, keeps the text and toasts the spec's rate-limit message", async () => {
    answers["POST /api/conversations/3/messages"] = () =>
      Response.json(
        { message: RATE_LIMIT_FALLBACK.message, retryAfter: 1200, limit: 300, remaining: 0 },
        { status: 429 },
      );
    const { container, unmount } = await render(<Composer conversationId={3} />);
    const area = container.querySelector("textarea") as HTMLTextAreaElement;
    await typeText(area, "hello");
    await act(async () => (container.querySelector("button[type=submit]") as HTMLButtonElement).click());
    await wait(30);
    expect(toasts()).toEqual([`Error${RATE_LIMIT_FALLBACK.message}`]);
    expect(area.value).toBe("hello");
    await unmount();
  });
});

describe("a conversation", () => {
  const conversation = conversationWithThem({ unreadCount: 1 });
  const messages: MessageView[] = [
    { id: 10, senderId: 7, body: "Open mat tonight?", createdAt: minutesAgo(30) },
    { id: 11, senderId: 9, body: "Yes, 7pm", createdAt: minutesAgo(5) },
  ];

  it("puts own messages right and theirs left, links the profile, and marks the conversation read", async () => {
    answers["POST /api/conversations/3/mark-read"] = () => Response.json({ lastReadId: 11, unreadCount: 0 });
    const { container, unmount } = await render(
      <Conversation
        viewerId={7}
        conversation={conversation}
        messages={messages}
        now={new Date().toISOString()}
      />,
    );
    await wait(20);
    const items = [...container.querySelectorAll(".message")];
    expect(items.map((m) => [m.className, m.querySelector(".message-body")?.textContent])).toEqual([
      ["message message-own", "Open mat tonight?"],
      ["message message-other", "Yes, 7pm"],
    ]);
    expect(container.querySelector("h1")?.textContent).toBe("@roger");
    expect(container.querySelector('a[href="/users/9"]')?.textContent).toBe("View Profile of @roger");
    expect(calls).toEqual(["POST /api/conversations/3/mark-read"]);
    expect(container.querySelector("[role=log]")?.getAttribute("aria-label")).toBe("Messages with @roger");
    await unmount();
  });

  it("does not mark read when nothing there is from the other member", async () => {
    const { unmount } = await render(
      <Conversation
        viewerId={7}
        conversation={conversation}
        messages={messages.slice(0, 1)}
        now={new Date().toISOString()}
      />,
    );
    await wait(20);
    expect(calls).toEqual([]);
    await unmount();
  });
});

describe("the conversation list", () => {
  const row = (
    id: number,
    other: typeof them,
    body: string,
    at: string,
    unreadCount: number,
  ): ConversationView => ({
    id,
    userA: me,
    userB: other,
    otherUser: other,
    lastMessage: { body, createdAt: at },
    unreadCount,
    otherLastReadId: 0,
  });
  const list = [
    row(1, them, "See you there", minutesAgo(0.2), 2),
    row(2, { id: 11, username: "helio", profilePhoto: null }, "Oss", minutesAgo(60 * 3), 0),
    row(3, { id: 12, username: "rickson", profilePhoto: null }, "Thanks", minutesAgo(60 * 24 * 2), 0),
  ];

  it("shows the unread total, relative times, last messages and per-row counts", async () => {
    const { container, unmount } = await render(
      <MessagesView viewerId={7} conversations={list} unreadTotal={2} now={new Date().toISOString()} />,
    );
    expect(container.querySelector("h1")?.textContent).toBe("Messages2 unread");
    const rows = [...container.querySelectorAll(".conversation-row")];
    expect(rows.map((r) => r.querySelector("time")?.textContent)).toEqual(["Just now", "3h", "2d"]);
    expect(rows.map((r) => r.getAttribute("href"))).toEqual(["/messages/1", "/messages/2", "/messages/3"]);
    expect(rows[0]?.textContent).toContain("@roger");
    expect(rows[0]?.textContent).toContain("See you there");
    expect(rows[0]?.querySelector(".count-pill")?.textContent).toBe("2 unread");
    expect(container.querySelector('a[href="/users"]')?.textContent).toBe(messageTexts.newMessage);
    await unmount();
  });

  it("filters by the other member's username", async () => {
    const { container, unmount } = await render(
      <MessagesView viewerId={7} conversations={list} unreadTotal={2} now={new Date().toISOString()} />,
    );
    const search = container.querySelector("input[type=search]") as HTMLInputElement;
    expect(search.placeholder).toBe(messageTexts.searchPlaceholder);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    await act(async () => {
      setter?.call(search, "HEL");
      search.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect([...container.querySelectorAll(".conversation-row-name")].map((n) => n.textContent)).toEqual([
      "@helio",
    ]);
    await unmount();
  });

  it("says 'No conversations yet', 'Failed to load conversations', and 'Go to Login' when signed out", async () => {
    const empty = await render(
      <MessagesView viewerId={7} conversations={[]} unreadTotal={0} now={new Date().toISOString()} />,
    );
    expect(empty.container.textContent).toContain(messageTexts.noConversations);
    await empty.unmount();
    answers["GET /api/conversations"] = () => new Response("", { status: 500 });
    const failed = await render(
      <MessagesView viewerId={7} conversations={null} unreadTotal={0} now={new Date().toISOString()} />,
    );
    await wait(30);
    expect(failed.container.querySelector("[role=alert]")?.textContent).toBe(messageTexts.loadFailed);
    await failed.unmount();
    answers["GET /api/conversations"] = () =>
      Response.json({ message: "Not authenticated" }, { status: 401 });
    const out = await render(
      <MessagesView viewerId={7} conversations={null} unreadTotal={0} now={new Date().toISOString()} />,
    );
    await wait(30);
    const login = out.container.querySelector("a.button");
    expect(login?.textContent).toBe(messageTexts.goToLogin);
    expect(login?.getAttribute("href")).toBe("/login?next=%2Fmessages");
    await out.unmount();
  });
});

describe("Message on a profile or in search", () => {
  it("is a link that works without script, and hydrated opens the conversation through the API", async () => {
    let went = "";
    const assign = mock((url: string) => {
      went = url;
    });
    Object.defineProperty(window.location, "assign", { value: assign, configurable: true });
    answers["POST /api/conversations/with/9"] = () => Response.json({ id: 44 }, { status: 201 });
    const { container, unmount } = await render(<StartConversationLink userId={9} username="roger" />);
    const link = container.querySelector("a") as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe("/messages?to=9");
    expect(link.textContent).toBe("Message @roger");
    await act(async () => link.click());
    await wait(20);
    expect(calls).toEqual(["POST /api/conversations/with/9"]);
    expect(went).toBe("/messages/44");
    await unmount();
  });

  it.each([
    ["an answer without an id", () => Response.json({}), messageTexts.createFailedNoId],
    ["a failed request", () => new Response("", { status: 500 }), messageTexts.startFailed],
  ])("toasts the spec's text for %s", async (_name, answer, text) => {
    answers["POST /api/conversations/with/9"] = answer;
    const { container, unmount } = await render(<StartConversationLink userId={9} username="roger" />);
    await act(async () => (container.querySelector("a") as HTMLAnchorElement).click());
    await wait(20);
    expect(toasts()).toEqual([`Error${text}`]);
    await unmount();
  });
});
