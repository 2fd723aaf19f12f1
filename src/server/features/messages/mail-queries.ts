import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import type { Side } from "./queries";

/** What the unread-message mail needs to know about one conversation's recipient side. */
export interface MailCandidate {
  conversationId: number;
  side: Side;
  recipientId: number;
  email: string;
  recipientName: string;
  senderName: string;
  /** The recipient's read and mailed marks: a message above both is unread and not yet mailed. */
  seen: number;
}

/**
 * The recipient side of each given conversation (the member who did not send `senderId`'s
 * message) when that member may be mailed: the setting is on (no settings row means on),
 * the address is verified (never mail an address nobody confirmed), and the two are not
 * in a block. One query.
 */
export async function mailCandidates(
  db: Db,
  items: readonly { conversationId: number; senderId: number }[],
): Promise<MailCandidate[]> {
  if (items.length === 0) return [];
  const rows = await db.all<Record<string, unknown>>(sql`
    WITH wanted AS (
      SELECT DISTINCT json_extract(value, '$[0]') AS cid, json_extract(value, '$[1]') AS sender
      FROM json_each(${JSON.stringify(items.map((i) => [i.conversationId, i.senderId]))})
    ),
    sides AS (
      SELECT c.id AS cid,
        CASE WHEN c.user_a_id = w.sender THEN 'b' ELSE 'a' END AS side,
        CASE WHEN c.user_a_id = w.sender THEN c.user_b_id ELSE c.user_a_id END AS recipient,
        w.sender AS sender,
        CASE WHEN c.user_a_id = w.sender THEN max(c.b_last_read_id, c.b_emailed_id)
          ELSE max(c.a_last_read_id, c.a_emailed_id) END AS seen
      FROM wanted w JOIN conversations c ON c.id = w.cid AND w.sender IN (c.user_a_id, c.user_b_id)
    )
    SELECT s.cid, s.side, s.recipient, s.seen, u.email, u.username AS recipientName, o.username AS senderName
    FROM sides s
    JOIN users u ON u.id = s.recipient
    JOIN users o ON o.id = s.sender
    LEFT JOIN user_settings us ON us.user_id = s.recipient
    WHERE coalesce(us.email_unread_messages, 1) = 1
      AND u.email_verified_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM blocks
        WHERE (blocker_id = s.recipient AND blocked_id = s.sender) OR (blocker_id = s.sender AND blocked_id = s.recipient))
    ORDER BY s.recipient, s.cid`);
  return rows.map((r) => ({
    conversationId: Number(r.cid),
    side: r.side === "b" ? "b" : "a",
    recipientId: Number(r.recipient),
    email: String(r.email),
    recipientName: String(r.recipientName),
    senderName: String(r.senderName),
    seen: Number(r.seen),
  }));
}

/**
 * Marks the side mailed up to the conversation's newest message, so the rest of a burst
 * does not mail again; only while `messageId` is still unread and not mailed, and `guard`
 * holds (the job's cursor has not moved). `rowsAffected` 1 means: send the mail.
 */
export function claimMailStatement(
  db: Tx,
  conversationId: number,
  side: Side,
  messageId: number,
  guard: SQL,
) {
  const emailed = sql.raw(side === "a" ? "a_emailed_id" : "b_emailed_id");
  const lastRead = sql.raw(side === "a" ? "a_last_read_id" : "b_last_read_id");
  return db.run(sql`UPDATE conversations
    SET ${emailed} = (SELECT max(id) FROM messages WHERE conversation_id = ${conversationId})
    WHERE id = ${conversationId} AND ${emailed} < ${messageId} AND ${lastRead} < ${messageId} AND ${guard}`);
}

export const insertUnsubscribeToken = (db: Tx, tokenHash: string, userId: number, kind: string, at: Date) =>
  db.run(sql`INSERT INTO unsubscribe_tokens (token_hash, user_id, kind, created_at)
    VALUES (${tokenHash}, ${userId}, ${kind}, ${at.getTime()})`);

export async function unsubscribeTokenOwner(db: Db, tokenHash: string, kind: string): Promise<number | null> {
  const rows = await db.all<{ userId: number }>(
    sql`SELECT user_id AS userId FROM unsubscribe_tokens WHERE token_hash = ${tokenHash} AND kind = ${kind}`,
  );
  return rows[0] ? Number(rows[0].userId) : null;
}

/** Deletes up to `limit` unsubscribe tokens created before `before`. */
export async function pruneUnsubscribeTokens(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db.run(sql`DELETE FROM unsubscribe_tokens WHERE token_hash IN (
    SELECT token_hash FROM unsubscribe_tokens WHERE created_at < ${before.getTime()} LIMIT ${limit})`);
  return result.rowsAffected;
}
