import { and, desc, eq, sql } from "drizzle-orm";
import type { FeedbackStatus } from "../../../common/schemas/feedback";
import type { Db } from "../../../db/client";
import { feedback, schools, users } from "../../../db/schema";

export async function insertFeedback(db: Db, values: typeof feedback.$inferInsert) {
  const [row] = await db.insert(feedback).values(values).returning({ id: feedback.id });
  return row;
}

export type FeedbackRow = typeof feedback.$inferSelect;

export const findFeedback = (db: Db, id: number) =>
  db.query.feedback.findFirst({ where: eq(feedback.id, id) });

const listed = {
  id: feedback.id,
  schoolId: feedback.schoolId,
  communityNotes: feedback.communityNotes,
  privateComments: feedback.privateComments,
  /** The suggested visitor rules, JSON text or null. */
  visitorRules: feedback.visitorRules,
  submittedAt: feedback.submittedAt,
  status: feedback.status,
  decidedAt: feedback.decidedAt,
  decidedBy: users.username,
  notePublished: feedback.notePublished,
  schoolName: schools.gym,
  schoolSlug: schools.slug,
  address: schools.address,
  city: schools.city,
  dayAndTime: schools.dayAndTime,
  website: schools.website,
  schoolVisitorRules: schools.visitorRules,
};

/** One school's open feedback, newest first, with the school's listed fields (its manage page). */
export const openFeedbackOf = (db: Db, schoolId: number, limit: number) =>
  db
    .select(listed)
    .from(feedback)
    .innerJoin(schools, eq(feedback.schoolId, schools.id))
    .leftJoin(users, eq(feedback.decidedBy, users.id))
    .where(and(eq(feedback.schoolId, schoolId), eq(feedback.status, "open")))
    .orderBy(desc(feedback.submittedAt), desc(feedback.id))
    .limit(limit);

/** Newest first, with the school's listed fields (the correction dialog starts from them) and who decided. */
export const listFeedback = (db: Db, limit: number) =>
  db
    .select(listed)
    .from(feedback)
    .innerJoin(schools, eq(feedback.schoolId, schools.id))
    .leftJoin(users, eq(feedback.decidedBy, users.id))
    .orderBy(desc(feedback.submittedAt), desc(feedback.id))
    .limit(limit);

/** SQL that holds while the feedback is still open: the guard of every statement in its decision's batch. */
export const stillOpen = (id: number) =>
  sql`EXISTS (SELECT 1 FROM feedback WHERE id = ${id} AND status = 'open')`;

/** Decides the feedback if it is still open; returns its id only when this call decided it. */
export const decideIfOpen = (
  db: Db,
  id: number,
  decision: {
    status: Exclude<FeedbackStatus, "open">;
    decidedBy: number;
    decidedAt: Date;
    notePublished: boolean;
  },
) =>
  db
    .update(feedback)
    .set(decision)
    .where(and(eq(feedback.id, id), eq(feedback.status, "open")))
    .returning({ id: feedback.id });
