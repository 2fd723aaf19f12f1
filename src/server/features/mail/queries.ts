import { and, desc, eq, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { mailOutbox } from "../../../db/schema";

export type MailRow = typeof mailOutbox.$inferSelect;

export const insertMail = (db: Db, values: typeof mailOutbox.$inferInsert) =>
  db.insert(mailOutbox).values(values);

/**
 * Takes the oldest due mail and leases it by pushing its next attempt into the future,
 * in one statement, so two running copies never send the same mail at once.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      eq(
        mailOutbox.id,
        sql`(SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ${now.getTime()} ORDER BY id LIMIT 1)`,
      ),
    )
    .returning();
  return row;
}

/**
 * Marks a mail delivered. Its body (a reset link, say) and headers (an unsubscribe link)
 * are blanked unless `keepText`: only the dev mailbox, which shows the rows, keeps them.
 */
export const markMailSent = (db: Db, id: number, now: Date, keepText = false) =>
  db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null, ...(keepText ? {} : { text: "", headers: null }) })
    .where(eq(mailOutbox.id, id));

export const markMailRetry = (db: Db, id: number, nextAttemptAt: Date, error: string) =>
  db.update(mailOutbox).set({ nextAttemptAt, lastError: error }).where(eq(mailOutbox.id, id));

/** Gives up on a mail; its body and headers are blanked, as nothing will read them again. */
export const markMailFailed = (db: Db, id: number, error: string) =>
  db
    .update(mailOutbox)
    .set({ status: "failed", lastError: error, text: "", headers: null })
    .where(eq(mailOutbox.id, id));

export const listDevMail = (db: Db, limit = 50) =>
  db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.transport, "dev"))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);

export const countDueMail = async (db: Db, now: Date) =>
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
  )[0]?.n ?? 0;

/**
 * The queue as the metrics show it: mails not yet sent nor given up on, and when the
 * oldest of them was written (null when none waits). Reads only pending rows (the due index).
 */
export async function mailQueueStats(db: Db): Promise<{ depth: number; oldest: Date | null }> {
  const [row] = await db
    .select({ depth: sql<number>`count(*)`, oldest: sql<number | null>`min(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "pending"));
  const oldest = row?.oldest;
  return {
    depth: Number(row?.depth ?? 0),
    oldest: oldest === null || oldest === undefined ? null : new Date(Number(oldest)),
  };
}

export const MAIL_KEEP_MS = 30 * 86_400_000;

/**
 * Deletes up to `limit` sent or failed mails whose last attempt is older than `keepMs`.
 * `next_attempt_at` is that attempt's time plus its lease, and the due index covers
 * (status, next_attempt_at), so this never scans the table.
 */
export async function pruneOldMail(db: Db, now: Date, limit: number, keepMs = MAIL_KEEP_MS): Promise<number> {
  const old = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ["sent", "failed"]),
        lt(mailOutbox.nextAttemptAt, new Date(now.getTime() - keepMs)),
      ),
    )
    .limit(limit);
  return (await db.delete(mailOutbox).where(inArray(mailOutbox.id, old))).rowsAffected;
}

/** What may follow a name the app writes as `@name` in a mail (so `@al` never matches `@alice`). */
const AFTER_NAME = [" ", ",", ".", ":", ";", "!", "?", ")", "'", "\n"];

/**
 * For an account's deletion batch: every mail, queued or sent, to one of `addresses` (a
 * SELECT of lower-cased addresses), and every mail to others that names `username` as the
 * app writes names in mail (`@name`, and the greeting `Hi name,`), subject or body.
 */
export function forgetMailStatement(db: Tx, addresses: SQL, username: string) {
  const needles = [...AFTER_NAME.map((after) => `@${username}${after}`), `Hi ${username},`];
  const naming = sql.join(
    needles.map((n) => sql`instr(subject || ' ', ${n}) > 0 OR instr(text || ' ', ${n}) > 0`),
    sql` OR `,
  );
  return db.run(sql`DELETE FROM mail_outbox WHERE lower("to") IN (${addresses}) OR ${naming}`);
}
