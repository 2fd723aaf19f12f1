/**
 * "Open mat now": a gym counts as open from 20 minutes before a session starts until 120
 * minutes after, judged on the school's own wall clock.
 *
 * The spec guesses a gym's time zone from its longitude. That is wrong in many real places:
 * Arizona keeps standard time all year (America/Phoenix) while Denver at similar longitudes
 * shifts, much of Indiana moved zones more than once, the Navajo Nation does observe DST
 * inside Arizona, Hawaii (Pacific/Honolulu) never shifts, and zone borders follow counties and
 * states rather than meridians. So every school stores a real IANA zone and we use that.
 */
import type { Session, Weekday } from "./types.ts";
import { instantOfWallClock, wallClockAt } from "./zoned-time.ts";

export const OPEN_BEFORE_START_MINUTES = 20;
export const OPEN_AFTER_START_MINUTES = 120;

const MS_PER_MINUTE = 60_000;

export interface OpenMatOccurrence {
  weekday: Weekday;
  start: number;
  /** The real instant the session starts, daylight saving accounted for. */
  startsAt: Date;
  session: Session;
}

export interface OpenMatStatus {
  /** The session whose window holds `now` (the latest-starting one if several do), else null. */
  current: OpenMatOccurrence | null;
  /** The first session starting after `now`, within the coming week, else null. */
  next: OpenMatOccurrence | null;
}

/**
 * Sessions on local days `fromDay`…`toDay` relative to today, in start order. Windows are
 * measured in real elapsed time, so a session at 1:30 AM on the night clocks spring forward
 * closes at 4:30 AM by the wall clock, 120 real minutes later.
 */
function occurrences(
  sessions: readonly Session[],
  timeZone: string,
  now: Date,
  fromDay: number,
  toDay: number,
): OpenMatOccurrence[] {
  const today = wallClockAt(now, timeZone);
  const found: OpenMatOccurrence[] = [];
  for (let dayOffset = fromDay; dayOffset <= toDay; dayOffset += 1) {
    const weekday = ((((today.weekday + dayOffset) % 7) + 7) % 7) as Weekday;
    for (const session of sessions) {
      if (session.weekday !== weekday) continue;
      const startsAt = instantOfWallClock(today, dayOffset, session.start, timeZone);
      found.push({ weekday, start: session.start, startsAt, session });
    }
  }
  return found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function isWithinWindow(occurrence: OpenMatOccurrence, now: Date): boolean {
  const minutesSinceStart = (now.getTime() - occurrence.startsAt.getTime()) / MS_PER_MINUTE;
  return minutesSinceStart >= -OPEN_BEFORE_START_MINUTES && minutesSinceStart <= OPEN_AFTER_START_MINUTES;
}

/**
 * Yesterday, today and tomorrow are all looked at: an 11:30 PM Saturday session is still open
 * at 12:30 AM Sunday, and a 12:10 AM Sunday session is already open at 11:50 PM Saturday.
 */
export function openMatStatus(sessions: readonly Session[], timeZone: string, now: Date): OpenMatStatus {
  const current = occurrences(sessions, timeZone, now, -1, 1).filter((occurrence) =>
    isWithinWindow(occurrence, now),
  );
  // Day 7 is included so that today's session that has already begun comes round again.
  const next = occurrences(sessions, timeZone, now, 0, 7).find((occurrence) => occurrence.startsAt > now);
  return { current: current.at(-1) ?? null, next: next ?? null };
}

export function isOpenMatNow(sessions: readonly Session[], timeZone: string, now: Date): boolean {
  return openMatStatus(sessions, timeZone, now).current !== null;
}

export function nextOpenMat(
  sessions: readonly Session[],
  timeZone: string,
  now: Date,
): { weekday: Weekday; start: number; startsAt: Date } | null {
  const next = openMatStatus(sessions, timeZone, now).next;
  return next ? { weekday: next.weekday, start: next.start, startsAt: next.startsAt } : null;
}

/** An open mat later today, or one still within its window, on the gym's own calendar day. */
export function hasOpenMatToday(sessions: readonly Session[], timeZone: string, now: Date): boolean {
  return occurrences(sessions, timeZone, now, 0, 0).some(
    (occurrence) =>
      (now.getTime() - occurrence.startsAt.getTime()) / MS_PER_MINUTE <= OPEN_AFTER_START_MINUTES,
  );
}

/**
 * The check-in window (spec §5 "Check-in"): the listed session whose open window (20 minutes
 * before its start to 120 after, on the gym's wall clock, yesterday/today/tomorrow looked at)
 * holds `now`, with the instant it starts; null when none does. The same window as
 * `isOpenMatNow`, returning the caller's own session object so a database row keeps its id.
 */
export function sessionAt<S extends Session>(
  sessions: readonly S[],
  timeZone: string,
  now: Date,
): { session: S; startsAt: Date } | null {
  const current = openMatStatus(sessions, timeZone, now).current;
  return current ? { session: current.session as S, startsAt: current.startsAt } : null;
}

/** The gym's local calendar date at `now` as YYYY-MM-DD. */
export function localDateAt(now: Date, timeZone: string): string {
  const { year, month, day } = wallClockAt(now, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
