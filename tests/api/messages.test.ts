import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  type ConversationView,
  MESSAGE_MAX,
  type MessageView,
  messageTexts,
} from "../../src/common/schemas/messages";
import { userMessages } from "../../src/common/schemas/users";
import { type Member, messageClient } from "../support/messages";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/** Direct messages: the guards, opening a conversation, sending, bad input and paging. */

let t: TestApp;
let c: ReturnType<typeof messageClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = messageClient(t);
});
afterAll(() => t.close());

const get = (path: string, m?: Member) => c.get(path, m);
const send = (method: string, path: string, m: Member | undefined, body?: unknown) =>
  c.send(method, path, m, body);
const count = (sql: string, args: (number | string)[] = []) => c.count(sql, args);
const open = (a: Member, b: Member) => c.open(a, b);
const say = (m: Member, id: number, body: string) => c.say(m, id, body);

describe("guards", () => {
  it.each([
    ["POST", "/api/conversations/with/1"],
    ["GET", "/api/conversations"],
    ["GET", "/api/conversations/1"],
    ["GET", "/api/conversations/1/messages"],
    ["POST", "/api/conversations/1/messages"],
    ["POST", "/api/conversations/1/mark-read"],
    ["GET", "/api/messages/unread-count"],
  ])("%s %s is 401 for a guest, before the body is read", async (method, path) => {
    const body = method === "POST" && path.endsWith("/messages") ? { body: 5 } : undefined;
    const res = await send(method, path, undefined, body);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Not authenticated");
  });
});

describe("opening a conversation", () => {
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    a = await registerMember(t, "opena");
    b = await registerMember(t, "openb");
  });

  it("creates one conversation per pair, 201 then 200, the same from either side", async () => {
    const first = await send("POST", `/api/conversations/with/${b.id}`, a);
    expect(first.status).toBe(201);
    const created = (await first.json()) as ConversationView;
    expect(created.id).toBeGreaterThan(0);
    const [lo, hi] = a.id < b.id ? [a, b] : [b, a];
    expect(created.userA).toEqual({ id: lo.id, username: lo.username, profilePhoto: null });
    expect(created.userB).toEqual({ id: hi.id, username: hi.username, profilePhoto: null });
    expect(created.otherUser.id).toBe(b.id);
    expect(created.lastMessage).toBeNull();
    expect(created.unreadCount).toBe(0);
    const again = await send("POST", `/api/conversations/with/${b.id}`, a);
    expect(again.status).toBe(200);
    expect(((await again.json()) as ConversationView).id).toBe(created.id);
    const fromB = await open(b, a);
    expect(fromB.id).toBe(created.id);
    expect(fromB.otherUser.id).toBe(a.id);
  });

  it("leaves one row when both members open it at the same moment, many times over", async () => {
    const c = await registerMember(t, "racec");
    const d = await registerMember(t, "raced");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? send("POST", `/api/conversations/with/${d.id}`, c)
          : send("POST", `/api/conversations/with/${c.id}`, d),
      ),
    );
    const ids = new Set<number>();
    for (const res of answers) {
      expect([200, 201]).toContain(res.status);
      ids.add(((await res.json()) as ConversationView).id);
    }
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      await count("select count(*) from conversations where user_a_id = ? and user_b_id = ?", [
        Math.min(c.id, d.id),
        Math.max(c.id, d.id),
      ]),
    ).toBe(1);
  });

  it("refuses yourself (400), an unknown member (404) and a malformed id (400)", async () => {
    const self = await send("POST", `/api/conversations/with/${a.id}`, a);
    expect(self.status).toBe(400);
    expect((await self.json()).message).toBe(messageTexts.messageSelf);
    const unknown = await send("POST", "/api/conversations/with/999999", a);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(userMessages.userNotFound);
    for (const id of ["abc", "-1", "0", "1.5"]) {
      expect((await send("POST", `/api/conversations/with/${id}`, a)).status).toBe(400);
    }
  });

  it("refuses a block either way as 'User Not Found', and creates nothing", async () => {
    const blocker = await registerMember(t, "blocker");
    const blocked = await registerMember(t, "blocked");
    expect((await send("POST", "/api/users/block", blocker, { userId: blocked.id })).status).toBe(200);
    for (const [from, to] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const res = await send("POST", `/api/conversations/with/${to.id}`, from);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe(userMessages.userNotFound);
    }
    expect(
      await count("select count(*) from conversations where ? in (user_a_id, user_b_id)", [blocked.id]),
    ).toBe(0);
  });
});

