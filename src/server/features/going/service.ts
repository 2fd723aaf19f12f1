import { MOVE_REACH_DAYS } from "../../../common/schedule/occurrences";
import {
  DEFAULT_SHOW_GOING,
  GOING_NAMES_MAX,
  type GoingChange,
  type GoingNames,
  goingTexts,
  REMINDER_LEAD_MS,
  type SchoolPageGoing,
  type Slot,
  WENT_DAYS,
} from "../../../common/schemas/going";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { can } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import { type Relation, SELF, STRANGER } from "../../policy/relation";
import { type PolicyViewer, viewerId } from "../../policy/viewer";
import { keptSchoolViews } from "../schools/service";
import { settingsFromRow } from "../settings/service";
import { occurrenceAt } from "./occurrence";
import * as q from "./queries";

export { cancellationMailJob, GOING_MAIL_JOB } from "./mail";
export { GOING_REMINDERS_JOB, remindersJob } from "./reminders";
export { tonightNear } from "./tonight";

export interface GoingDeps {
  db: Db;
  now: () => Date;
}

/**
 * POST /api/schools/{id}/occurrences/{date}/{startMinute}/going: the member is going to the
 * occurrence in that slot. It must be one the schedule has (a moved one by its own slot),
 * not cancelled and not yet started; saying it again answers the first result (`created`
 * false) and changes nothing. `starts_at` is the occurrence's start as it is now.
 */
export async function goTo(
  deps: GoingDeps,
  viewer: PolicyViewer,
  schoolId: number,
  slot: Slot,
): Promise<{ change: GoingChange; created: boolean }> {
  const userId = requireMemberId(viewer);
  const { occurrence } = await occurrenceAt(deps.db, schoolId, slot);
  if (!occurrence?.startsAt) throw new HttpError(404, goingTexts.noOccurrence);
  if (occurrence.status === "cancelled") throw new HttpError(409, goingTexts.cancelled);
  const startsAt = new Date(occurrence.startsAt);
  const now = deps.now();
  if (startsAt <= now) throw new HttpError(422, goingTexts.started);
  // Said within the reminder's lead: they know it is soon, no reminder is due.
  const remindedAt = startsAt.getTime() - now.getTime() <= REMINDER_LEAD_MS ? now : null;
  const inserted = await q.insertGoing(deps.db, { schoolId, slot, userId, startsAt, at: now, remindedAt });
  return {
    change: { going: true, count: await q.countAt(deps.db, schoolId, slot), startsAt: occurrence.startsAt },
    created: inserted.rowsAffected === 1,
  };
}

/**
 * DELETE …/going: takes it back, until the occurrence starts (judged at its time now: a moved
 * one at its new time; one the schedule no longer has, at the time stored). Not going is
 * answered as such, with nothing changed.
 */
export async function takeBack(
  deps: GoingDeps,
  viewer: PolicyViewer,
  schoolId: number,
  slot: Slot,
): Promise<GoingChange> {
  const userId = requireMemberId(viewer);
  const { occurrence } = await occurrenceAt(deps.db, schoolId, slot);
  const row = await q.goingRow(deps.db, schoolId, slot, userId);
  if (row) {
    const startsAt = occurrence?.startsAt ? new Date(occurrence.startsAt) : row.startsAt;
    if (startsAt <= deps.now()) throw new HttpError(422, goingTexts.takeBackStarted);
    await q.deleteGoing(deps.db, schoolId, slot, userId);
  }
  return { going: false, count: await q.countAt(deps.db, schoolId, slot) };
}

/**
 * GET …/going: how many go, whether the viewer does, and the names of those the policy lets
 * the viewer see (`going.names.read`: each one's showGoing and how the viewer stands to them),
 * oldest first. A slot the schedule does not have answers a count of those still recorded.
 */
