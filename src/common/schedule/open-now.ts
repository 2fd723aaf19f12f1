/**
 * "Open mat now", "Next open mat", "Today" and the check-in window: a gym counts as open
 * from 20 minutes before an open mat starts until 120 minutes after, judged in real elapsed
 * time on the gym's own calendar. Read from dated occurrences (`expandOccurrences`, the one
 * read model of a schedule), so a cancelled open mat or a closed day counts for none of them.
 *
 * The spec guesses a gym's time zone from its longitude. That is wrong in many real places:
 * Arizona keeps standard time all year (America/Phoenix) while Denver at similar longitudes
 * shifts, much of Indiana moved zones more than once, the Navajo Nation does observe DST
 * inside Arizona, Hawaii (Pacific/Honolulu) never shifts, and zone borders follow counties and
 * states rather than meridians. So every school stores a real IANA zone and we use that.
 */
import { expandOccurrences, type ScheduleException } from "./occurrences.ts";
import type { Session, Weekday } from "./types.ts";
import { wallClockAt } from "./zoned-time.ts";

export const OPEN_BEFORE_START_MINUTES = 20;
export const OPEN_AFTER_START_MINUTES = 120;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

export interface OpenMatOccurrence {
  /** The occurrence's stable slot, `Occurrence.key` (a moved one keeps its own session's). */
  key: string;
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

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);

/**
 * Scheduled occurrences from `fromDay` to `toDay` days after the gym's today, in start order,
 * each with the caller's own session object (a database row keeps its id). Windows are
 * measured in real elapsed time, so a session at 1:30 AM on the night clocks spring forward
 * closes at 4:30 AM by the wall clock, 120 real minutes later.
 */
function scheduled<S extends Session>(
  sessions: readonly S[],
  exceptions: readonly ScheduleException[],
  timeZone: string,
  now: Date,
  fromDay: number,
  toDay: number,
): (OpenMatOccurrence & { session: S })[] {
  const today = localDateAt(now, timeZone);
  const found: (OpenMatOccurrence & { session: S })[] = [];
  const from = plusDays(today, fromDay);
  for (const o of expandOccurrences(sessions, exceptions, timeZone, from, plusDays(today, toDay))) {
    if (o.status !== "scheduled" || o.start === null || o.startsAt === null) continue;
    // A moved occurrence is still its own session's, found where it was before the move.
    const own = o.movedFrom
      ? { weekday: new Date(`${o.movedFrom.date}T12:00:00Z`).getUTCDay(), start: o.movedFrom.start }
      : o;
    const session = sessions.find((s) => s.weekday === own.weekday && s.start === own.start);
    if (session)
      found.push({ key: o.key, weekday: o.weekday, start: o.start, startsAt: new Date(o.startsAt), session });
  }
  return found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

const minutesSince = (o: OpenMatOccurrence, now: Date) =>
  (now.getTime() - o.startsAt.getTime()) / MS_PER_MINUTE;
const inWindow = (o: OpenMatOccurrence, now: Date) =>
  minutesSince(o, now) >= -OPEN_BEFORE_START_MINUTES && minutesSince(o, now) <= OPEN_AFTER_START_MINUTES;

/**
 * The open mat whose window holds `now` (the latest-starting), and the next one to start
 * within the week. Yesterday, today and tomorrow are looked at for the window: an 11:30 PM
 * Saturday session is still open at 12:30 AM Sunday, and a 12:10 AM Sunday session is
 * already open at 11:50 PM Saturday. Day 7 is included so that today's session that has
 * already begun comes round again as "next".
 */
export function openMatStatus(
  sessions: readonly Session[],
  timeZone: string,
  now: Date,
  exceptions: readonly ScheduleException[] = [],
): OpenMatStatus {
  const current = scheduled(sessions, exceptions, timeZone, now, -1, 1).filter((o) => inWindow(o, now));
  const next = scheduled(sessions, exceptions, timeZone, now, 0, 7).find((o) => o.startsAt > now);
  return { current: current.at(-1) ?? null, next: next ?? null };
}

export function isOpenMatNow(
  sessions: readonly Session[],
  timeZone: string,
  now: Date,
  exceptions: readonly ScheduleException[] = [],
): boolean {
  return openMatStatus(sessions, timeZone, now, exceptions).current !== null;
}

export function nextOpenMat(
  sessions: readonly Session[],
  timeZone: string,
  now: Date,
  exceptions: readonly ScheduleException[] = [],
): { weekday: Weekday; start: number; startsAt: Date } | null {
  const next = openMatStatus(sessions, timeZone, now, exceptions).next;
  return next ? { weekday: next.weekday, start: next.start, startsAt: next.startsAt } : null;
}

/** An open mat later today, or one still within its window, on the gym's own calendar day. */
export function hasOpenMatToday(
  sessions: readonly Session[],
  timeZone: string,
  now: Date,
  exceptions: readonly ScheduleException[] = [],
): boolean {
  return scheduled(sessions, exceptions, timeZone, now, 0, 0).some(
    (o) => minutesSince(o, now) <= OPEN_AFTER_START_MINUTES,
  );
}

/**
 * The check-in window (spec §5 "Check-in"): the caller's own session whose open mat is on and
 * whose window holds `now`, with the instant it starts and the occurrence's key (what those
 * going to it are recorded under); null when none does. The same window as `isOpenMatNow`.
 */
export function sessionAt<S extends Session>(
  sessions: readonly S[],
  timeZone: string,
  now: Date,
  exceptions: readonly ScheduleException[] = [],
): { session: S; startsAt: Date; key: string } | null {
  return sessionIn(windowCandidates(sessions, timeZone, now, exceptions), now);
}

/**
 * The occurrences `sessionAt` looks through at `now`: yesterday's to tomorrow's on the gym's
 * calendar. They depend on `now` only through the gym's local date, so they hold for the
 * whole minute of `now` (and its day): a caller judging many check-ins keeps them.
 */
export function windowCandidates<S extends Session>(
  sessions: readonly S[],
  timeZone: string,
  now: Date,
  exceptions: readonly ScheduleException[] = [],
): readonly (OpenMatOccurrence & { session: S })[] {
  return scheduled(sessions, exceptions, timeZone, now, -1, 1);
}

/** `sessionAt` over candidates from `windowCandidates`, judged at the exact instant `now`. */
export function sessionIn<S extends Session>(
  candidates: readonly (OpenMatOccurrence & { session: S })[],
  now: Date,
): { session: S; startsAt: Date; key: string } | null {
  const current = candidates.filter((o) => inWindow(o, now)).at(-1);
  return current ? { session: current.session, startsAt: current.startsAt, key: current.key } : null;
}

/** The gym's local calendar date at `now` as YYYY-MM-DD. */
export function localDateAt(now: Date, timeZone: string): string {
  const { year, month, day } = wallClockAt(now, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
