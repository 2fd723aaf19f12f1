import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { feedback, schools } from "../../../db/schema";

export async function insertFeedback(db: Db, values: typeof feedback.$inferInsert) {
  const [row] = await db.insert(feedback).values(values).returning({ id: feedback.id });
  return row;
}

/** Newest first, with the school's name and place, for the admin dashboard. */
export const listFeedback = (db: Db, limit: number) =>
  db
    .select({
      id: feedback.id,
      schoolId: feedback.schoolId,
      communityNotes: feedback.communityNotes,
      privateComments: feedback.privateComments,
      submittedAt: feedback.submittedAt,
      schoolName: schools.gym,
      address: schools.address,
      city: schools.city,
    })
    .from(feedback)
    .innerJoin(schools, eq(feedback.schoolId, schools.id))
    .orderBy(desc(feedback.submittedAt), desc(feedback.id))
    .limit(limit);
