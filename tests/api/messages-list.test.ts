import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type ConversationView, messageTexts } from "../../src/common/schemas/messages";
import { messagesPageData } from "../../src/server/features/messages/page-data";
import { unreadMessageCount } from "../../src/server/features/messages/service";
import { type Member, messageClient } from "../support/messages";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/** Direct messages: the list, unread counts, mark-read, a block, and the pages. */

let t: TestApp;
let c: ReturnType<typeof messageClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = messageClient(t);
});
afterAll(() => t.close());

const db = () => t.app.context.database.db;
const get = (path: string, m?: Member) => c.get(path, m);
const send = (method: string, path: string, m: Member | undefined, body?: unknown) =>
  c.send(method, path, m, body);
const count = (sql: string, args: (number | string)[] = []) => c.count(sql, args);
const open = (a: Member, b: Member) => c.open(a, b);
const say = (m: Member, id: number, body: string) => c.say(m, id, body);
const unread = (m: Member) => c.unread(m);

describe("the list, unread counts and mark-read", () => {
  let a: Member;
  let b: Member;
  let c: Member;
  beforeAll(async () => {
    a = await registerMember(t, "lista");
    b = await registerMember(t, "listb");
    c = await registerMember(t, "listc");
  });

  it("lists conversations with messages, newest activity first, with the last message and unread count", async () => {
    const ab = await open(a, b);
    const ac = await open(a, c);
    await open(a, await registerMember(t, "silent")); // opened, never written: not listed
    expect(await (await get("/api/conversations", a)).json()).toEqual([]);
    await say(b, ab.id, "first from b");
    await say(c, ac.id, "hello from c");
    await say(b, ab.id, "second from b");
    const list = (await (await get("/api/conversations", a)).json()) as ConversationView[];
    expect(list.map((x) => [x.otherUser.username, x.lastMessage?.body, x.unreadCount])).toEqual([
      [b.username, "second from b", 2],
      [c.username, "hello from c", 1],
    ]);
    expect(list[0]?.userA.id).toBe(Math.min(a.id, b.id));
    expect(await unread(a)).toBe(3);
    expect(await unreadMessageCount(db(), a.id)).toBe(3);
    // Own messages are never unread for their sender.
    expect(await unread(b)).toBe(0);
  });

  it("mark-read clears one conversation's count, tells the reader's tabs once, and is idempotent", async () => {
    const ab = await open(a, b);
    const res = await send("POST", `/api/conversations/${ab.id}/mark-read`, a);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.unreadCount).toBe(1);
    expect(await unread(a)).toBe(1);
    const single = (await (await get(`/api/conversations/${ab.id}`, a)).json()) as ConversationView;
    expect(single.unreadCount).toBe(0);
    const reads = () =>
      count(
        "select count(*) from domain_events where type = 'conversation.read' and subject_id = ? and actor_id = ?",
        [ab.id, a.id],
      );
    expect(await reads()).toBe(1);
    const event = await t.app.context.database.client.execute({
      sql: "select e.payload, r.user_id from domain_events e join event_recipients r on r.event_id = e.id where e.type = 'conversation.read' and e.subject_id = ?",
      args: [ab.id],
    });
    expect(event.rows.map((r) => [JSON.parse(String(r.payload)).lastReadId, Number(r.user_id)])).toEqual([
      [answer.lastReadId, a.id],
    ]);
    await send("POST", `/api/conversations/${ab.id}/mark-read`, a);
    expect(await reads()).toBe(1);
    // Replying reads what came before.
    const ac = await open(a, c);
    await say(a, ac.id, "thanks!");
    expect(await unread(a)).toBe(0);
  });

  it("a block hides the conversation from both and refuses writing; lifting it brings it back", async () => {
    const x = await registerMember(t, "blkx");
    const y = await registerMember(t, "blky");
    const xy = await open(x, y);
    await say(y, xy.id, "before the block");
    expect(await unread(x)).toBe(1);
    expect((await send("POST", "/api/users/block", x, { userId: y.id })).status).toBe(200);
    for (const m of [x, y]) {
      expect(await (await get("/api/conversations", m)).json()).toEqual([]);
      expect((await get(`/api/conversations/${xy.id}`, m)).status).toBe(404);
      expect((await get(`/api/conversations/${xy.id}/messages`, m)).status).toBe(404);
      const write = await send("POST", `/api/conversations/${xy.id}/messages`, m, { body: "still there?" });
      expect(write.status).toBe(404);
      expect((await write.json()).message).toBe(messageTexts.conversationNotFound);
    }
    expect(await unread(x)).toBe(0);
    expect((await send("DELETE", `/api/users/block/${y.id}`, x)).status).toBe(200);
    expect(
      ((await (await get("/api/conversations", x)).json()) as ConversationView[]).map((v) => v.id),
    ).toEqual([xy.id]);
    expect(await unread(x)).toBe(1);
  });
});

