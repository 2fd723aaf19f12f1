import { asc, gte, or } from "drizzle-orm";
import type { ScheduleException } from "../../../common/schedule/occurrences";
import type { Db } from "../../../db/client";
import { scheduleExceptions } from "../../../db/schema";
import { perSchoolsVersion } from "./version-cache";

/**
 * How far back the exceptions kept with the views reach. A schools version may last for
 * weeks, so "today" is not fixed when they are read: a margin keeps yesterday's (a late
 * session runs past midnight) and a copy whose clock is set back a little (tests) right.
 */
const KEPT_PAST_DAYS = 60;

export type ExceptionsBySchool = ReadonlyMap<number, readonly ScheduleException[]>;

const bySchoolOf = new WeakMap<Db, () => Promise<ExceptionsBySchool>>();

/** Every school's exceptions on or after `from`, or moving an open mat to then (a local date; the table holds few rows). */
const exceptionsFrom = (db: Db, from: string) =>
  db
    .select()
    .from(scheduleExceptions)
    .where(or(gte(scheduleExceptions.date, from), gte(scheduleExceptions.moveToDate, from)))
    .orderBy(asc(scheduleExceptions.schoolId), asc(scheduleExceptions.date));

/**
 * Every school's exceptions (schedule-exceptions writes them) from a little before today on,
 * read once per schools version (an exception's change bumps it): the views, pages, the
 * open-now index and the check-in window read them from here, so a cached page still makes
 * no statement.
 */
export function exceptionsBySchool(db: Db): Promise<ExceptionsBySchool> {
  let read = bySchoolOf.get(db);
  if (!read) {
    read = perSchoolsVersion(db, async () => {
      const from = new Date(Date.now() - KEPT_PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
      const map = new Map<number, ScheduleException[]>();
      for (const row of await exceptionsFrom(db, from)) {
        const list = map.get(row.schoolId) ?? [];
        list.push({
          id: row.id,
          date: row.date,
          startMinute: row.startMinute,
          reason: row.reason,
          // A moved open mat: its new local date and minutes (schedule-exceptions writes all three).
          ...(row.moveToDate !== null && row.moveToStart !== null
            ? { moveTo: { date: row.moveToDate, start: row.moveToStart, end: row.moveToEnd } }
            : {}),
        });
        map.set(row.schoolId, list);
      }
      return map;
    });
    bySchoolOf.set(db, read);
  }
  return read();
}