describe("messages", () => {
  let a: Member;
  let b: Member;
  let outsider: Member;
  let conversation: ConversationView;
  beforeAll(async () => {
    a = await registerMember(t, "msga");
    b = await registerMember(t, "msgb");
    outsider = await registerMember(t, "msgc");
    conversation = await open(a, b);
  });

  it("sends a trimmed message, with a message.sent event to both members in the same commit", async () => {
    const sent = await say(a, conversation.id, "  Open mat tonight?  \n");
    expect(sent).toMatchObject({ senderId: a.id, body: "Open mat tonight?" });
    expect(Date.parse(sent.createdAt)).not.toBeNaN();
    const events = await t.app.context.database.client.execute({
      sql: "select id, type, actor_id, subject_id, payload from domain_events where type = 'message.sent' and subject_id = ?",
      args: [conversation.id],
    });
    expect(events.rows).toHaveLength(1);
    const event = events.rows[0] as unknown as { id: number; actor_id: number; payload: string };
    expect(Number(event.actor_id)).toBe(a.id);
    // Ids only: live delivery loads the message for each reader (issue 19).
    expect(JSON.parse(event.payload)).toEqual({ messageId: sent.id });
    expect(
      await count("select count(*) from event_recipients where event_id = ? and user_id in (?, ?)", [
        Number(event.id),
        a.id,
        b.id,
      ]),
    ).toBe(2);
  });

  it.each([
    ["an empty body", { body: "" }, messageTexts.emptyMessage],
    ["a whitespace-only body", { body: " \n\t " }, messageTexts.emptyMessage],
    ["no body", {}, messageTexts.emptyMessage],
    ["a number", { body: 5 }, messageTexts.messageNotText],
    ["a list", { body: ["hi"] }, messageTexts.messageNotText],
    ["null", { body: null }, messageTexts.messageNotText],
    ["2001 characters", { body: "x".repeat(MESSAGE_MAX + 1) }, messageTexts.messageTooLong],
  ])("refuses %s with a 400 and the spec's message, and stores nothing", async (_name, body, message) => {
    const before = await count("select count(*) from messages");
    const res = await send("POST", `/api/conversations/${conversation.id}/messages`, a, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await count("select count(*) from messages")).toBe(before);
  });

  it("takes exactly 2000 characters, counted after trimming", async () => {
    const sent = await say(a, conversation.id, `   ${"y".repeat(MESSAGE_MAX)}   `);
    expect(sent.body).toHaveLength(MESSAGE_MAX);
  });

  it.each(["abc", "-1", "0", "1.5", "1e3", "9999999999999"])(
    "a conversation id of %p is 400 'Invalid Conversation' on every route",
    async (id) => {
      for (const [method, path, body] of [
        ["GET", `/api/conversations/${id}`],
        ["GET", `/api/conversations/${id}/messages`],
        ["POST", `/api/conversations/${id}/messages`, { body: "hi" }],
        ["POST", `/api/conversations/${id}/mark-read`],
      ] as const) {
        const res = await send(method, path, a, body);
        expect([method, path, res.status]).toEqual([method, path, 400]);
        expect((await res.json()).message).toBe(messageTexts.invalidConversation);
      }
    },
  );

  it("answers another pair's conversation and a missing one alike: 404, and writes nothing", async () => {
    const before = await count("select count(*) from messages");
    for (const id of [conversation.id, 999999]) {
      for (const [method, path, body] of [
        ["GET", `/api/conversations/${id}`],
        ["GET", `/api/conversations/${id}/messages`],
        ["POST", `/api/conversations/${id}/messages`, { body: "let me in" }],
        ["POST", `/api/conversations/${id}/mark-read`],
      ] as const) {
        const res = await send(method, path, outsider, body);
        expect([method, path, res.status]).toEqual([method, path, 404]);
        expect((await res.json()).message).toBe(messageTexts.conversationNotFound);
      }
    }
    expect(await count("select count(*) from messages")).toBe(before);
    expect((await (await get("/api/conversations", outsider)).json()) as unknown[]).toEqual([]);
  });

  it("pages messages by id, newest page first, each page oldest first", async () => {
    const c = await open(outsider, b);
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await say(i % 2 ? outsider : b, c.id, `m${i}`)).id);
    const page = async (query: string) =>
      ((await (await get(`/api/conversations/${c.id}/messages${query}`, b)).json()) as MessageView[]).map(
        (m) => m.body,
      );
    expect(await page("")).toEqual(["m1", "m2", "m3", "m4", "m5", "m6", "m7"]);
    expect(await page("?limit=3")).toEqual(["m5", "m6", "m7"]);
    expect(await page(`?limit=3&beforeId=${ids[4]}`)).toEqual(["m2", "m3", "m4"]);
    expect(await page(`?limit=3&beforeId=${ids[1]}`)).toEqual(["m1"]);
    for (const bad of ["?limit=0", "?limit=101", "?limit=x", "?beforeId=-2", "?beforeId=abc"]) {
      expect((await get(`/api/conversations/${c.id}/messages${bad}`, b)).status).toBe(400);
    }
  });
});
