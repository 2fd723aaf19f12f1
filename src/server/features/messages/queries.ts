import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";

/** Which of the pair a member is: the lower id is always `a` (the table's invariant). */
export type Side = "a" | "b";

export interface ConversationRow {
  id: number;
  userAId: number;
  userBId: number;
  aLastReadId: number;
  bLastReadId: number;
}

/** A block between the two, either way. */
export const blockBetween = (a: number | SQL, b: number | SQL) => sql`EXISTS (
  SELECT 1 FROM blocks
  WHERE (blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a}))`;

/** For appendEvent's `onlyIf`: the statement just before changed exactly one row. */
export const changedOne = sql`changes() = 1`;

/** The viewer's column of a pair, as SQL: `a_last_read_id` or `b_last_read_id`. */
const lastReadColumn = (side: Side) => sql.raw(side === "a" ? "a_last_read_id" : "b_last_read_id");

const toRow = (r: Record<string, unknown>): ConversationRow => ({
  id: Number(r.id),
  userAId: Number(r.userAId),
  userBId: Number(r.userBId),
  aLastReadId: Number(r.aLastReadId),
  bLastReadId: Number(r.bLastReadId),
});

const rowColumns = sql`id, user_a_id AS userAId, user_b_id AS userBId, a_last_read_id AS aLastReadId,
  b_last_read_id AS bLastReadId`;

export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT ${rowColumns} FROM conversations WHERE id = ${id}`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/**
 * The pair's conversation, created unless it exists or the two are in a block (a block
 * committed after the policy's check still wins). One INSERT on the unique pair, so
 * requests sent at once leave one row. `created` says whether this call added it.
 */
export async function openConversation(db: Db, userA: number, userB: number, now: Date) {
  const [inserted, found] = await db.batch([
    db.run(sql`INSERT INTO conversations (user_a_id, user_b_id, created_at)
      SELECT ${userA}, ${userB}, ${now.getTime()}
      WHERE NOT ${blockBetween(userA, userB)}
      ON CONFLICT (user_a_id, user_b_id) DO NOTHING`),
    db.all<Record<string, unknown>>(
      sql`SELECT ${rowColumns} FROM conversations WHERE user_a_id = ${userA} AND user_b_id = ${userB}`,
    ),
  ]);
  const row = found[0];
  return row ? { row: toRow(row), created: inserted.rowsAffected > 0 } : undefined;
}

export interface ConversationListRow {
  id: number;
  userAId: number;
  userBId: number;
  aUsername: string;
  aPhoto: string | null;
  bUsername: string;
  bPhoto: string | null;
  aLastReadId: number;
  bLastReadId: number;
  lastBody: string | null;
  lastAt: number | null;
  unread: number;
}

/**
 * A list row's columns (the pair, both names and photos, read marks, the last message and
 * the member's unread count in it), for `conversationList` and the /messages page's one
 * statement alike; `me` is the member as a number or as SQL.
 */
export const conversationColumnsSql = (
  me: number | SQL,
) => sql`c.id, c.user_a_id AS userAId, c.user_b_id AS userBId,
      ua.username AS aUsername, ua.profile_photo AS aPhoto, ub.username AS bUsername, ub.profile_photo AS bPhoto,
      c.a_last_read_id AS aLastReadId, c.b_last_read_id AS bLastReadId,
      lm.body AS lastBody, lm.created_at AS lastAt,
      (SELECT count(*) FROM messages m
        WHERE m.conversation_id = c.id AND m.sender_id <> ${me}
          AND m.id > CASE WHEN c.user_a_id = ${me} THEN c.a_last_read_id ELSE c.b_last_read_id END) AS unread`;

/** What `conversationColumnsSql` reads from: the conversation `c`, its two members and its last message. */
export const conversationJoinsSql = sql`FROM conversations c
    JOIN users ua ON ua.id = c.user_a_id
    JOIN users ub ON ub.id = c.user_b_id
    LEFT JOIN messages lm ON lm.id = (SELECT max(id) FROM messages WHERE conversation_id = c.id)`;

/**
 * A member's conversations with both members, the last message and the member's unread
 * count, newest activity first (of two in the same millisecond, the one whose last message
 * was written last). `only` picks one conversation (the member need not be in
 * it: the policy decides). Pairs in a block are left out here so the bound is never
 * shortened by rows the policy would drop. Conversations opened but never written in are
 * not activity: the list leaves them out, a single one is still returned.
 */
export async function conversationList(
  db: Db,
  me: number,
  opts: { limit: number } | { only: number },
): Promise<ConversationListRow[]> {
  const mine = sql`(c.user_a_id = ${me} OR c.user_b_id = ${me})`;
  const where =
    "only" in opts
      ? sql`c.id = ${opts.only}`
      : sql`${mine} AND c.last_message_at IS NOT NULL AND NOT ${blockBetween(sql`c.user_a_id`, sql`c.user_b_id`)}`;
  const rows = await db.all<Record<string, unknown>>(sql`
    SELECT ${conversationColumnsSql(me)}
    ${conversationJoinsSql}
    WHERE ${where}
    ORDER BY c.last_message_at DESC, lm.id DESC, c.id DESC
    LIMIT ${"only" in opts ? 1 : opts.limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    userAId: Number(r.userAId),
    userBId: Number(r.userBId),
    aUsername: String(r.aUsername),
    aPhoto: (r.aPhoto as string | null) ?? null,
    bUsername: String(r.bUsername),
    bPhoto: (r.bPhoto as string | null) ?? null,
    aLastReadId: Number(r.aLastReadId),
    bLastReadId: Number(r.bLastReadId),
    lastBody: (r.lastBody as string | null) ?? null,
    lastAt: r.lastAt === null || r.lastAt === undefined ? null : Number(r.lastAt),
    unread: Number(r.unread),
  }));
}

