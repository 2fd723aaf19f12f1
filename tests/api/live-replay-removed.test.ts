import { afterAll, afterEach, beforeAll, describe, expect, it } from "bun:test";
import type { LiveEvent } from "../../src/common/live";
import type { MessageView } from "../../src/common/schemas/messages";
import { appendEvent } from "../../src/server/events/store";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { createLiveHub, type LiveHub } from "../../src/server/live/hub";
import { eventResolver } from "../../src/server/live/resolve";
import { silentLogger } from "../../src/server/log";
import { isDomainEvent, openStream } from "../support/live";
import { type Member, messageClient } from "../support/messages";
import { postClient } from "../support/posts";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember, sessionCookieFrom } from "../support/session";
import { readSse } from "../support/sse";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 19 part 2: nothing comes back after it was removed. Events hold ids; a reconnect's
 * replay (and the live tail) loads what they name for the reader through the policy, so a
 * message an admin removed, one whose sender deleted their account, anything across a
 * block, and a bell item about a member now blocked, never reach the stream, whatever the
 * stored event holds.
 */
const ADMIN_EMAIL = "replay-moderator@example.com";
let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  const account = { username: "replaymod", email: ADMIN_EMAIL, password: "moderator password" };
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", account);
  const { user } = (await res.json()) as { user: { id: number } };
  admin = { ...account, id: user.id, cookie: sessionCookieFrom(res) ?? "" };
  await confirmEmail(t, ADMIN_EMAIL, admin.cookie);
});
afterAll(() => t.close());
const db = () => t.app.context.database.db;
const open = (a: Member, b: Member) => messageClient(t).open(a, b);
const say = (m: Member, conversationId: number, body: string) =>
  messageClient(t).say(m, conversationId, body);

/** Where the member's stream stands now (its `ready` id), as a tab that then goes away. */
async function position(m: Member): Promise<string> {
  const { sse } = await openStream(t, m.cookie);
  const ready = await sse.event("ready");
  await sse.close();
  return ready.id as string;
}

/** What a tab reconnecting from `from` receives: its domain events, and the raw text of it all. */
async function replay(m: Member, from: string) {
  const { sse } = await openStream(t, m.cookie, { lastEventId: from });
  await sse.event("ready");
  await Bun.sleep(400); // a few ticks of the tail too
  const messages = sse.unread();
  await sse.close();
  return {
    events: messages.filter(isDomainEvent).map((m) => JSON.parse(m.data) as LiveEvent),
    text: messages.map((m) => m.data).join("\n"),
  };
}

const sentIds = (events: LiveEvent[]) =>
  events
    .filter((e) => e.type === "message.sent")
    .map((e) => (e.payload as { message: MessageView }).message.id);

async function removeByReport(reporter: Member, messageId: number) {
  const filed = await t.json(
    "POST",
    "/api/reports",
    { kind: "message", id: messageId, reason: "harassment" },
    { cookie: reporter.cookie },
  );
  expect(filed.status).toBe(201);
  const { id } = (await filed.json()) as { id: number };
  const removed = await t.json("POST", `/api/admin/reports/${id}/remove`, {}, { cookie: admin.cookie });
  expect(removed.status).toBe(200);
}

