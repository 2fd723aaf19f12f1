/**
 * Dated occurrences: the one read model of a schedule (ARCHITECTURE "Occurrences are the one
 * read model"). A school's sessions (weekly, monthly by ordinal weekday, or once on a date,
 * each with an optional season) and its exceptions (a cancelled occurrence, a closed day, a
 * moved occurrence) expand here, and only here, into what happens on which local date in the
 * gym's own zone. Runs on the server and in the browser alike.
 */
import type { Ordinal, Weekday } from "./types.ts";
import { instantOfWallClock } from "./zoned-time.ts";

export type { Ordinal };

/** A move takes an occurrence at most this many days from its own date (expansion looks that far). */
export const MOVE_REACH_DAYS = 31;

/** What a session must say for it to be expanded; the parser's Session is one. */
export interface RecurringSession {
  weekday: Weekday;
  /** Minutes after local midnight; null when the gym lists the day but not the time. */
  start: number | null;
  end: number | null;
  notes: string[];
  /** Monthly: only these weekdays of the month ([2, 4]: the 2nd and 4th; [-1]: the last). */
  ordinals?: readonly Ordinal[];
  /** Once, on this local date (YYYY-MM-DD). */
  date?: string;
  /** A season: the first and last local dates it runs (either may be open). */
  from?: string;
  until?: string;
}

export interface ScheduleException {
  id?: number;
  /** The local date it concerns (YYYY-MM-DD). */
  date: string;
  /** The start it concerns; null: every occurrence that day (the gym is closed). */
  startMinute: number | null;
  reason: string;
  /** Instead of cancelling, the occurrence happens at this local date and time. */
  moveTo?: { date: string; start: number; end: number | null } | null;
}

export interface Occurrence {
  /** `${date}@${start}` of the session's own slot: stable across edits that do not move it. */
  key: string;
  /** Local date (YYYY-MM-DD) and weekday it happens on. */
  date: string;
  weekday: Weekday;
  start: number | null;
  end: number | null;
  /** ISO 8601 with the gym's offset at that moment ("2026-11-29T10:00:00-05:00"); null without a time. */
  startsAt: string | null;
  endsAt: string | null;
  status: "scheduled" | "cancelled";
  /** Why it was cancelled or moved. */
  reason: string | null;
  notes: string[];
  /** Set when an exception moved it: where it was. */
  movedFrom?: { date: string; start: number | null };
}

const MS_PER_DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local date as a UTC midnight, for calendar arithmetic only. */
function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // 2026-02-30 rolls over to March: not a date.
  return new Date(ms).toISOString().slice(0, 10) === date ? ms / MS_PER_DAY : null;
}

const dateOf = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** Whether `date` (YYYY-MM-DD) names a real calendar day. */
export const isCalendarDate = (date: string) => dayNumber(date) !== null;

/** Which weekdays-of-the-month a date is: [2] for the 2nd Thursday, [4, -1] for a 4th that is also the last. */
function ordinalsOf(day: number): Ordinal[] {
  const date = new Date(day * MS_PER_DAY);
  const dayOfMonth = date.getUTCDate();
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const nth = Math.ceil(dayOfMonth / 7) as Ordinal;
  return dayOfMonth + 7 > daysInMonth ? [nth, -1] : [nth];
}

export function sessionHappensOn(session: RecurringSession, date: string): boolean {
  const day = dayNumber(date);
  if (day === null) return false;
  if (new Date(day * MS_PER_DAY).getUTCDay() !== session.weekday) return false;
  if (session.date !== undefined && session.date !== date) return false;
  if (session.from !== undefined && date < session.from) return false;
  if (session.until !== undefined && date > session.until) return false;
  if (session.ordinals?.length) {
    const ordinals = ordinalsOf(day);
    if (!session.ordinals.some((o) => ordinals.includes(o))) return false;
  }
  return true;
}