/**
 * Messages from others the member has not read, across every conversation not hidden by
 * a block: one query, a range on (conversation_id, id) per conversation.
 */
export async function unreadTotal(db: Db, me: number): Promise<number> {
  const rows = await db.all<{ n: number }>(unreadTotalSql(me));
  return Number(rows[0]?.n ?? 0);
}

/** The unread total as one SELECT, to be a subquery of the page header's one statement. */
export const unreadTotalSql = (me: number | SQL) => sql`
    SELECT count(*) AS n FROM conversations c
    JOIN messages m ON m.conversation_id = c.id
      AND m.id > CASE WHEN c.user_a_id = ${me} THEN c.a_last_read_id ELSE c.b_last_read_id END
    WHERE (c.user_a_id = ${me} OR c.user_b_id = ${me}) AND m.sender_id <> ${me}
      AND NOT ${blockBetween(sql`c.user_a_id`, sql`c.user_b_id`)}`;

/** A page of messages, newest first by id (before `beforeId` when given). */
export function messagePage(db: Db, conversationId: number, limit: number, beforeId?: number) {
  return db.all<{ id: number; senderId: number; body: string; createdAt: number }>(sql`
    SELECT id, sender_id AS senderId, body, created_at AS createdAt FROM messages
    WHERE conversation_id = ${conversationId} ${beforeId ? sql`AND id < ${beforeId}` : sql``}
    ORDER BY id DESC LIMIT ${limit}`);
}

/**
 * The statements that add a message, for one batch: the message (unless a block landed
 * after the policy's check), then the conversation's activity time and the sender's read
 * mark (sending is reading what came before; `last_insert_rowid()` is the message).
 * `changes()` after them is 1 exactly when the message went in: the caller's event is
 * appended on that condition.
 */
export function insertMessageStatements(
  db: Tx,
  conversation: ConversationRow,
  side: Side,
  senderId: number,
  body: string,
  at: Date,
) {
  return [
    db.run(sql`INSERT INTO messages (conversation_id, sender_id, body, created_at)
      SELECT ${conversation.id}, ${senderId}, ${body}, ${at.getTime()}
      WHERE NOT ${blockBetween(conversation.userAId, conversation.userBId)}`),
    db.run(sql`UPDATE conversations SET last_message_at = ${at.getTime()},
        ${lastReadColumn(side)} = max(${lastReadColumn(side)}, last_insert_rowid())
      WHERE id = ${conversation.id} AND changes() = 1`),
  ] as const;
}

/**
 * appendEvent binds its payload before the batch runs, when the message id is not known:
 * this fills it in, inside the same batch (a write transaction, so the newest message of
 * this sender here, and the newest message.sent event about this conversation, are this
 * batch's). Then answers the message as stored.
 */
