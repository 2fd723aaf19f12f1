import { sql } from "drizzle-orm";
import { expandOccurrences, type RecurringSession } from "../../../common/schedule/occurrences";
import { localDateAt } from "../../../common/schedule/open-now";
import {
  type ExceptionInput,
  exceptionTexts,
  MOVE_MAX_DAYS,
  type MoveTarget,
  type ScheduleExceptionView,
} from "../../../common/schemas/schedule-exceptions";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { appendEvent } from "../../events/store";
import { HttpError } from "../../http/errors";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { bumpSchoolsVersionIfChanged, schoolsChanged } from "../schools/service";
import * as q from "./queries";
import {
  addDays,
  dayOf,
  type ExceptionDeps,
  schoolWithSessions,
  toExceptionView,
  toScheduleException,
} from "./shared";

/**
 * A repeat answers the exception already in the slot when it asks the same thing (a
 * cancellation again, whatever its reason; the same move again); anything else is refused,
 * as the slot holds one exception: restore it first.
 */
function repeatOf(row: q.ExceptionRow, moveTo: MoveTarget | null): ScheduleExceptionView {
  const held = q.moveOf(row);
  const same =
    held === null
      ? moveTo === null
      : moveTo !== null &&
        held.date === moveTo.date &&
        held.start === moveTo.start &&
        held.end === moveTo.end;
  if (!same) throw new HttpError(409, exceptionTexts.alreadyChanged);
  return toExceptionView(row);
}

/**
 * Where a move may take an open mat: not before the gym's today, at most MOVE_MAX_DAYS from
 * its own date, somewhere else than its own time, not onto a closed day nor onto the start
 * of another open mat that day (moves there included).
 */
async function checkMove(
  db: Db,
  school: { id: number; timeZone: string },
  sessions: readonly RecurringSession[],
  own: { date: string; start: number; end: number | null },
  to: MoveTarget,
  today: string,
) {
  if (to.date < today) throw new HttpError(422, exceptionTexts.movePast);
  if (Math.abs(dayOf(to.date) - dayOf(own.date)) > MOVE_MAX_DAYS)
    throw new HttpError(422, exceptionTexts.moveTooFar);
  if (to.date === own.date && to.start === own.start && to.end === own.end)
    throw new HttpError(422, exceptionTexts.moveSame);
  const near = await q.exceptionsBetween(
    db,
    school.id,
    addDays(to.date, -MOVE_MAX_DAYS),
    addDays(to.date, MOVE_MAX_DAYS),
  );
  const exceptions = near.map(toScheduleException);
  if (exceptions.some((e) => e.date === to.date && e.startMinute === null && !e.moveTo))
    throw new HttpError(422, exceptionTexts.moveOntoClosed);
  const ownKey = `${own.date}@${own.start}`;
  const there = expandOccurrences(sessions, exceptions, school.timeZone, to.date, to.date);
  if (there.some((o) => o.status === "scheduled" && o.start === to.start && o.key !== ownKey))
    throw new HttpError(422, exceptionTexts.moveClash);
}

/**
 * POST /api/schools/{id}/exceptions: cancels the open mat at `date` and `startMinute`, or
 * (without one) every open mat that day; with `moveTo`, moves that one open mat instead.
 * It must name an occurrence the school has, today or later in its zone. The exception, its
 * audit row, the `occurrence.cancelled` or `occurrence.moved` event (ids only: savers are
 * told by the notifications consumer) and the schools version's bump are one batch, each
 * written only when the one before it was. Asking again (even at once) answers the first
 * exception, with nothing new written.
 */
export async function addException(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
  schoolId: number,
  input: ExceptionInput,
): Promise<{ exception: ScheduleExceptionView; created: boolean }> {
  await requireSchool(deps.db, viewer, "school.exceptions", schoolId, exceptionTexts.schoolNotFound);
  const admin = requireMemberId(viewer);
  const { db } = deps;
  const { school, sessions } = await schoolWithSessions(db, schoolId);
  const startMinute = input.startMinute ?? null;
  const moveTo = input.moveTo ? { ...input.moveTo, end: input.moveTo.end ?? null } : null;
  const existing = await q.exceptionAt(db, schoolId, input.date, startMinute);
  if (existing) return { exception: repeatOf(existing, moveTo), created: false };
  const now = deps.now();
  const today = localDateAt(now, school.timeZone);
  if (input.date < today) throw new HttpError(422, exceptionTexts.past);
  const that = expandOccurrences(sessions, [], school.timeZone, input.date, input.date);
  const own = startMinute === null ? that[0] : that.find((o) => o.start === startMinute);
  if (!own)
    throw new HttpError(
      422,
      startMinute === null ? exceptionTexts.noOccurrenceThatDay : exceptionTexts.noOccurrence,
    );
  if (moveTo && startMinute !== null)
    await checkMove(
      db,
      school,
      sessions,
      { date: input.date, start: startMinute, end: own.end },
      moveTo,
      today,
    );
  const after = { schoolId, date: input.date, startMinute, reason: input.reason, moveTo };
  schoolsChanged(db);
  const [inserted] = await db.batch([
    q.insertException(db, { ...after, createdBy: admin, at: now }),
    auditStatement(
      db,
      {
        actorId: admin,
        action: moveTo ? "schedule.move" : "schedule.cancel",
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
        type: moveTo ? "occurrence.moved" : "occurrence.cancelled",
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
  // Another request sent at the same moment took the slot first: answered as a repeat.
  if (inserted.rowsAffected !== 1) return { exception: repeatOf(row, moveTo), created: false };
  return { exception: toExceptionView(row), created: true };
}