describe("pages", () => {
  let a: Member;
  let b: Member;
  let conversation: ConversationView;
  beforeAll(async () => {
    a = await registerMember(t, "pagea");
    b = await registerMember(t, "pageb");
    conversation = await open(a, b);
    await say(b, conversation.id, "See you <b>at</b> the mat");
  });

  it("gives a guest the sign-in screen on /messages and on a conversation", async () => {
    for (const path of ["/messages", `/messages/${conversation.id}`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-island="AuthForms"');
      expect(html).not.toContain("See you");
    }
  });

  it("renders the list with the unread total and the conversation with its messages", async () => {
    const list = await (await get("/messages", a)).text();
    expect(list).toContain('data-island="Messages"');
    expect(list).toContain(`@${b.username}`);
    expect(list).toContain(messageTexts.searchPlaceholder);
    expect(list).toContain(messageTexts.newMessage);
    expect(list).toContain("See you &lt;b&gt;at&lt;/b&gt; the mat");
    const page = await get(`/messages/${conversation.id}`, a);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-island="Conversation"');
    expect(html).toContain(`href="/users/${b.id}"`);
    expect(html).not.toContain("<b>at</b>");
  });

  it("says 'Invalid Conversation' (400) and 'Conversation Not Found' (404, for missing and others' alike)", async () => {
    const invalid = await get("/messages/abc", a);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(messageTexts.invalidConversation);
    const outsider = await registerMember(t, "pagec");
    for (const [m, id] of [
      [a, 999999],
      [outsider, conversation.id],
    ] as const) {
      const res = await get(`/messages/${id}`, m);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain(messageTexts.conversationNotFound);
      expect(html).not.toContain("See you");
    }
  });

  it("/messages?to={id} opens the conversation and goes there (the Message link without script)", async () => {
    const res = await get(`/messages?to=${b.id}`, a);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/messages/${conversation.id}`);
    const self = await get(`/messages?to=${a.id}`, a);
    expect(self.status).toBe(200);
  });
});

describe("conversations whose last messages share a millisecond", () => {
  it("are listed by the message written last, in the API and on the page", async () => {
    const at = new Date("2026-11-29T06:00:00.000Z");
    const frozen = await createTestApp({}, { now: () => at });
    try {
      const m = messageClient(frozen);
      const [a, b, c2] = await Promise.all(["tiea", "tieb", "tiec"].map((p) => registerMember(frozen, p)));
      if (!a || !b || !c2) throw new Error("members not registered");
      const ab = await m.open(a, b);
      const ac = await m.open(a, c2);
      await m.say(b, ab.id, "first from b");
      await m.say(c2, ac.id, "hello from c");
      await m.say(b, ab.id, "second from b");
      const list = (await (await m.get("/api/conversations", a)).json()) as ConversationView[];
      expect(list.map((x) => x.lastMessage?.body)).toEqual(["second from b", "hello from c"]);
      const page = await messagesPageData(frozen.app.context.database.db, { kind: "member", id: a.id });
      expect(page.conversations.map((x) => x.lastMessage?.body)).toEqual(["second from b", "hello from c"]);
    } finally {
      await frozen.close();
    }
  });
});
