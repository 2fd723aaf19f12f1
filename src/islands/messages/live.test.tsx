import { afterAll, beforeAll, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import type { LiveEvent } from "../../common/live";
import type { ConversationView, MessageView } from "../../common/schemas/messages";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { subscribeLive } from "../lib/live";
import { ConversationView as Conversation } from "./ConversationView";

withDom();

/** Just enough of the browser's EventSource for the page's one stream; the test drives it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, id: number) {
    this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/**
 * The page's stream is one per module, and test files share modules: it closes a second
 * after its last subscriber leaves, on the DOM's timers, which end with each file. So a
 * stream another file left open is closed first (one subscriber in and out, then the wait),
 * and ours is waited out after unmounting.
 */
const STREAM_CLOSE_WAIT_MS = 1_100;
const settleStream = () => new Promise((done) => setTimeout(done, STREAM_CLOSE_WAIT_MS));

let calls: string[] = [];
let saved: typeof EventSource | undefined;
beforeAll(async () => {
  saved = globalThis.EventSource;
  globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  subscribeLive("resync", () => {})();
  await settleStream();
  FakeEventSource.opened = [];
});
afterAll(() => {
  globalThis.EventSource = saved as typeof EventSource;
});
beforeEach(() => {
  calls = [];
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push(`${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`);
    return Response.json({ lastReadId: 12, unreadCount: 0 });
  }) as unknown as typeof fetch;
});

const me = { id: 7, username: "marcelo", profilePhoto: null };
const them = { id: 9, username: "roger", profilePhoto: null };
const conversation: ConversationView = {
  id: 3,
  userA: me,
  userB: them,
  otherUser: them,
  lastMessage: null,
  unreadCount: 0,
  otherLastReadId: 0,
};
const mine: MessageView = {
  id: 10,
  senderId: 7,
  body: "Open mat tonight?",
  createdAt: new Date().toISOString(),
};
const sent = (subjectId: number, message: MessageView): LiveEvent => ({
  id: message.id + 100,
  type: "message.sent",
  actorId: message.senderId,
  subjectId,
  payload: { message },
  createdAt: message.createdAt,
});

describe("an open conversation on the live stream", () => {
  it("shows a message the moment its event arrives, once, and marks it read; other conversations' are ignored", async () => {
    const { container, unmount } = await render(
      <Conversation
        viewerId={7}
        conversation={conversation}
        messages={[mine]}
        now={new Date().toISOString()}
      />,
    );
    const stream = FakeEventSource.opened.at(-1) as FakeEventSource;
    expect(stream.url).toBe("/api/events/stream");
    const reply: MessageView = { id: 12, senderId: 9, body: "Yes, 7pm", createdAt: new Date().toISOString() };
    await act(async () => {
      stream.emit("ready", {}, 0);
      stream.emit("message.sent", sent(4, { ...reply, id: 11, body: "elsewhere" }), 111);
      stream.emit("message.sent", sent(3, reply), 112);
      stream.emit("message.sent", sent(3, reply), 112);
    });
    await wait(20);
    const bodies = [...container.querySelectorAll(".message-body")].map((m) => m.textContent);
    expect(bodies).toEqual(["Open mat tonight?", "Yes, 7pm"]);
    expect(container.querySelector(".message-other")?.textContent).toContain("Yes, 7pm");
    // Live and up: nothing polls; the new message from the other member is marked read.
    expect(calls).toEqual(["POST /api/conversations/3/mark-read"]);
    await unmount();
    await settleStream();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
