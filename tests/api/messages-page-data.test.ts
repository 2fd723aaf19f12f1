/**
 * The /messages page's one-statement loader (issue 25) answers exactly what
 * listConversations and unreadMessageCount answered for the same member: with no
 * conversations, with several (read and unread), with a partner in a block either way, a
 * partner who deleted their account, and past the list's bound.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { CONVERSATIONS_MAX } from "../../src/common/schemas/messages";
import {
  listConversations,
  messagesPageData,
  unreadMessageCount,
} from "../../src/server/features/messages/service";
import type { PolicyViewer } from "../../src/server/policy/viewer";
import { type Member, messageClient } from "../support/messages";
import { registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let c: ReturnType<typeof messageClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = messageClient(t);
});
afterAll(() => t.close());

const db = () => t.app.context.database.db;
const client = () => t.app.context.database.client;
const asViewer = (m: { id: number }): PolicyViewer => ({ kind: "member", id: m.id });
const ok = async (res: Promise<Response>) => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
};

/** The loader's answer, checked against the two services' answer for the same member. */
async function compared(m: { id: number }) {
  const expected = {
    conversations: await listConversations(db(), asViewer(m)),
    unreadTotal: await unreadMessageCount(db(), m.id),
  };
  const actual = await messagesPageData(db(), asViewer(m));
  expect(actual).toEqual(expected);
  return actual;
}

const summary = (page: Awaited<ReturnType<typeof messagesPageData>>) =>
  page.conversations.map((x) => [x.otherUser.username, x.lastMessage?.body ?? null, x.unreadCount]);

describe("messagesPageData", () => {
  let a: Member;
  let b: Member;
  let d: Member;
  let e: Member;
  let blocker: Member;
  let gone: Member;

  beforeAll(async () => {
    [a, b, d, e, blocker, gone] = (await Promise.all(
      ["pda", "pdb", "pdd", "pde", "pdblk", "pdgone"].map((p) => registerMember(t, p)),
    )) as [Member, Member, Member, Member, Member, Member];
  });

  it("answers an empty list and no unread for a member with no conversations, even one opened but unwritten", async () => {
    expect(await compared(a)).toEqual({ conversations: [], unreadTotal: 0 });
    await c.open(a, b);
    expect(await compared(a)).toEqual({ conversations: [], unreadTotal: 0 });
    expect(await compared(b)).toEqual({ conversations: [], unreadTotal: 0 });
  });

  it("answers several conversations, newest activity first, with their unread counts and the total", async () => {
    await ok(t.json("POST", "/api/users/follow", { followingId: a.id }, { cookie: b.cookie }));
    const ab = await c.open(a, b);
    const ad = await c.open(d, a);
    const ae = await c.open(a, e);
    await c.say(b, ab.id, "b one");
    await c.say(d, ad.id, "d one");
    await c.say(b, ab.id, "b two");
    await c.say(a, ae.id, "a to e");
    await c.say(e, ae.id, "e answers");
    await c.say(a, ae.id, "a again");
    await ok(c.send("POST", `/api/conversations/${ad.id}/mark-read`, a));
    expect(summary(await compared(a))).toEqual([
      [e.username, "a again", 0],
      [b.username, "b two", 2],
      [d.username, "d one", 0],
    ]);
    expect((await compared(a)).unreadTotal).toBe(2);
    expect(summary(await compared(b))).toEqual([[a.username, "b two", 0]]);
    expect((await compared(e)).unreadTotal).toBe(1);
  });

  it("leaves out a partner in a block, either way, from the list and the total, and brings them back after", async () => {
    const withBlocker = await c.open(blocker, a);
    await c.say(blocker, withBlocker.id, "from the blocker");
    expect((await compared(a)).unreadTotal).toBe(3);
    await ok(c.send("POST", "/api/users/block", blocker, { userId: a.id }));
    await ok(c.send("POST", "/api/users/block", a, { userId: e.id }));
    const page = await compared(a);
    expect(summary(page).map(([name]) => name)).toEqual([b.username, d.username]);
    expect(page.unreadTotal).toBe(2);
    expect(await compared(blocker)).toEqual({ conversations: [], unreadTotal: 0 });
    expect((await compared(e)).conversations).toEqual([]);
    await ok(c.send("DELETE", `/api/users/block/${a.id}`, blocker));
    await ok(c.send("DELETE", `/api/users/block/${e.id}`, a));
    expect(summary(await compared(a)).map(([name]) => name)).toContain(blocker.username);
  });

  it("drops a partner who deleted their account", async () => {
    const withGone = await c.open(gone, a);
    await c.say(gone, withGone.id, "soon gone");
    expect(summary(await compared(a))[0]).toEqual([gone.username, "soon gone", 1]);
    await ok(c.send("DELETE", "/api/account/delete", gone, { currentPassword: "correct horse battery" }));
    const page = await compared(a);
    expect(summary(page).map(([name]) => name)).not.toContain(gone.username);
  });

  it("lists at most CONVERSATIONS_MAX while the total counts every conversation", async () => {
    const busy = await registerMember(t, "pdbusy");
    const at = Date.now();
    const extra = CONVERSATIONS_MAX + 3;
    await client().batch(
      Array.from({ length: extra }, (_, i) => ({
        sql: "INSERT INTO users (username, email, password_hash, created_at) VALUES (?, ?, 'x', ?)",
        args: [`pdpartner${i}`, `pdpartner${i}@example.com`, at],
      })),
      "write",
    );
    await client().execute({
      sql: `INSERT INTO conversations (user_a_id, user_b_id, created_at, last_message_at)
        SELECT ?1, id, ?2, ?2 + id FROM users WHERE username LIKE 'pdpartner%'`,
      args: [busy.id, at],
    });
    await client().execute({
      sql: `INSERT INTO messages (conversation_id, sender_id, body, created_at)
        SELECT id, user_b_id, 'hello ' || user_b_id, last_message_at FROM conversations WHERE user_a_id = ?`,
      args: [busy.id],
    });
    const page = await compared(busy);
    expect(page.conversations).toHaveLength(CONVERSATIONS_MAX);
    expect(page.unreadTotal).toBe(extra);
  });

  it("reads the page in one statement, and refuses a guest as listConversations does", async () => {
    const counter = countStatements(client());
    counter.reset();
    await messagesPageData(db(), asViewer(a));
    expect(counter.n).toBe(1);
    await expect(messagesPageData(db(), { kind: "guest" })).rejects.toThrow();
    await expect(listConversations(db(), { kind: "guest" })).rejects.toThrow();
  });
});
