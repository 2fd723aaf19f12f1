import { and, eq, gte } from "drizzle-orm";
import { DAILY_COUNT_MAX, type ListingKind } from "../../../common/schemas/listing-activity";
import type { Db } from "../../../db/client";
import { rawStatement } from "../../../db/raw-statement";
import { schoolDailyStats } from "../../../db/schema";

const COUNT_OF = (onlyIf: string) => `INSERT INTO school_daily_stats (school_id, day, kind, "count")
  SELECT id, ?, ?, 1 FROM schools WHERE id = ? AND ${onlyIf}
  ON CONFLICT (school_id, day, kind) DO UPDATE SET "count" = "count" + 1
  WHERE "count" < ${DAILY_COUNT_MAX}`;
const COUNT = COUNT_OF("1");
// After the batch's statement before it: counted only when that one changed a row.
const COUNT_IF_CHANGED = COUNT_OF("changes() = 1");

/**
 * One more `kind` for the school on `day` (UTC, YYYY-MM-DD): one upsert on the day's row, so
 * requests at once all count and nothing per visitor is kept. Nothing is written for a
 * school that is not there, once the day's count reached its cap, or, with `onlyIfChanged`,
 * when the statement before it in the batch changed nothing.
 */
export const countStatement = (schoolId: number, kind: ListingKind, day: string, onlyIfChanged = false) =>
  rawStatement(onlyIfChanged ? COUNT_IF_CHANGED : COUNT, [day, kind, schoolId]);

/** The school's daily counts from `fromDay` on. */
export const dailyCountsSince = (db: Db, schoolId: number, fromDay: string) =>
  db
    .select({ day: schoolDailyStats.day, kind: schoolDailyStats.kind, count: schoolDailyStats.count })
    .from(schoolDailyStats)
    .where(and(eq(schoolDailyStats.schoolId, schoolId), gte(schoolDailyStats.day, fromDay)));

export const schoolExists = async (db: Db, schoolId: number) =>
  (await db.$client.execute({ sql: "SELECT 1 FROM schools WHERE id = ?", args: [schoolId] })).rows.length > 0;
