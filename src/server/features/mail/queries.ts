import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
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

export const markMailSent = (db: Db, id: number, now: Date) =>
  db.update(mailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));

export const markMailRetry = (db: Db, id: number, nextAttemptAt: Date, error: string) =>
  db.update(mailOutbox).set({ nextAttemptAt, lastError: error }).where(eq(mailOutbox.id, id));

export const markMailFailed = (db: Db, id: number, error: string) =>
  db.update(mailOutbox).set({ status: "failed", lastError: error }).where(eq(mailOutbox.id, id));

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
