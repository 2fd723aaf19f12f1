/** Shared helpers for the schedule tests (imported by *.test.ts only). */
import { expect, test } from "bun:test";
import { SHORT_DAY_NAMES } from "./day-names.ts";
import { parseSchedule } from "./parse.ts";
import { compareSessions } from "./sessions.ts";
import type { Ordinal, Session, UntimedSession, Weekday } from "./types.ts";

function weekdayOf(day: string): Weekday {
  const weekday = SHORT_DAY_NAMES.indexOf(day as (typeof SHORT_DAY_NAMES)[number]);
  if (weekday < 0) throw new Error(`bad day shorthand: ${day}`);
  return weekday as Weekday;
}

/** `session("Sat 11:00-13:00", "Gi")`: a day, 24-hour start and optional end, then notes. */
export function session(when: string, ...notes: string[]): Session {
  const match = /^(\w{3}) (\d\d):(\d\d)(?:-(\d\d):(\d\d))?$/.exec(when);
  if (!match) throw new Error(`bad session shorthand: ${when}`);
  const minutes = (hours?: string, mins?: string) => Number(hours) * 60 + Number(mins);
  return {
    weekday: weekdayOf(match[1] ?? ""),
    start: minutes(match[2], match[3]),
    end: match[4] === undefined ? null : minutes(match[4], match[5]),
    notes,
  };
}

/** `untimed("Sat")`, `untimed("Fri -20:00")` (an end with no start), then notes. */
export function untimed(when: string, ...notes: string[]): UntimedSession {
  const match = /^(\w{3})(?: -(\d\d):(\d\d))?$/.exec(when);
  if (!match) throw new Error(`bad untimed shorthand: ${when}`);
  const end = match[2] === undefined ? null : Number(match[2]) * 60 + Number(match[3]);
  return { weekday: weekdayOf(match[1] ?? ""), start: null, end, notes, timeNotListed: true };
}

/** The same session on several days: `onDays("Mon Wed Fri", "18:00-20:00")`. */
export function onDays(days: string, time: string, ...notes: string[]): Session[] {
  return days.split(" ").map((day) => session(`${day} ${time}`, ...notes));
}

/** A session with this reason to check it. */
export function checked<T extends Session | UntimedSession>(item: T, ...review: string[]): T {
  return { ...item, review: [...(item.review ?? []), ...review] };
}

export const monthly = (ordinals: Ordinal[], item: Session): Session => ({ ...item, ordinals });
export const dated = (date: string, item: Session): Session => ({ ...item, date });
export const seasonal = (bounds: { from?: string; until?: string }, item: Session): Session => ({
  ...item,
  ...bounds,
});

/** The reasons the parser gives, as it words them. */
export const reason = {
  amPm: (written: string, reading: string) => `"${written}": am or pm is not written; read as ${reading}`,
  noonStart: (written: string) => `"${written}": 12am read as noon, a midnight open mat is unlikely`,
  nightStart: (written: string) =>
    `"${written}": read as starting at midnight, which is unlikely for an open mat`,
  noonEnd: (written: string) => `"${written}": 12am read as noon, the end of a morning session`,
  loneT: (written: string) => `"${written}": read as Tuesday; it could mean Thursday`,
  doubt: (written: string, mark: string) => `"${written}": the text is not sure of this ("${mark}")`,
  noYear: (written: string) => `"${written}": no year is written, so the date cannot be placed`,
  everyOther: (written: string) =>
    `"${written}": every other week cannot be placed without a date to count from`,
  whichWeek: (written: string) => `"${written}": which week of the month is not written`,
};

export interface ScheduleCase {
  text: string;
  sessions: Session[];
  untimed?: UntimedSession[];
  unparsed?: string[];
  noOpenMat?: boolean;
  /** Reasons for text held back; the sessions' own reasons are expected besides these. */
  review?: string[];
  /** The date the text is read on ("YYYY-MM-DD"), for dates written without a year. */
  today?: string;
}

type CaseExtras = Omit<ScheduleCase, "text" | "sessions">;

export function scheduleCase(text: string, sessions: Session[], extra: CaseExtras = {}): ScheduleCase {
  return { text, sessions, ...extra };
}

/** Same order as the parser's output: weekday (Sunday first), start, end, then the rest. */
export function sortSessions<T extends Session | UntimedSession>(sessions: T[]): T[] {
  return [...sessions].sort(compareSessions);
}

export function runScheduleCases(cases: ScheduleCase[]): void {
  for (const {
    text,
    sessions,
    untimed = [],
    unparsed = [],
    noOpenMat = false,
    review = [],
    today,
  } of cases) {
    test(JSON.stringify(text), () => {
      const parsed = parseSchedule(text, today ? { today } : {});
      const { review: reasons, ...rest } = parsed;
      expect(rest).toEqual({
        sessions: sortSessions(sessions),
        ...(untimed.length > 0 ? { untimed: sortSessions(untimed) } : {}),
        unparsed,
        noOpenMat,
      });
      // toEqual passes over a key whose value is undefined; neither may slip by that way.
      expect("untimed" in parsed).toBe(untimed.length > 0);
      const expected = new Set([
        ...review,
        ...[...sessions, ...untimed].flatMap((item) => item.review ?? []),
      ]);
      expect([...(reasons ?? [])].sort()).toEqual([...expected].sort());
      expect("review" in parsed).toBe(expected.size > 0);
      for (const item of [...parsed.sessions, ...(parsed.untimed ?? [])])
        expect(item.review?.length ?? 1).toBeGreaterThan(0);
    });
  }
}