export function fillMessageIdStatements(db: Tx, conversationId: number, senderId: number) {
  const newest = sql`(SELECT max(id) FROM messages WHERE conversation_id = ${conversationId} AND sender_id = ${senderId})`;
  return [
    db.run(sql`UPDATE domain_events SET payload = json_set(payload, '$.messageId', ${newest})
      WHERE id = (SELECT max(id) FROM domain_events WHERE type = 'message.sent' AND subject_id = ${conversationId})
        AND json_extract(payload, '$.messageId') = 0`),
    db.all<{ id: number; senderId: number; body: string; createdAt: number }>(sql`
      SELECT id, sender_id AS senderId, body, created_at AS createdAt FROM messages WHERE id = ${newest}`),
  ] as const;
}

/** The newest message's id in a conversation (0 when empty). */
export async function newestMessageId(db: Db, conversationId: number): Promise<number> {
  const rows = await db.all<{ id: number }>(
    sql`SELECT coalesce(max(id), 0) AS id FROM messages WHERE conversation_id = ${conversationId}`,
  );
  return Number(rows[0]?.id ?? 0);
}

/** Moves the member's read mark forward to `upTo`; `changes()` is 1 only when it moved. */
export const markReadStatement = (db: Tx, conversationId: number, side: Side, upTo: number) =>
  db.run(sql`UPDATE conversations SET ${lastReadColumn(side)} = ${upTo}
    WHERE id = ${conversationId} AND ${lastReadColumn(side)} < ${upTo}`);

/** One message by id, with its conversation; undefined when it is gone. */
export async function messageById(db: Db, id: number) {
  const rows = await db.all<{
    id: number;
    conversationId: number;
    senderId: number;
    body: string;
    createdAt: number;
  }>(sql`
    SELECT id, conversation_id AS conversationId, sender_id AS senderId, body, created_at AS createdAt
    FROM messages WHERE id = ${id}`);
  const m = rows[0];
  return m
    ? {
        id: Number(m.id),
        conversationId: Number(m.conversationId),
        senderId: Number(m.senderId),
        body: m.body,
        createdAt: Number(m.createdAt),
      }
    : undefined;
}

/** A message as one member would receive it live, with what the policy needs to judge that. */
export interface DeliveryRow {
  messageId: number;
  readerId: number;
  conversationId: number;
  senderId: number;
  body: string;
  createdAt: number;
  /** Whether the reader is one of the conversation's two members. */
  participant: boolean;
  /** How the reader stands to the conversation's other member. */
  follows: boolean;
  followedBy: boolean;
  blocked: boolean;
}

/**
 * The messages still stored (their sender too) for each (message, reader) pair, with the
 * reader's relation to the other member of the conversation: one query for a whole tick of
 * live deliveries. A deleted message, or one whose sender's account is gone, has no row.
 */
export async function messagesForReaders(
  db: Db,
  pairs: readonly { messageId: number; readerId: number }[],
): Promise<DeliveryRow[]> {
  if (pairs.length === 0) return [];
  const rows = await db.all<Record<string, unknown>>(sql`
    WITH wanted AS (
      SELECT DISTINCT json_extract(value, '$[0]') AS mid, json_extract(value, '$[1]') AS reader
      FROM json_each(${JSON.stringify(pairs.map((p) => [p.messageId, p.readerId]))})
    ),
    found AS (
      SELECT w.mid, w.reader, m.conversation_id AS cid, m.sender_id AS sender, m.body, m.created_at AS at,
        w.reader IN (c.user_a_id, c.user_b_id) AS participant,
        CASE WHEN c.user_a_id = w.reader THEN c.user_b_id ELSE c.user_a_id END AS other
      FROM wanted w
      JOIN messages m ON m.id = w.mid
      JOIN conversations c ON c.id = m.conversation_id
      JOIN users s ON s.id = m.sender_id
    )
    SELECT f.mid, f.reader, f.cid, f.sender, f.body, f.at, f.participant,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = f.reader AND following_id = f.other) AS follows,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = f.other AND following_id = f.reader) AS followedBy,
      ${blockBetween(sql`f.reader`, sql`f.other`)} AS blocked
    FROM found f`);
  return rows.map((r) => ({
    messageId: Number(r.mid),
    readerId: Number(r.reader),
    conversationId: Number(r.cid),
    senderId: Number(r.sender),
    body: String(r.body),
    createdAt: Number(r.at),
    participant: Number(r.participant) === 1,
    follows: Number(r.follows) === 1,
    followedBy: Number(r.followedBy) === 1,
    blocked: Number(r.blocked) === 1,
  }));
}
