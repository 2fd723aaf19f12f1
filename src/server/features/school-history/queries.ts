import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { schoolEdits, users } from "../../../db/schema";

/** A school's edits older than `beforeId` (all when null), newest first, at most `limit`, with who made each. */
export const editsOfSchool = (db: Db, schoolId: number, beforeId: number | null, limit: number) =>
  db
    .select({
      id: schoolEdits.id,
      at: schoolEdits.createdAt,
      source: schoolEdits.source,
      changes: schoolEdits.changes,
      userId: schoolEdits.userId,
      username: users.username,
    })
    .from(schoolEdits)
    .leftJoin(users, eq(users.id, schoolEdits.userId))
    .where(
      and(eq(schoolEdits.schoolId, schoolId), beforeId === null ? undefined : lt(schoolEdits.id, beforeId)),
    )
    .orderBy(desc(schoolEdits.id))
    .limit(limit);
