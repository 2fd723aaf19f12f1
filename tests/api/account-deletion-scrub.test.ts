import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { appendEvent } from "../../src/server/events/store";
import { mailUnreadOnce } from "../../src/server/features/messages/mail";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { silentLogger } from "../../src/server/log";
import { openStream } from "../support/live";
import { messageClient } from "../support/messages";
import { postClient } from "../support/posts";
import { confirmEmail, forgotFor, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 19: deleting an account leaves no personal data behind. The member does what
 * members do (mail, follows both ways, likes, messages, a mail about their message, a live
 * stream, an e-mail change under way, a reset link), then deletes the account, and every
 * row of every table of the database file is searched for their name, their addresses and
 * the text of their message.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const client = () => t.app.context.database.client;
const db = () => t.app.context.database.db;
const settleBell = async () => {
  while ((await consumeOnce(db(), new Date(), silentLogger)) > 0) {}
};

/** Every table of the file, `SELECT *`, each row as one JSON text. */
async function dump(): Promise<{ table: string; row: string }[]> {
  const tables = await client().execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const out: { table: string; row: string }[] = [];
  for (const { name } of tables.rows) {
    const rows = await client().execute(`SELECT * FROM "${String(name)}"`);
    for (const row of rows.rows) out.push({ table: String(name), row: JSON.stringify(row) });
  }
  return out;
}

const holding = (rows: { table: string; row: string }[], needle: string) =>
  rows.filter((r) => r.row.toLowerCase().includes(needle.toLowerCase())).map((r) => `${r.table}: ${r.row}`);

describe("DELETE /api/account/delete", () => {
  it("leaves nothing of the member in any table of the database", async () => {
    const victim = await registerMember(t, "scrubvictim");
    const other = await registerMember(t, "scrubother");
    const third = await registerMember(t, "scrubthird");
    await confirmEmail(t, other.email, other.cookie);
    const secret = "Tuesday open mat at the old fire station 8431";
    const newAddress = `moved.${victim.email}`;
    const { follow, like, post } = postClient(t);
    const { open, say } = messageClient(t);

    // Follows both ways, and a like each way: bell items for both, and domain events.
    await follow(victim, other.id);
    await follow(other, victim.id);
    const otherPost = await post(other, { content: "Rolling Sunday", visibility: "Public" });
    const victimPost = await post(victim, { content: "Who is in?", visibility: "Public" });
    await like(victim, otherPost.id);
    await like(third, otherPost.id);
    await like(other, victimPost.id);
    // Messages both ways, then the unread-message mail to the other member names the victim.
    const conversation = await open(victim, other);
    await say(other, conversation.id, "Are you coming?");
    const sent = await say(victim, conversation.id, secret);
    await settleBell();
    await mailUnreadOnce(
      db(),
      { send: (mail) => t.app.outbox.enqueue(mail), publicUrl: t.env.PUBLIC_URL },
      new Date(Date.now() + 2 * 60 * 60_000),
    );
    // Some mail is delivered (the outbox keeps its address and subject), some still queued.
    await t.app.outbox.drain();
    await forgotFor(t, victim.email);
    const changed = await t.json(
      "POST",
      "/api/account/change-email",
      { newEmail: newAddress, confirmEmail: newAddress, currentPassword: victim.password },
      { cookie: victim.cookie },
    );
    expect(changed.status).toBe(200);
    // Events stored before issue 19 carried the message and the bell item's text.
    const followItem = await client().execute({
      sql: "SELECT id FROM notifications WHERE user_id = ? AND type = 'follow'",
      args: [other.id],
    });
    const followItemId = Number(followItem.rows[0]?.id);
    await db().batch([
      ...appendEvent(db(), {
        type: "message.sent",
        actorId: victim.id,
        subjectId: conversation.id,
        payload: { message: { ...sent, body: secret } },
        recipients: [victim.id, other.id],
        at: new Date(),
      }),
      ...appendEvent(db(), {
        type: "notification.created",
        subjectId: followItemId,
        payload: { notification: { id: followItemId, body: `@${victim.username} started following you.` } },
        recipients: [other.id],
        at: new Date(),
      }),
    ]);
    const stream = await openStream(t, victim.cookie);
    await stream.sse.event("ready");

    // The search finds the member before the deletion: it can fail.
    const before = await dump();
    for (const needle of [victim.username, victim.email, newAddress, secret])
      expect(holding(before, needle).length).toBeGreaterThan(0);
    expect(holding(before, `@${victim.username}`).some((r) => r.startsWith("mail_outbox"))).toBe(true);

    const res = await t.json(
      "DELETE",
      "/api/account/delete",
      { currentPassword: victim.password },
      { cookie: victim.cookie },
    );
    expect(res.status).toBe(200);
    await stream.sse.close();

    const after = await dump();
    for (const needle of [victim.username, victim.email, newAddress, secret])
      expect(holding(after, needle)).toEqual([]);
    // Nor any event or bell item about them by id: the other member's follow item is gone,
    // the like item keeps only the third member.
    const left = await client().execute({
      sql: `SELECT
        (SELECT count(*) FROM domain_events WHERE actor_id = ?1 OR (type = 'follow.created' AND subject_id = ?1)
          OR json_extract(payload, '$.authorId') = ?1 OR (type = 'notification.created' AND subject_id = ?2)) AS events,
        (SELECT count(*) FROM notifications WHERE id = ?2) AS followItem,
        (SELECT count(*) FROM notification_actors WHERE actor_id = ?1) AS actors,
        (SELECT count(*) FROM live_streams WHERE user_id = ?1) AS streams`,
      args: [victim.id, followItemId],
    });
    expect(left.rows[0]).toMatchObject({ events: 0, followItem: 0, actors: 0, streams: 0 });
    const likes = await t.json("GET", "/api/notifications", undefined, { cookie: other.cookie });
    const items = (await likes.json()) as { type: string; body: string }[];
    expect(items.map((i) => [i.type, i.body])).toEqual([["like", `@${third.username} liked your post.`]]);
    // The other members' own mail and data stay.
    expect(holding(after, other.email).length).toBeGreaterThan(0);
    expect(holding(after, "Rolling Sunday").length).toBe(1);
  });
});
