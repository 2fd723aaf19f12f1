/**
 * Wall-clock time in an IANA time zone using only `Intl.DateTimeFormat`, so that the same code
 * runs on the server and in the browser without a time-zone library.
 */
import type { Weekday } from "./types.ts";

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  weekday: Weekday;
  /** Minutes after local midnight. */
  minutes: number;
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows `timeZone` ("America/Phoenix"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local date and time at `instantMs` in `timeZone`, seconds included, written as a UTC epoch. */
function wallClockAsUtc(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) parts[part.type] = Number(part.value);
  const hour = (parts.hour ?? 0) % 24; // some engines still write midnight as 24
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    hour,
    parts.minute,
    parts.second,
  );
}

const QUARTER_HOUR_MS = 15 * MS_PER_MINUTE;
const OFFSETS_KEPT = 20_000;
const offsets = new Map<string, number>();

/**
 * How far `timeZone` is ahead of UTC at `instantMs`, in milliseconds (New York in summer: −4 h).
 * The offsets in use since the 1980s are whole quarter hours and change at a local quarter
 * hour, so each zone's offset holds for a whole UTC quarter hour: it is asked of `Intl` once
 * per zone and quarter hour (a schedule asks the same few dozen again and again).
 */
function offsetAt(instantMs: number, timeZone: string): number {
  const quarter = Math.floor(instantMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = wallClockAsUtc(quarter, timeZone) - quarter;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const local = new Date(wallClockAsUtc(instant.getTime(), timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay() as Weekday,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/**
 * The instant at which a local date (`dayOffset` days after year-month-day) shows `minutes`
 * after midnight in `timeZone`. Times that happen twice when clocks go back take the first;
 * times skipped when clocks go forward are pushed forward by the gap (2:30 AM becomes 3:30 AM),
 * as Temporal's "compatible" disambiguation does.
 */
export function instantOfWallClock(
  date: Pick<WallClock, "year" | "month" | "day">,
  dayOffset: number,
  minutes: number,
  timeZone: string,
): Date {
  const wallMs = Date.UTC(date.year, date.month - 1, date.day + dayOffset, 0, minutes);
  // A day either side of any transition near this wall time gives the offsets before and after it.
  const offsetBefore = offsetAt(wallMs - MS_PER_DAY, timeZone);
  const offsetAfter = offsetAt(wallMs + MS_PER_DAY, timeZone);
  const candidates = [wallMs - offsetBefore, wallMs - offsetAfter]
    .filter((instantMs) => instantMs + offsetAt(instantMs, timeZone) === wallMs)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wallMs - offsetBefore);
}