export async function goingNames(
  deps: GoingDeps,
  viewer: PolicyViewer,
  schoolId: number,
  slot: Slot,
): Promise<GoingNames> {
  // Only whether the school is there: the school as this copy keeps it per schools version.
  if (!(await keptSchoolViews(deps.db, [schoolId])).length)
    throw new HttpError(404, goingTexts.schoolNotFound);
  const me = viewerId(viewer);
  const [count, goers] = await Promise.all([
    q.countAt(deps.db, schoolId, slot),
    q.goersWithRelations(deps.db, schoolId, slot, GOING_NAMES_MAX, me ?? 0),
  ]);
  const names = goers
    .filter((g) => {
      // The statement worked out how the viewer stands to each (a guest: a stranger to all).
      const relation: Relation =
        g.id === me
          ? SELF
          : {
              ...STRANGER,
              follows: Boolean(g.follows),
              followedBy: Boolean(g.followedBy),
              blocked: Boolean(g.blocked),
            };
      return can(viewer, "going.names.read", {
        relation,
        settings: settingsFromRow(g.settings),
        showGoing: g.settings?.showGoing ?? DEFAULT_SHOW_GOING,
      });
    })
    .map((g) => ({ id: g.id, username: g.username }));
  const viewerGoing =
    me !== null &&
    (goers.some((g) => g.id === me) ||
      (goers.length === GOING_NAMES_MAX && !!(await q.goingRow(deps.db, schoolId, slot, me))));
  return { count, names, viewerGoing };
}

/**
 * How many go to each of a school's occurrences whose slot date is from `from` to `to`, by
 * `Occurrence.key`, and whether the viewer does (for a member): one statement.
 */
export async function goingCountsBetween(
  db: Db,
  schoolId: number,
  from: string,
  to: string,
  viewer: PolicyViewer | null,
): Promise<Map<string, { count: number; mine: boolean }>> {
  const rows = await q.countsBetween(db, schoolId, from, to, viewer ? viewerId(viewer) : null);
  return new Map(rows.map((r) => [r.key, { count: r.count, mine: r.mine }]));
}

/**
 * What the school page shows (issue 22): counts for the occurrences whose slots fall from
 * `from` to `to` (a move reaches MOVE_REACH_DAYS), the member's own, and 'went last week'.
 * Two statements; nothing of one member for a guest.
 */
export async function goingOnPage(
  db: Db,
  schoolId: number,
  range: { from: string; to: string },
  memberId: number | null,
  now: Date,
): Promise<SchoolPageGoing> {
  const wide = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const [rows, went] = await Promise.all([
    q.countsBetween(
      db,
      schoolId,
      wide(range.from, -MOVE_REACH_DAYS),
      wide(range.to, MOVE_REACH_DAYS),
      memberId,
    ),
    wentLastWeek(db, schoolId, now),
  ]);
  return {
    counts: Object.fromEntries(rows.map((r) => [r.key, r.count])),
    mine: memberId === null ? null : rows.filter((r) => r.mine).map((r) => r.key),
    wentLastWeek: went,
    now: now.getTime(),
  };
}

/** 'N went last week': members who came to an occurrence there (a verified check-in) in the last WENT_DAYS days. */
export const wentLastWeek = (db: Db, schoolId: number, now: Date) =>
  q.cameBetween(db, schoolId, new Date(now.getTime() - WENT_DAYS * 86_400_000), now);

/** Rows are kept this long after their occurrence started ('went last week' reads a week). */
export const GOING_KEPT_DAYS = 90;

/** The pruning job's step: going rows of occurrences long past. */
export const pruneOldGoing = (db: Db, now: Date, limit: number) =>
  q.pruneGoingBefore(db, new Date(now.getTime() - GOING_KEPT_DAYS * 86_400_000), limit);

/** Those going to what cancellations and moves name, by `schoolId date startMinute` ("day" for a closed day). */
export const goersOf = q.goersOfSlots;

/**
 * For a verified check-in's batch: the member came to the occurrence whose window holds the
 * check-in (its `Occurrence.key`), if they were going to it. No statement for a key that
 * names no timed slot.
 */
export function cameStatements(schoolId: number, userId: number, key: string) {
  const match = /^(\d{4}-\d{2}-\d{2})@(\d{1,4})$/.exec(key);
  if (!match) return [];
  return [q.cameStatement(schoolId, userId, { date: match[1] as string, startMinute: Number(match[2]) })];
}
