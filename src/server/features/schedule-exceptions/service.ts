import { sql } from "drizzle-orm";
import { expandOccurrences, type ScheduleException } from "../../../common/schedule/occurrences";
import { localDateAt } from "../../../common/schedule/open-now";
import {
  type AdminExceptionView,
  type ExceptionInput,
  type ExceptionSchoolChoice,
  exceptionTexts,
  OCCURRENCE_DEFAULT_DAYS,
  OCCURRENCE_RANGE_MAX_DAYS,
  type OccurrenceView,
  SCHOOL_CHOICES_MAX,
  type ScheduleExceptionView,
} from "../../../common/schemas/schedule-exceptions";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { appendEvent } from "../../events/store";
import { HttpError } from "../../http/errors";
import { requireAccess } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { bumpSchoolsVersionIfChanged, getSchool, schoolsChanged, schoolsMatching } from "../schools/service";
import * as q from "./queries";

/** What the bell (notifications/cancellations.ts) reads of exceptions and who saved their gyms. */
export { exceptionsWithSchools, saversOf, schoolNames } from "./queries";

export interface ExceptionDeps {
  db: Db;
  now: () => Date;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** `date` plus `days` calendar days (YYYY-MM-DD). */
export const addDays = (date: string, days: number) =>
  new Date((dayOf(date) + days) * DAY_MS).toISOString().slice(0, 10);

export const toExceptionView = (row: q.ExceptionRow): ScheduleExceptionView => ({
  id: row.id,
  schoolId: row.schoolId,
  date: row.date,
  startMinute: row.startMinute,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

/** What `expandOccurrences` reads of a stored exception. */
export const toScheduleException = (row: q.ExceptionRow): ScheduleException => ({
  id: row.id,
  date: row.date,
  startMinute: row.startMinute,
  reason: row.reason,
});

async function schoolWithSessions(db: Db, schoolId: number) {
  const school = await getSchool(db, schoolId);
  if (!school) throw new HttpError(404, exceptionTexts.schoolNotFound);
  return { school, sessions: school.sessions };
}

/**
 * GET /api/schools/{id}/occurrences: the dated open mats from `from` to `to` (local dates,
 * inclusive; by default today in the gym's zone and the 27 days after), each scheduled or
 * cancelled with its reason. At most 92 days; a reversed range is refused.
 */
export async function listOccurrences(
  deps: ExceptionDeps,
  schoolId: number,
  range: { from?: string; to?: string },
): Promise<{ occurrences: OccurrenceView[] }> {
  const { school, sessions } = await schoolWithSessions(deps.db, schoolId);
  const from = range.from ?? localDateAt(deps.now(), school.timeZone);
  const to = range.to ?? addDays(from, OCCURRENCE_DEFAULT_DAYS - 1);
  if (to < from) throw new HttpError(400, exceptionTexts.rangeReversed);
  if (dayOf(to) - dayOf(from) + 1 > OCCURRENCE_RANGE_MAX_DAYS)
    throw new HttpError(400, exceptionTexts.rangeTooLong);
  const exceptions = (await q.exceptionsBetween(deps.db, schoolId, from, to)).map(toScheduleException);
  const occurrences = expandOccurrences(sessions, exceptions, school.timeZone, from, to).map(
    (o): OccurrenceView => ({
      date: o.date,
      start: o.start,
      end: o.end,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      status: o.status,
      reason: o.reason,
      notes: o.notes,
    }),
  );
  return { occurrences };
}

/**
 * POST /api/schools/{id}/exceptions: cancels the open mat at `date` and `startMinute`, or
 * (without one) every open mat that day. It must name an occurrence the school has, today
 * or later in its zone. The exception, its audit row, the `occurrence.cancelled` event (ids
 * only: savers are told by the notifications consumer) and the schools version's bump are
 * one batch, each written only when the one before it was. Cancelling again (even at once)
 * answers the first exception, with nothing new written.
 */
export async function cancelOccurrence(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
  schoolId: number,
  input: ExceptionInput,
): Promise<{ exception: ScheduleExceptionView; created: boolean }> {
  requireAccess(viewer, "school.exceptions", { forbidden: exceptionTexts.forbidden });
  const admin = requireMemberId(viewer);
  const { db } = deps;
  const { school, sessions } = await schoolWithSessions(db, schoolId);
  const startMinute = input.startMinute ?? null;
  const existing = await q.exceptionAt(db, schoolId, input.date, startMinute);
  if (existing) return { exception: toExceptionView(existing), created: false };
  const now = deps.now();
  if (input.date < localDateAt(now, school.timeZone)) throw new HttpError(422, exceptionTexts.past);
  const that = expandOccurrences(sessions, [], school.timeZone, input.date, input.date);
  if (startMinute === null ? that.length === 0 : !that.some((o) => o.start === startMinute))
    throw new HttpError(
      422,
      startMinute === null ? exceptionTexts.noOccurrenceThatDay : exceptionTexts.noOccurrence,
    );
  const after = { schoolId, date: input.date, startMinute, reason: input.reason };
  schoolsChanged(db);
  const [inserted] = await db.batch([
    q.insertException(db, { ...after, createdBy: admin, at: now }),
    auditStatement(
      db,
      {
        actorId: admin,
        action: "schedule.cancel",
        subjectType: "schedule_exception",
        subjectId: q.insertedExceptionId,
        before: null,
        after: { ...after, gym: school.gym },
        at: now,
      },
      sql`changes() = 1`,
    ),
    ...appendEvent(
      db,
      {
        type: "occurrence.cancelled",
        actorId: admin,
        subjectId: q.insertedExceptionId,
        payload: { schoolId },
        at: now,
      },
      sql`changes() = 1`,
    ),
    bumpSchoolsVersionIfChanged(db),
  ]);
  schoolsChanged(db);
  const row = await q.exceptionAt(db, schoolId, input.date, startMinute);
  if (!row) throw new HttpError(404, exceptionTexts.schoolNotFound);
  // A cancellation sent at the same moment took the slot first: answered as a repeat.
  return { exception: toExceptionView(row), created: inserted.rowsAffected === 1 };
}

/**
 * DELETE /api/schools/{id}/exceptions/{exceptionId}: restores the open mat (or the day).
 * The audit row (before: the exception), the delete and the version's bump are one batch;
 * a bell item already sent stays, and from then on says the open mat is back on.
 */
export async function restoreOccurrence(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
  schoolId: number,
  exceptionId: number,
): Promise<{ restored: ScheduleExceptionView }> {
  requireAccess(viewer, "school.exceptions", { forbidden: exceptionTexts.forbidden });
  const admin = requireMemberId(viewer);
  const { db } = deps;
  const row = await q.exceptionById(db, exceptionId);
  if (!row || row.schoolId !== schoolId) throw new HttpError(404, exceptionTexts.exceptionNotFound);
  const now = deps.now();
  schoolsChanged(db);
  const [, deleted] = await db.batch([
    auditStatement(
      db,
      {
        actorId: admin,
        action: "schedule.restore",
        subjectType: "schedule_exception",
        subjectId: exceptionId,
        before: toExceptionView(row),
        after: null,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM schedule_exceptions WHERE id = ${exceptionId})`,
    ),
    q.deleteException(db, exceptionId),
    bumpSchoolsVersionIfChanged(db),
  ]);
  schoolsChanged(db);
  if (deleted.rowsAffected !== 1) throw new HttpError(404, exceptionTexts.exceptionNotFound);
  return { restored: toExceptionView(row) };
}

/** How many cancellations /admin lists at once (they are few: each is an admin's act). */
const UPCOMING_MAX = 200;

/** GET /api/admin/schedule-exceptions: cancellations from yesterday on (any zone's today), by date. */
export async function upcomingExceptions(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
): Promise<{ exceptions: AdminExceptionView[] }> {
  requireAccess(viewer, "school.exceptions", { forbidden: exceptionTexts.forbidden });
  const from = addDays(deps.now().toISOString().slice(0, 10), -1);
  return { exceptions: await q.upcomingWithSchools(deps.db, from, UPCOMING_MAX) };
}

/** GET /api/admin/schedule-exceptions/schools?q=: schools by name, address or city, for the cancel form. */
export async function schoolChoices(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
  text: string,
): Promise<{ schools: ExceptionSchoolChoice[] }> {
  requireAccess(viewer, "school.exceptions", { forbidden: exceptionTexts.forbidden });
  const rows = await schoolsMatching(deps.db, text, SCHOOL_CHOICES_MAX);
  return { schools: rows.map((r) => ({ id: r.id, gym: r.gym, city: r.city, state: r.state })) };
}