describe("a reconnect's replay", () => {
  it("gives a message still there, with its body as stored now, but not one an admin removed", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const conversation = await open(a, b);
    const from = await position(b);
    const kept = await say(a, conversation.id, "See you at six");
    const removed = await say(a, conversation.id, "a removed insult 5521");
    await removeByReport(b, removed.id);
    for (const reader of [b, a]) {
      const { events, text } = await replay(reader, from);
      expect(sentIds(events)).toEqual([kept.id]);
      expect(events.find((e) => e.type === "message.sent")?.payload).toEqual({ message: kept });
      expect(text).not.toContain("5521");
    }
  });

  it("gives nothing a member whose account is now deleted sent", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const conversation = await open(a, b);
    const from = await position(b);
    await say(a, conversation.id, "from an account about to go 7730");
    const before = await replay(b, from);
    expect(before.text).toContain("7730");
    const deleted = await t.json(
      "DELETE",
      "/api/account/delete",
      { currentPassword: a.password },
      { cookie: a.cookie },
    );
    expect(deleted.status).toBe(200);
    const { events, text } = await replay(b, from);
    expect(sentIds(events)).toEqual([]);
    expect(text).not.toContain("7730");
  });

  it("gives nothing across a block, to either member, and the messages again once it is lifted", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const conversation = await open(a, b);
    const [fromA, fromB] = [await position(a), await position(b)];
    const said = await say(a, conversation.id, "before the block 6612");
    const blocked = await t.json("POST", "/api/users/block", { userId: a.id }, { cookie: b.cookie });
    expect(blocked.status).toBe(200);
    for (const [reader, from] of [
      [b, fromB],
      [a, fromA],
    ] as const) {
      const { events, text } = await replay(reader, from);
      expect(sentIds(events)).toEqual([]);
      expect(text).not.toContain("6612");
    }
    const lifted = await t.json("DELETE", `/api/users/block/${a.id}`, undefined, { cookie: b.cookie });
    expect(lifted.status).toBe(200);
    expect(sentIds((await replay(b, fromB)).events)).toEqual([said.id]);
  });

  it("never reads a body an event stored before issue 19 holds", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const conversation = await open(a, b);
    const from = await position(b);
    const real = await say(a, conversation.id, "the stored message");
    const gone = await say(a, conversation.id, "deleted since 9090");
    await removeByReport(b, gone.id);
    // Events as they were stored before: the whole message in the payload.
    const legacy = (message: MessageView) =>
      appendEvent(db(), {
        type: "message.sent",
        actorId: a.id,
        subjectId: conversation.id,
        payload: { message },
        recipients: [a.id, b.id],
        at: new Date(),
      });
    await db().batch([
      ...legacy({ ...real, body: "a body only the event holds 4242" }),
      ...legacy({ ...gone, body: "deleted since 9090" }),
    ]);
    const { events, text } = await replay(b, from);
    expect(events.filter((e) => e.type === "message.sent").map((e) => e.payload)).toEqual([
      { message: real },
      { message: real },
    ]);
    expect(text).not.toContain("4242");
    expect(text).not.toContain("9090");
  });

  it("gives no bell item about a member the reader blocked since; one about someone else still comes", async () => {
    const [reader, blockedLater, friend] = [
      await registerMember(t),
      await registerMember(t),
      await registerMember(t),
    ];
    const { follow, block } = postClient(t);
    const from = await position(reader);
    await follow(blockedLater, reader.id);
    await follow(friend, reader.id);
    while ((await consumeOnce(db(), new Date(), silentLogger)) > 0) {}
    await block(reader, blockedLater.id);
    const { events, text } = await replay(reader, from);
    const bodies = events
      .filter((e) => e.type === "notification.created")
      .map((e) => (e.payload as { notification: { body: string } }).notification.body);
    expect(bodies).toEqual([`@${friend.username} started following you.`]);
    expect(text).not.toContain(blockedLater.username);
  });
});

describe("live delivery", () => {
  const hubs: LiveHub[] = [];
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close();
  });

  it("resolves an event when it is sent: a message removed after the tail read it is not pushed", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const conversation = await open(a, b);
    // The tail's resolution is held until the message is gone, as a slow tick would be.
    const real = eventResolver(db());
    let picked = () => {};
    const pickedUp = new Promise<void>((resolve) => {
      picked = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hub = createLiveHub({
      db: db(),
      logger: silentLogger,
      countsFor: async () => ({ notifications: 0, messages: 0 }),
      resolve: async (deliveries) => {
        if (deliveries.some((d) => d.event.type === "message.sent")) {
          picked();
          await released;
        }
        return real(deliveries);
      },
    });
    hubs.push(hub);
    const sse = readSse(await hub.open(b.id, null));
    await sse.event("ready");
    const removed = await say(a, conversation.id, "pushed too late 3141");
    await pickedUp;
    await removeByReport(b, removed.id);
    release();
    await Bun.sleep(400);
    const kept = await say(a, conversation.id, "still delivered");
    const got = await sse.event("message.sent", 1000);
    expect(JSON.parse(got.data).payload).toEqual({ message: kept });
    expect(sse.unread().filter(isDomainEvent)).toEqual([]);
    await sse.close();
  });
});
