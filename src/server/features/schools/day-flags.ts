/**
 * A school's weekday flags (the day filters, the pins) are computed when its schedule is
 * written, but a dated open mat or a season ends on its own: once the last date has passed,
 * the day it gave the school must go. This periodic job recomputes the flags of the schools
 * that have such sessions and writes those that changed, bumping the schools version once.
 */
import { eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Session, UntimedSession } from "../../../common/schedule/types";
import type { Db } from "../../../db/client";
import { openMatSessions, schools } from "../../../db/schema";
import type { Job } from "../../jobs/runner";
import { bumpSchoolsVersion } from "./queries";
import { schoolsChanged } from "./schools-version";
import { scheduleDayFlags, toSession, untimedOf } from "./session-rows";

export const DAY_FLAGS_JOB = "refresh:day_flags";
const DAY_FLAGS_EVERY_MS = 60 * 60_000;
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const CHUNK = 500;

/** Recomputes the day flags of every school with a dated or seasonal session; answers how many changed. */
export async function refreshDayFlags(db: Db, now: Date): Promise<number> {
  const ids = (
    await db
      .selectDistinct({ id: openMatSessions.schoolId })
      .from(openMatSessions)
      .where(or(isNotNull(openMatSessions.onDate), isNotNull(openMatSessions.seasonUntil)))
  ).map((row) => row.id);
  const updates: ReturnType<typeof updateFlags>[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [rows, sessions] = await Promise.all([
      db.select().from(schools).where(inArray(schools.id, chunk)),
      db.select().from(openMatSessions).where(inArray(openMatSessions.schoolId, chunk)),
    ]);
    const bySchool = Map.groupBy(sessions, (s) => s.schoolId);
    for (const row of rows) {
      const parsed = {
        sessions: (bySchool.get(row.id) ?? []).map((s): Session => toSession(s)),
        untimed: untimedOf(row.scheduleUntimed) as UntimedSession[],
        unparsed: [],
        noOpenMat: false,
      };
      const flags = scheduleDayFlags(parsed, now);
      if (DAYS.every((day) => row[day] === flags[day])) continue;
      updates.push(updateFlags(db, row.id, flags));
    }
  }
  if (updates.length === 0) return 0;
  await db.batch([bumpSchoolsVersion(db), ...updates]);
  schoolsChanged(db);
  return updates.length;
}

const updateFlags = (db: Db, id: number, flags: ReturnType<typeof scheduleDayFlags>) =>
  db.update(schools).set(flags).where(eq(schools.id, id));

export const dayFlagsJob: Job = {
  name: DAY_FLAGS_JOB,
  kind: "periodic",
  everyMs: DAY_FLAGS_EVERY_MS,
  async run({ db, now, logger }) {
    const changed = await refreshDayFlags(db, now);
    if (changed) logger.info("day flags refreshed", { schools: changed });
    return changed;
  },
};
