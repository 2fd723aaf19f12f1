import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { schoolOwners, schools, users } from "../../../db/schema";

/** Whether a school exists and whether `userId` (if any) is one of its owners, in one statement. */
export async function schoolOwnership(db: Db, schoolId: number, userId: number | null) {
  const row = await db
    .select({
      id: schools.id,
      owner:
        userId === null
          ? sql<number>`0`
          : sql<number>`EXISTS (SELECT 1 FROM ${schoolOwners} WHERE ${schoolOwners.schoolId} = ${schools.id} AND ${schoolOwners.userId} = ${userId})`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .get();
  return row ? { owner: Boolean(row.owner) } : null;
}

/** A school's owners, first to join first. */
export const ownersOf = (db: Db, schoolId: number) =>
  db
    .select({ userId: schoolOwners.userId, username: users.username, since: schoolOwners.createdAt })
    .from(schoolOwners)
    .innerJoin(users, eq(users.id, schoolOwners.userId))
    .where(eq(schoolOwners.schoolId, schoolId))
    .orderBy(asc(schoolOwners.createdAt), asc(schoolOwners.userId));

/** The ids of the schools a member owns. */
export const schoolsOwnedBy = async (db: Db, userId: number) =>
  (
    await db
      .select({ schoolId: schoolOwners.schoolId })
      .from(schoolOwners)
      .where(eq(schoolOwners.userId, userId))
  ).map((row) => row.schoolId);

export const isOwner = async (db: Db, schoolId: number, userId: number) =>
  (
    await db
      .select({ one: sql<number>`1` })
      .from(schoolOwners)
      .where(and(eq(schoolOwners.schoolId, schoolId), eq(schoolOwners.userId, userId)))
      .limit(1)
  ).length > 0;
