import { beforeAll, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import type { LiveEvent } from "../../common/live";
import type { MessageView } from "../../common/schemas/messages";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { subscribeLive } from "../lib/live";
import { FakeEventSource, latestStream, withFakeEventSource } from "../lib/test-event-source";
import { ConversationView as Conversation } from "./ConversationView";
import { conversationWithThem } from "./test-fixtures";

withDom();

/**
 * The page's stream is one per module, and test files share modules: it closes a second
 * after its last subscriber leaves, on the DOM's timers, which end with each file. So a
 * stream another file left open is closed first (one subscriber in and out, then the wait),
 * and ours is waited out after unmounting.
 */
const STREAM_CLOSE_WAIT_MS = 1_100;
const settleStream = () => new Promise((done) => setTimeout(done, STREAM_CLOSE_WAIT_MS));

let calls: string[] = [];
withFakeEventSource();
beforeAll(async () => {
  subscribeLive("resync", () => {})();
  await settleStream();
  FakeEventSource.opened = [];
});
beforeEach(() => {
  calls = [];
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push(`${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`);
    return Response.json({ lastReadId: 12, unreadCount: 0 });
  }) as unknown as typeof fetch;
});

const conversation = conversationWithThem();
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
    const stream = latestStream();
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
