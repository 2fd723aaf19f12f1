/** Shared helpers for the schedule tests (imported by *.test.ts only). */
import { expect, test } from "bun:test";
import { SHORT_DAY_NAMES } from "./day-names.ts";
import { parseSchedule } from "./parse.ts";
import type { Session, Weekday } from "./types.ts";

/** `session("Sat 11:00-13:00", "Gi")`: a day, 24-hour start and optional end, then notes. */
export function session(when: string, ...notes: string[]): Session {
  const match = /^(\w{3}) (\d\d):(\d\d)(?:-(\d\d):(\d\d))?$/.exec(when);
  const weekday = SHORT_DAY_NAMES.indexOf((match?.[1] ?? "") as (typeof SHORT_DAY_NAMES)[number]);
  if (!match || weekday < 0) throw new Error(`bad session shorthand: ${when}`);
  const minutes = (hours?: string, mins?: string) => Number(hours) * 60 + Number(mins);
  return {
    weekday: weekday as Weekday,
    start: minutes(match[2], match[3]),
    end: match[4] === undefined ? null : minutes(match[4], match[5]),
    notes,
  };
}

/** The same session on several days: `onDays("Mon Wed Fri", "18:00-20:00")`. */
export function onDays(days: string, time: string, ...notes: string[]): Session[] {
  return days.split(" ").map((day) => session(`${day} ${time}`, ...notes));
}

export interface ScheduleCase {
  text: string;
  sessions: Session[];
  unparsed?: string[];
  noOpenMat?: boolean;
  /** Expected `review` reasons; a case without them expects the result to carry none. */
  review?: string[];
}

export function scheduleCase(
  text: string,
  sessions: Session[],
  extra: { unparsed?: string[]; noOpenMat?: boolean; review?: string[] } = {},
): ScheduleCase {
  return { text, sessions, ...extra };
}

/** Same order as the parser's output: weekday (Sunday first), start, end. */
export function sortSessions(sessions: Session[]): Session[] {
  return [...sessions].sort(
    (a, b) => a.weekday - b.weekday || a.start - b.start || (a.end ?? -1) - (b.end ?? -1),
  );
}

export function runScheduleCases(cases: ScheduleCase[]): void {
  for (const { text, sessions, unparsed = [], noOpenMat = false, review } of cases) {
    test(JSON.stringify(text), () => {
      const parsed = parseSchedule(text);
      expect(parsed).toEqual({
        sessions: sortSessions(sessions),
        unparsed,
        noOpenMat,
        ...(review ? { review } : {}),
      });
      // toEqual passes over a key whose value is undefined; a reason must never slip by that way.
      expect("review" in parsed).toBe(review !== undefined);
    });
  }
}
