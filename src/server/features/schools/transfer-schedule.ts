/**
 * What an export carries of a school's schedule beside its text, and an import stores as
 * given: the sessions with their kinds, the days with no time, the pieces left unread, whether
 * an admin confirmed the reading, and the upcoming exceptions (cancellations, closed days,
 * moves), with each session's own visitor rules. Stored as given, a yearless date keeps the
 * year it was read with.
 */
import { asc, gte, or, sql } from "drizzle-orm";
import * as v from "valibot";
import type { ScheduleException } from "../../../common/schedule/occurrences";
import type { ParsedSchedule, Session, UntimedSession } from "../../../common/schedule/types";
import type { SchoolInput } from "../../../common/schemas/school";
import { inOrder, transferTexts } from "../../../common/schemas/school-schedule";
import { type VisitorRules, visitorRulesSchema } from "../../../common/schemas/visitor-rules";
import type { Db } from "../../../db/client";
import { scheduleExceptions } from "../../../db/schema";
import { allSessionsBySchool, bumpSchoolsVersion, type SchoolRow } from "./queries";
import { schoolsChanged } from "./schools-version";
import { readSchedule, toSession, untimedOf } from "./session-rows";

/** Why a row's schedule columns cannot be stored, or null. */
export function scheduleColumnsProblem(input: SchoolInput): string | null {
  if (input.sessions) return null;
  if (input.untimed) return transferTexts.needsSessions("untimed");
  if (input.scheduleUnparsed) return transferTexts.needsSessions("scheduleUnparsed");
  return null;
}

/** The row's own reading of its schedule, or undefined when it brings none (dayAndTime is read). */
export function givenSchedule(input: SchoolInput, now: Date): ParsedSchedule | undefined {
  if (!input.sessions) return undefined;
  const untimed = input.untimed ?? [];
  const nothing = input.sessions.length === 0 && untimed.length === 0;
  return {
    sessions: input.sessions,
    ...(untimed.length ? { untimed } : {}),
    unparsed: input.scheduleUnparsed ?? [],
    // "No open mat" is what the text says when nothing is listed.
    noOpenMat: nothing && readSchedule(input.dayAndTime, now).noOpenMat,
  };
}

/**
 * Stores a school's exceptions by their slot (date and start, or the whole day): a slot
 * already held takes the row's reason and move, so importing the same file twice changes
 * nothing. Exceptions the file does not name are kept. One batch with the schools version.
 */
export async function storeExceptions(
  db: Db,
  schoolId: number,
  list: readonly ScheduleException[],
  now: Date,
) {
  if (!list.length) return;
  const statements = list.map((e) =>
    db.run(sql`INSERT INTO schedule_exceptions
        (school_id, date, start_minute, reason, move_to_date, move_to_start, move_to_end, created_at)
      VALUES (${schoolId}, ${e.date}, ${e.startMinute}, ${e.reason}, ${e.moveTo?.date ?? null},
        ${e.moveTo?.start ?? null}, ${e.moveTo?.end ?? null}, ${now.getTime()})
      ON CONFLICT (school_id, date, (CASE WHEN start_minute IS NULL THEN -1 ELSE start_minute END))
      DO UPDATE SET reason = excluded.reason, move_to_date = excluded.move_to_date,
        move_to_start = excluded.move_to_start, move_to_end = excluded.move_to_end`),
  );
  await db.batch([bumpSchoolsVersion(db), ...statements]);
  schoolsChanged(db);
}

/** The export's order of sessions: by weekday, start, end, then what makes each its kind. */
function compareSessions(a: Session, b: Session): number {
  const keys = (s: Session) => [s.weekday, s.start, s.end ?? -1] as const;
  const [ka, kb] = [keys(a), keys(b)];
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
  const rest = (s: Session) => JSON.stringify([s.date ?? "", s.from ?? "", s.until ?? "", s.ordinals ?? []]);
  const [ra, rb] = [rest(a), rest(b)];
  return ra < rb ? -1 : ra > rb ? 1 : 0;
}

/**
 * Visitor rules as an export writes them: in the rules' schema's order, as an import stores
 * them, whatever order the writer stored them in (the demo data's, say), so a file imports
 * back unchanged.
 */
export function exportedRules(rules: unknown): VisitorRules {
  const checked = v.safeParse(visitorRulesSchema, rules);
  return checked.success ? checked.output : (rules as VisitorRules);
}

/** A session as an export writes it: its fields in order, then its own visitor rules where it has any. */
const exportedSession = (s: Session): Session => {
  const rules = s.rules && Object.keys(s.rules).length > 0 ? { rules: exportedRules(s.rules) } : {};
  return { ...inOrder(s), ...rules };
};

export interface ExportedSchedule {
  sessions: Session[];
  untimed: UntimedSession[];
  scheduleUnparsed: string[];
  scheduleConfirmed: boolean;
  exceptions: ScheduleException[];
}

/** Exceptions from the day before today in UTC on (no zone has reached a later date): those still to come somewhere. */
const upcomingFrom = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/** Every school's schedule as an export writes it, read in two statements. */
export async function exportedSchedules(
  db: Db,
  rows: readonly SchoolRow[],
  now: Date,
): Promise<Map<number, ExportedSchedule>> {
  const from = upcomingFrom(now);
  const [sessionRows, exceptionRows] = await Promise.all([
    allSessionsBySchool(db),
    db
      .select()
      .from(scheduleExceptions)
      .where(or(gte(scheduleExceptions.date, from), gte(scheduleExceptions.moveToDate, from)))
      .orderBy(
        asc(scheduleExceptions.schoolId),
        asc(scheduleExceptions.date),
        asc(scheduleExceptions.startMinute),
      ),
  ]);
  const out = new Map<number, ExportedSchedule>();
  for (const row of rows) {
    out.set(row.id, {
      sessions: [],
      untimed: untimedOf(row.scheduleUntimed).map(inOrder),
      scheduleUnparsed: JSON.parse(row.scheduleUnparsed) as string[],
      scheduleConfirmed: row.scheduleConfirmedText === row.dayAndTime,
      exceptions: [],
    });
  }
  for (const row of sessionRows) out.get(row.schoolId)?.sessions.push(exportedSession(toSession(row)));
  for (const schedule of out.values()) schedule.sessions.sort(compareSessions);
  for (const e of exceptionRows) {
    out.get(e.schoolId)?.exceptions.push({
      date: e.date,
      startMinute: e.startMinute,
      reason: e.reason,
      ...(e.moveToDate !== null && e.moveToStart !== null
        ? { moveTo: { date: e.moveToDate, start: e.moveToStart, end: e.moveToEnd } }
        : {}),
    });
  }
  return out;
}
