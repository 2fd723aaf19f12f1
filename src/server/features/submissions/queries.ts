import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { adminAuditLog, openMatSubmissions, users } from "../../../db/schema";

export type SubmissionRow = typeof openMatSubmissions.$inferSelect;
export type AuditRow = typeof adminAuditLog.$inferSelect;

/** `after` joins the insert's batch (an Idempotency-Key's record). */
export async function insertSubmission(
  db: Db,
  values: typeof openMatSubmissions.$inferInsert,
  after: readonly BatchItem<"sqlite">[] = [],
) {
  const insert = db.insert(openMatSubmissions).values(values).returning();
  const [row] = after.length ? (await db.batch([insert, ...after]))[0] : await insert;
  if (!row) throw new Error("insert returned no submission");
  return row;
}

export const findSubmission = async (db: Db, id: number) =>
  (await db.select().from(openMatSubmissions).where(eq(openMatSubmissions.id, id)).limit(1))[0];

/** Pending submissions, oldest first. */
export const pendingSubmissions = (db: Db, limit: number) =>
  db
    .select()
    .from(openMatSubmissions)
    .where(eq(openMatSubmissions.status, "pending"))
    .orderBy(asc(openMatSubmissions.createdAt), asc(openMatSubmissions.id))
    .limit(limit);

/** Usernames by id, for the admin queue's submitters. */
export async function usernamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export const userContact = async (db: Db, id: number) =>
  (await db.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, id)))[0];

/**
 * The statement that moves a pending submission to its decision; it changes nothing when
 * the submission was decided already, so of two admins deciding at once exactly one wins.
 */
export const decideIfPending = (
  db: Pick<Db, "update">,
  id: number,
  decision: {
    status: "approved" | "rejected";
    decidedBy: number | null;
    decidedAt: Date;
    reason?: string | null;
  },
) =>
  db
    .update(openMatSubmissions)
    .set({ ...decision, reason: decision.reason ?? null })
    .where(and(eq(openMatSubmissions.id, id), eq(openMatSubmissions.status, "pending")));

/** Puts a claimed decision back when the work after it failed (the school could not be stored). */
export const undoDecision = (db: Db, id: number) =>
  db
    .update(openMatSubmissions)
    .set({ status: "pending", decidedBy: null, decidedAt: null, reason: null })
    .where(eq(openMatSubmissions.id, id));

/** Links the school, only while this claim (its `decidedAt`) still holds: a released claim stays released. */
export const setSubmissionSchool = (db: Pick<Db, "update">, id: number, schoolId: number, claimedAt: Date) =>
  db
    .update(openMatSubmissions)
    .set({ schoolId })
    .where(
      and(
        eq(openMatSubmissions.id, id),
        eq(openMatSubmissions.status, "approved"),
        eq(openMatSubmissions.decidedAt, claimedAt),
      ),
    );

/**
 * Approvals claimed before `cutoff` that never wrote their audit row (the copy stopped between
 * the claim and the end of the approval) go back to the queue, so no submission is lost in
 * between. The row's `id`s are returned for the log.
 */
export const releaseStaleClaims = (db: Db, cutoff: Date) =>
  db
    .update(openMatSubmissions)
    .set({ status: "pending", decidedBy: null, decidedAt: null, reason: null, schoolId: null })
    .where(
      and(
        eq(openMatSubmissions.status, "approved"),
        lt(openMatSubmissions.decidedAt, cutoff),
        sql`NOT EXISTS (SELECT 1 FROM ${adminAuditLog} WHERE ${adminAuditLog.subjectType} = 'submission'
          AND ${adminAuditLog.subjectId} = ${openMatSubmissions.id})`,
      ),
    )
    .returning({ id: openMatSubmissions.id });

export const insertAudit = (db: Pick<Db, "insert">, values: typeof adminAuditLog.$inferInsert) =>
  db.insert(adminAuditLog).values(values);

/** Newest first; `beforeId` continues after the last row seen. */
export const auditPage = (db: Db, limit: number, beforeId?: number) =>
  db
    .select({
      id: adminAuditLog.id,
      actorId: adminAuditLog.actorId,
      actor: users.username,
      action: adminAuditLog.action,
      subjectType: adminAuditLog.subjectType,
      subjectId: adminAuditLog.subjectId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      at: adminAuditLog.at,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(beforeId ? lt(adminAuditLog.id, beforeId) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(limit);

/** `changes()` of the statement before, as a batch's guard. */
export const changedJustNow = sql`changes() = 1`;
