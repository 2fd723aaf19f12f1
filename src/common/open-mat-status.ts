/**
 * "Open now", "Next open mat", "Today" and the check-in window, read from dated occurrences
 * (`expandOccurrences`, the one read model of a schedule) so a cancelled open mat or a closed
 * day counts for none of them. The same windows as schedule/open-now.ts: open from 20 minutes
 * before a start until 120 after, judged in real elapsed time on the gym's own calendar.
 */
import { expandOccurrences, type ScheduleException } from "./schedule/occurrences";
import {
  localDateAt,
  OPEN_AFTER_START_MINUTES,
  OPEN_BEFORE_START_MINUTES,
  type OpenMatOccurrence,
  type OpenMatStatus,
} from "./schedule/open-now";
import type { Session } from "./schedule/types";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Scheduled occurrences from `fromDay` to `toDay` days after the gym's today, in start order, each with its session. */
function scheduled<S extends Session>(
  sessions: readonly S[],
  exceptions: readonly ScheduleException[],
  timeZone: string,
  now: Date,
  fromDay: number,
  toDay: number,
): (OpenMatOccurrence & { session: S; date: string })[] {
  const today = localDateAt(now, timeZone);
  const found: (OpenMatOccurrence & { session: S; date: string })[] = [];
  for (const o of expandOccurrences(
    sessions,
    exceptions,
    timeZone,
    plusDays(today, fromDay),
    plusDays(today, toDay),
  )) {
    if (o.status !== "scheduled" || o.start === null || o.startsAt === null) continue;
    const session = sessions.find((s) => s.weekday === o.weekday && s.start === o.start);
    if (!session) continue;
    found.push({ weekday: o.weekday, start: o.start, startsAt: new Date(o.startsAt), session, date: o.date });
  }
  return found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

const minutesSince = (o: OpenMatOccurrence, now: Date) => (now.getTime() - o.startsAt.getTime()) / MINUTE_MS;
const inWindow = (o: OpenMatOccurrence, now: Date) =>
  minutesSince(o, now) >= -OPEN_BEFORE_START_MINUTES && minutesSince(o, now) <= OPEN_AFTER_START_MINUTES;

/** The open mat whose window holds `now` (the latest-starting), and the next one to start within the week. */
export function openMatStatusOn(
  sessions: readonly Session[],
  exceptions: readonly ScheduleException[],
  timeZone: string,
  now: Date,
): OpenMatStatus {
  // Yesterday to tomorrow for the window (a late session runs past midnight); day 7 so that
  // today's session already begun comes round again as "next".
  const current = scheduled(sessions, exceptions, timeZone, now, -1, 1).filter((o) => inWindow(o, now));
  const next = scheduled(sessions, exceptions, timeZone, now, 0, 7).find((o) => o.startsAt > now);
  return { current: current.at(-1) ?? null, next: next ?? null };
}

export const isOpenMatNowOn = (
  sessions: readonly Session[],
  exceptions: readonly ScheduleException[],
  timeZone: string,
  now: Date,
) => openMatStatusOn(sessions, exceptions, timeZone, now).current !== null;

/** An open mat later today, or one still within its window, on the gym's own calendar day. */
export const hasOpenMatTodayOn = (
  sessions: readonly Session[],
  exceptions: readonly ScheduleException[],
  timeZone: string,
  now: Date,
) =>
  scheduled(sessions, exceptions, timeZone, now, 0, 0).some(
    (o) => minutesSince(o, now) <= OPEN_AFTER_START_MINUTES,
  );

/** The check-in window: the caller's own session (a row keeps its id) whose open mat is on and open now. */
export function sessionOpenAt<S extends Session>(
  sessions: readonly S[],
  exceptions: readonly ScheduleException[],
  timeZone: string,
  now: Date,
): { session: S; startsAt: Date } | null {
  const current = scheduled(sessions, exceptions, timeZone, now, -1, 1)
    .filter((o) => inWindow(o, now))
    .at(-1);
  return current ? { session: current.session, startsAt: current.startsAt } : null;
}