function pad(n: number, width = 2) {
  return String(Math.abs(n)).padStart(width, "0");
}

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The instant of a local date and minute in `timeZone`, written with that moment's offset. */
export function zonedIso(date: string, minutes: number, timeZone: string): string {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  const local = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const instant = instantOfWallClock(local, 0, minutes, timeZone);
  // The wall clock at that instant (a skipped time moves forward), read back with its offset.
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallMs = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour") % 24, part("minute"));
  const offsetMinutes = Math.round((wallMs - instant.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const wall = new Date(wallMs).toISOString().slice(0, 16);
  return `${wall}:00${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}

/** Start and end instants; an end at or before the start runs past midnight. */
function timesOf(date: string, start: number | null, end: number | null, timeZone: string) {
  if (start === null) return { startsAt: null, endsAt: null };
  const endDate = end !== null && end <= start ? dateOf((dayNumber(date) ?? 0) + 1) : date;
  return {
    startsAt: zonedIso(date, start, timeZone),
    endsAt: end === null ? null : zonedIso(endDate, end, timeZone),
  };
}

/**
 * Every occurrence of `sessions` on the local dates `from` to `to` (inclusive) in `timeZone`,
 * in order of date, then start (time not listed first), with `exceptions` applied: a
 * cancellation keeps the occurrence, marked cancelled with its reason; a move places it at
 * its new date and time (listed only if the new date is in the range, wherever it came
 * from), and a move onto a closed day is cancelled with the closure's reason.
 */
export function expandOccurrences(
  sessions: readonly RecurringSession[],
  exceptions: readonly ScheduleException[],
  timeZone: string,
  from: string,
  to: string,
): Occurrence[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (first === null || last === null || last < first) return [];
  const found: Occurrence[] = [];
  // Moves can bring an occurrence from outside the range into it: look a little wider.
  const moves = exceptions.filter((e) => e.moveTo);
  const reach = moves.length ? MOVE_REACH_DAYS : 0;
  for (let day = first - reach; day <= last + reach; day++) {
    const date = dateOf(day);
    for (const session of sessions) {
      if (!sessionHappensOn(session, date)) continue;
      const occurrence = applyExceptions(session, date, exceptions, timeZone);
      const at = dayNumber(occurrence.date) ?? day;
      if (at >= first && at <= last) found.push(occurrence);
    }
  }
  return dedupe(found).sort(
    (a, b) => a.date.localeCompare(b.date) || (a.start ?? -1) - (b.start ?? -1) || a.key.localeCompare(b.key),
  );
}

function applyExceptions(
  session: RecurringSession,
  date: string,
  exceptions: readonly ScheduleException[],
  timeZone: string,
): Occurrence {
  const key = `${date}@${session.start ?? "none"}`;
  const hit =
    exceptions.find((e) => e.date === date && e.startMinute !== null && e.startMinute === session.start) ??
    exceptions.find((e) => e.date === date && e.startMinute === null);
  const weekday = session.weekday;
  if (hit?.moveTo && hit.startMinute !== null) {
    const moved = hit.moveTo;
    const movedDay = dayNumber(moved.date);
    // The gym is closed on the day it moved to: it is cancelled there, and says why.
    const closed = exceptions.find((e) => e.date === moved.date && e.startMinute === null && !e.moveTo);
    return {
      key,
      date: moved.date,
      weekday: (movedDay === null ? weekday : new Date(movedDay * MS_PER_DAY).getUTCDay()) as Weekday,
      start: moved.start,
      end: moved.end,
      ...timesOf(moved.date, moved.start, moved.end, timeZone),
      status: closed ? "cancelled" : "scheduled",
      reason: closed ? closed.reason : hit.reason,
      notes: session.notes,
      movedFrom: { date, start: session.start },
    };
  }
  return {
    key,
    date,
    weekday,
    start: session.start,
    end: session.end,
    ...timesOf(date, session.start, session.end, timeZone),
    status: hit ? "cancelled" : "scheduled",
    reason: hit ? hit.reason : null,
    notes: session.notes,
  };
}

/** Two sessions that expand to the same slot (a weekly and a dated one) are one occurrence. */
function dedupe(occurrences: Occurrence[]): Occurrence[] {
  const byKey = new Map<string, Occurrence>();
  for (const o of occurrences) {
    const seen = byKey.get(o.key);
    if (!seen || (seen.status === "cancelled" && o.status === "scheduled")) byKey.set(o.key, o);
  }
  return [...byKey.values()];
}
