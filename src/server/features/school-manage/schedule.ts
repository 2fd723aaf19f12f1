/**
 * `PUT /api/schools/{id}/schedule`: the manage page's rows stored as they are (not read again
 * from text), with the listing's text written from them. Rows that stay keep their id, so a
 * session keeps its last check-in and its own visitor rules.
 */
import { formatSession, listedSessions } from "../../../common/schedule/format";
import type { Session, UntimedSession } from "../../../common/schedule/types";
import { manageTexts, type ScheduleSaveInput, scheduleText } from "../../../common/schemas/school-manage";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { editStatement } from "../school-history/service";
import {
  bumpSchoolsVersionIfChanged,
  getSchool,
  scheduleDayFlags,
  schoolsChanged,
  sessionRows,
  toSession,
} from "../schools/service";
import * as q from "./queries";

export interface ScheduleDeps {
  db: Db;
  now: () => Date;
}

/** Reads that met another save between read and write are tried again this many times. */
const ATTEMPTS = 3;

const valuesOf = (sessions: Session[]): q.SessionValues[] =>
  sessionRows({ sessions, unparsed: [], noOpenMat: false });

const storedValues = (row: q.StoredSession): q.SessionValues => ({
  weekday: row.weekday,
  startMinute: row.startMinute,
  endMinute: row.endMinute,
  notes: row.notes,
  ordinals: row.ordinals,
  onDate: row.onDate,
  seasonFrom: row.seasonFrom,
  seasonUntil: row.seasonUntil,
  review: row.review,
});

/** Which days and times it is, in full; then only the slot a visitor rule or a check-in belongs to. */
const fullKey = (s: q.SessionValues) =>
  [s.weekday, s.startMinute, s.endMinute, s.ordinals, s.onDate, s.seasonFrom, s.seasonUntil].join("|");
const slotKey = (s: q.SessionValues) => [s.weekday, s.startMinute, s.ordinals, s.onDate].join("|");

export interface RowPlan {
  deletes: number[];
  updates: { id: number; values: q.SessionValues }[];
  inserts: q.SessionValues[];
}

/**
 * How stored rows become the wanted ones: a row with the same days and times is kept (its
 * notes updated), then one in the same slot (same weekday, start, weeks or date) is changed in
 * place; the rest go, and the new ones are added.
 */
export function planRows(stored: readonly q.StoredSession[], wanted: readonly q.SessionValues[]): RowPlan {
  const left = new Map(stored.map((row) => [row.id, storedValues(row)]));
  const plan: RowPlan = { deletes: [], updates: [], inserts: [] };
  const unmatched: q.SessionValues[] = [];
  const take = (values: q.SessionValues, key: (s: q.SessionValues) => string) => {
    for (const [id, old] of left) {
      if (key(old) !== key(values)) continue;
      left.delete(id);
      if (JSON.stringify(old) !== JSON.stringify(values)) plan.updates.push({ id, values });
      return true;
    }
    return false;
  };
  for (const values of wanted) if (!take(values, fullKey)) unmatched.push(values);
  for (const values of unmatched) if (!take(values, slotKey)) plan.inserts.push(values);
  plan.deletes = [...left.keys()];
  return plan;
}

/** The schedule as lines, for the edit history. */
const lines = (sessions: readonly Session[], untimed: readonly UntimedSession[]) =>
  listedSessions(sessions, untimed).map(formatSession);

/**
 * Saves the rows: the sessions' rows, the school's text and day filters, its source (the gym,
 * or an admin), the history line and the schools version's bump in one batch, written only
 * while the school is as read. Saving what is already there writes nothing.
 */
export async function saveSchedule(
  deps: ScheduleDeps,
  viewer: PolicyViewer,
  schoolId: number,
  input: ScheduleSaveInput,
) {
  const subject = await requireSchool(deps.db, viewer, "school.edit", schoolId, manageTexts.schoolNotFound);
  const userId = requireMemberId(viewer);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await trySave(deps, { userId, owner: subject.owner }, schoolId, input)) {
      const school = await getSchool(deps.db, schoolId);
      if (!school) break;
      return { school };
    }
  }
  throw new HttpError(409, manageTexts.changedMeanwhile);
}

async function trySave(
  deps: ScheduleDeps,
  who: { userId: number; owner: boolean },
  schoolId: number,
  input: ScheduleSaveInput,
): Promise<boolean> {
  const { db } = deps;
  const state = await q.scheduleState(db, schoolId);
  if (!state) throw new HttpError(404, manageTexts.schoolNotFound);
  const { school } = state;
  const text = scheduleText(input.sessions, input.untimed);
  const untimed = JSON.stringify(input.untimed);
  const plan = planRows(state.sessions, valuesOf(input.sessions));
  const unchanged =
    plan.deletes.length + plan.updates.length + plan.inserts.length === 0 &&
    school.dayAndTime === text &&
    school.confirmedText === text &&
    school.unparsed === "[]" &&
    school.untimed === untimed;
  if (unchanged) return true;

  const now = deps.now();
  const read = { text: school.dayAndTime, updatedAt: school.updatedAt };
  const guard = q.unchangedSince(schoolId, read.text, read.updatedAt);
  const before = state.sessions.map((row) => toSession(row, false));
  const history = editStatement(
    db,
    {
      schoolId,
      userId: who.userId,
      source: who.owner ? "gym" : "admin",
      before: {
        dayAndTime: school.dayAndTime,
        sessions: lines(before, JSON.parse(school.untimed) as UntimedSession[]),
      },
      after: { dayAndTime: text, sessions: lines(input.sessions, input.untimed) },
      at: now,
    },
    guard,
  );
  const empty = input.sessions.length + input.untimed.length === 0;
  const days = scheduleDayFlags(
    { sessions: input.sessions, untimed: input.untimed, unparsed: [], noOpenMat: empty },
    now,
  );
  const rowStatements = [
    ...(plan.deletes.length ? [q.deleteSessions(db, schoolId, plan.deletes, guard)] : []),
    ...plan.updates.map((u) => q.updateSession(db, u.id, u.values, guard)),
    ...plan.inserts.map((values) => q.insertSession(db, schoolId, values, guard)),
    ...(history ? [history] : []),
  ];
  schoolsChanged(db);
  const [first, ...rest] = [
    ...rowStatements,
    q.updateSchedule(db, schoolId, read, {
      dayAndTime: text,
      untimed,
      noOpenMat: empty,
      days,
      source: who.owner ? "gym" : "admin",
      at: now,
      // Strictly later than the read, so another save read from the same state fails its guard.
      updatedAt: Math.max(now.getTime(), read.updatedAt.getTime() + 1),
    }),
    bumpSchoolsVersionIfChanged(db),
  ];
  // The school's row goes last, so the guard judges it as read until then.
  const results = await db.batch([first as NonNullable<typeof first>, ...rest]);
  schoolsChanged(db);
  return (results.at(-2) as { rowsAffected: number }).rowsAffected === 1;
}
