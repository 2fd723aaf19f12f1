import { sql } from "drizzle-orm";
import { expandOccurrences, MOVE_REACH_DAYS } from "../../../common/schedule/occurrences";
import { localDateAt } from "../../../common/schedule/open-now";
import type { Session } from "../../../common/schedule/types";
import type { OccurrenceGoing } from "../../../common/schemas/going";
import {
  type AdminExceptionView,
  type ExceptionSchoolChoice,
  exceptionTexts,
  OCCURRENCE_DEFAULT_DAYS,
  OCCURRENCE_RANGE_MAX_DAYS,
  type OccurrenceView,
  SCHOOL_CHOICES_MAX,
  type ScheduleExceptionView,
} from "../../../common/schemas/schedule-exceptions";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { requireAccess } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { goingCountsBetween } from "../going/service";
import { requireSchool } from "../owners/service";
import {
  bumpSchoolsVersionIfChanged,
  keptSchoolViews,
  perSchoolsVersion,
  schoolsChanged,
  schoolsMatching,
} from "../schools/service";
import * as q from "./queries";
import { addDays, dayOf, type ExceptionDeps, toExceptionView, toScheduleException } from "./shared";

export { addException } from "./add";
export { EXCEPTION_KEPT_DAYS, pruneOldExceptions } from "./prune";
/** What the bell (notifications/cancellations.ts) reads of exceptions and who saved their gyms. */
export {
  exceptionsWithSchools,
  restoredIds as restoredExceptionIds,
  saversOf,
  schoolNames,
} from "./queries";
export { addDays, type ExceptionDeps, toExceptionView, toScheduleException } from "./shared";

/**
 * GET /api/schools/{id}/occurrences: the dated open mats from `from` to `to` (local dates,
 * inclusive; by default today in the gym's zone and the 27 days after), each scheduled or
 * cancelled with its reason; a moved one at its new time, with where it was. At most 92
 * days; a reversed range is refused. Each says how many are going, and for a member viewer
 * whether they are.
 */
export async function listOccurrences(
  deps: ExceptionDeps,
  schoolId: number,
  range: { from?: string; to?: string },
  viewer: PolicyViewer | null = null,
): Promise<{ occurrences: (OccurrenceView & OccurrenceGoing)[] }> {
  const [school] = await keptSchoolViews(deps.db, [schoolId]);
  if (!school) throw new HttpError(404, exceptionTexts.schoolNotFound);
  const from = range.from ?? localDateAt(deps.now(), school.timeZone);
  const to = range.to ?? addDays(from, OCCURRENCE_DEFAULT_DAYS - 1);
  if (to < from) throw new HttpError(400, exceptionTexts.rangeReversed);
  if (dayOf(to) - dayOf(from) + 1 > OCCURRENCE_RANGE_MAX_DAYS)
    throw new HttpError(400, exceptionTexts.rangeTooLong);
  // A move brings an open mat from as far as MOVE_REACH_DAYS outside the range into it.
  const [wideFrom, wideTo] = [addDays(from, -MOVE_REACH_DAYS), addDays(to, MOVE_REACH_DAYS)];
  const [expanded, counts] = await Promise.all([
    keptOccurrences(deps, school, from, to, [wideFrom, wideTo]),
    // Issue 22: how many go to each (by its slot, so a moved one keeps its count), in one statement.
    goingCountsBetween(deps.db, schoolId, wideFrom, wideTo, viewer),
  ]);
  const occurrences = expanded.map((o): OccurrenceView & OccurrenceGoing => ({
    date: o.date,
    start: o.start,
    end: o.end,
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    status: o.status,
    reason: o.reason,
    notes: o.notes,
    ...(o.movedFrom ? { movedFrom: o.movedFrom } : {}),
    goingCount: counts.get(o.key)?.count ?? 0,
    ...(viewer && viewer.kind !== "guest" ? { viewerGoing: counts.get(o.key)?.mine ?? false } : {}),
  }));
  return { occurrences };
}

type Expanded = ReturnType<typeof expandOccurrences>;
/** Ranges of schools' open mats one copy keeps per schools version. */
const EXPANDED_MAX = 2000;
const expandedByDb = new WeakMap<ExceptionDeps["db"], () => Promise<Map<string, Promise<Expanded>>>>();

/**
 * A school's open mats from `from` to `to`, expanded from its sessions and exceptions, kept
 * per schools version: all they are made of (the sessions, the exceptions, the zone) moves
 * the version when it changes, so a repeated range costs no statement and no time-zone work.
 * The going counts are not in it: they are read on every request.
 */
async function keptOccurrences(
  deps: ExceptionDeps,
  school: { id: number; timeZone: string; sessions: Session[] },
  from: string,
  to: string,
  [wideFrom, wideTo]: [string, string],
): Promise<Expanded> {
  let kept = expandedByDb.get(deps.db);
  if (!kept) {
    kept = perSchoolsVersion(deps.db, async () => new Map<string, Promise<Expanded>>());
    expandedByDb.set(deps.db, kept);
  }
  const ranges = await kept();
  const key = `${school.id}|${from}|${to}`;
  let expanded = ranges.get(key);
  if (!expanded) {
    expanded = q
      .exceptionsBetween(deps.db, school.id, wideFrom, wideTo)
      .then((rows) =>
        expandOccurrences(school.sessions, rows.map(toScheduleException), school.timeZone, from, to),
      );
    if (ranges.size >= EXPANDED_MAX) ranges.clear();
    ranges.set(key, expanded);
    expanded.catch(() => ranges.delete(key));
  }
  return expanded;
}

/**
 * DELETE /api/schools/{id}/exceptions/{exceptionId}: restores the open mat (or the day), or
 * takes a moved one back to its own time.
 * The audit row (before: the exception), the delete and the version's bump are one batch;
 * a bell item already sent stays, and from then on says the open mat is back on.
 */
export async function restoreOccurrence(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
  schoolId: number,
  exceptionId: number,
): Promise<{ restored: ScheduleExceptionView }> {
  await requireSchool(deps.db, viewer, "school.exceptions", schoolId, exceptionTexts.schoolNotFound);
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

/**
 * GET /api/admin/schedule-exceptions: cancellations and moves from yesterday on (any zone's
 * today; a move also while the day it moved to is), by date.
 */
export async function upcomingExceptions(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
): Promise<{ exceptions: AdminExceptionView[] }> {
  requireAccess(viewer, "exceptions.list", { forbidden: exceptionTexts.forbidden });
  const from = addDays(deps.now().toISOString().slice(0, 10), -1);
  return { exceptions: await q.upcomingWithSchools(deps.db, from, UPCOMING_MAX) };
}

/** GET /api/admin/schedule-exceptions/schools?q=: schools by name, address or city, for the cancel form. */
export async function schoolChoices(
  deps: ExceptionDeps,
  viewer: PolicyViewer,
  text: string,
): Promise<{ schools: ExceptionSchoolChoice[] }> {
  requireAccess(viewer, "exceptions.list", { forbidden: exceptionTexts.forbidden });
  const rows = await schoolsMatching(deps.db, text, SCHOOL_CHOICES_MAX);
  return { schools: rows.map((r) => ({ id: r.id, gym: r.gym, city: r.city, state: r.state })) };
}
