import type { ScheduleException } from "../../../common/schedule/occurrences";
import { exceptionTexts, type ScheduleExceptionView } from "../../../common/schemas/schedule-exceptions";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { getSchool } from "../schools/service";
import * as q from "./queries";

export interface ExceptionDeps {
  db: Db;
  now: () => Date;
}

const DAY_MS = 86_400_000;
/** A local date (YYYY-MM-DD) as a day number, for calendar arithmetic only. */
export const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** `date` plus `days` calendar days (YYYY-MM-DD). */
export const addDays = (date: string, days: number) =>
  new Date((dayOf(date) + days) * DAY_MS).toISOString().slice(0, 10);

export const toExceptionView = (row: q.ExceptionRow): ScheduleExceptionView => ({
  id: row.id,
  schoolId: row.schoolId,
  date: row.date,
  startMinute: row.startMinute,
  reason: row.reason,
  moveTo: q.moveOf(row),
  createdAt: row.createdAt.toISOString(),
});

/** What `expandOccurrences` reads of a stored exception. */
export const toScheduleException = (row: q.ExceptionRow): ScheduleException => ({
  id: row.id,
  date: row.date,
  startMinute: row.startMinute,
  reason: row.reason,
  moveTo: q.moveOf(row),
});

export async function schoolWithSessions(db: Db, schoolId: number) {
  const school = await getSchool(db, schoolId);
  if (!school) throw new HttpError(404, exceptionTexts.schoolNotFound);
  return { school, sessions: school.sessions };
}
