/**
 * Clock times as gyms write them ("11am", "11:00 A.M.", "7p", "630pm", "18:00", "noon") and
 * the rules that turn them into minutes after midnight.
 */

export type Meridiem = "am" | "pm";

export interface ClockTime {
  /** 1–12 when the hour is on a 12-hour clock, otherwise unused (see `fixed`). */
  hour: number;
  minute: number;
  meridiem: Meridiem | null;
  /** Minutes after midnight when the text alone pins it down (24-hour "18:00", "noon", "midnight"). */
  fixed: number | null;
  /** A bare number ("at 6"): only read as a time where the surroundings make that clear. */
  weak: boolean;
  /** Written as the word "noon" or "midnight", so never a slip of am for pm. */
  named?: true;
  /** "11ish": the writer gives the time only roughly (the suffix as written). */
  approximate?: string;
}

export const MINUTES_PER_DAY = 24 * 60;

// "11ish", "11am-ish": the doubt is read after the time (marks.ts).
const NOT_WORD_AFTER = "(?=-?ish(?![\\p{L}\\p{N}])|(?![\\p{L}\\p{N}]))";
const MERIDIEM = "(?:\\s*([ap])\\.?\\s?m\\.?|([ap])\\.?)";
// "18:00", "6.30pm", and the European "18h30" or "20:30h".
const CLOCK = new RegExp(`(\\d{1,2})(?:([:.hH])(\\d{2})([hH])?)?${MERIDIEM}?${NOT_WORD_AFTER}`, "iuy");
// "630pm", "1130am"; without am/pm, "630" and "1800" or "1800 hrs" (see `compactTime`).
const COMPACT_CLOCK = new RegExp(`(\\d{1,2})(\\d{2})(?:${MERIDIEM}|\\s?(hrs?))?${NOT_WORD_AFTER}`, "iuy");
// "18h", "9h": a European hour. Never "2h" (two hours) nor the "5h" of "1.5h".
const HOUR_H = new RegExp(`(\\d{1,2})[hH]${NOT_WORD_AFTER}`, "uy");
const MIN_HOUR_H = 7;
const NAMED_TIME = new RegExp(`(?:12(?:[:.]00)?\\s*)?(noon|midnight)${NOT_WORD_AFTER}`, "iuy");

export interface TimeMatch {
  time: ClockTime;
  length: number;
}

const ISH = /-?ish(?![\p{L}\p{N}])/iuy;

/** Reads a clock time starting exactly at `index`, or returns null; "11ish" is 11 with its doubt. */
export function matchTimeAt(text: string, index: number): TimeMatch | null {
  const found = matchClockAt(text, index);
  if (!found) return null;
  ISH.lastIndex = index + found.length;
  const ish = ISH.exec(text);
  if (!ish) return found;
  return { time: { ...found.time, approximate: ish[0] }, length: found.length + ish[0].length };
}

function matchClockAt(text: string, index: number): TimeMatch | null {
  NAMED_TIME.lastIndex = index;
  const named = NAMED_TIME.exec(text);
  if (named) {
    const isNoon = named[1]?.toLowerCase() === "noon";
    const fixed = isNoon ? 12 * 60 : 0;
    const time = {
      hour: 12,
      minute: 0,
      meridiem: isNoon ? "pm" : "am",
      fixed,
      weak: false,
      named: true,
    } as const;
    return { time, length: named[0].length };
  }
  if (/[\d.]/.test(text.charAt(index - 1))) return null;
  COMPACT_CLOCK.lastIndex = index;
  const compact = COMPACT_CLOCK.exec(text);
  if (compact) {
    const time = compactTime(
      compact[1] ?? "",
      compact[2] ?? "",
      meridiemOf(compact),
      compact[5] !== undefined,
    );
    return time ? { time, length: compact[0].length } : null;
  }
  HOUR_H.lastIndex = index;
  const hourH = HOUR_H.exec(text);
  if (hourH) {
    const hour = Number(hourH[1]);
    if (hour < MIN_HOUR_H || hour > 23) return null;
    return {
      time: { hour, minute: 0, meridiem: null, fixed: hour * 60, weak: false },
      length: hourH[0].length,
    };
  }
  CLOCK.lastIndex = index;
  const clock = CLOCK.exec(text);
  if (!clock) return null;
  const european = clock[2]?.toLowerCase() === "h" || clock[4] !== undefined;
  const time = clockTime(Number(clock[1]), clock[3], meridiemOf(clock, 5), european);
  return time ? { time, length: clock[0].length } : null;
}

function meridiemOf(match: RegExpExecArray, first = 3): Meridiem | null {
  const letter = (match[first] ?? match[first + 1])?.toLowerCase();
  return letter === "a" ? "am" : letter === "p" ? "pm" : null;
}

/**
 * Digits with no colon. With am/pm, any time ("630pm"). Without, only on the quarter hour, so a
 * year or a phone number is not a time, and only where the surroundings make it one (`weak`):
 * four digits are a 24-hour clock ("1800", "0930", "1130"); three are a 12-hour time whose
 * am/pm is not written ("630").
 */
function compactTime(
  hourText: string,
  minuteText: string,
  meridiem: Meridiem | null,
  military: boolean,
): ClockTime | null {
  const hour = Number(hourText);
  const minute = Number(minuteText);
  if (meridiem) return clockTime(hour, minuteText, meridiem, false);
  if (hourText.length === 2 && military) {
    return hour > 23 || minute > 59
      ? null
      : { hour, minute, meridiem: null, fixed: hour * 60 + minute, weak: false };
  }
  if (minute % 15 !== 0 || military) return null;
  if (hourText.length === 2) {
    if (hour > 23) return null;
    return { hour, minute, meridiem: null, fixed: hour * 60 + minute, weak: true };
  }
  if (hour < 1) return null;
  return { hour, minute, meridiem: null, fixed: null, weak: true };
}

function clockTime(
  hour: number,
  minuteText: string | undefined,
  meridiem: Meridiem | null,
  european = false,
): ClockTime | null {
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    return { hour, minute, meridiem, fixed: toMinutes(hour, minute, meridiem), weak: false };
  }
  if (european && hour <= 23) return { hour, minute, meridiem, fixed: hour * 60 + minute, weak: false };
  if (hour >= 1 && hour <= 12) return { hour, minute, meridiem, fixed: null, weak: minuteText === undefined };
  // A 24-hour time needs its minutes: a bare "16" is more often an age or a count than 4 PM.
  if (hour > 23 || minuteText === undefined) return null;
  return { hour, minute, meridiem, fixed: hour * 60 + minute, weak: false };
}

function toMinutes(hour: number, minute: number, meridiem: Meridiem): number {
  return ((hour % 12) + (meridiem === "pm" ? 12 : 0)) * 60 + minute;
}

/** The two readings of a 12-hour time with no am/pm: morning first, then afternoon/evening. */
function readings(time: ClockTime): number[] {
  if (time.fixed !== null) return [time.fixed];
  return [toMinutes(time.hour, time.minute, "am"), toMinutes(time.hour, time.minute, "pm")];
}

/**
 * A lone time with no am/pm and nothing around it to tell: 1–9 are read as PM and 10–11 as
 * AM (open mats are evening or late-morning affairs; nobody rolls at 7 AM unannounced), and
 * 12 is noon.
 */
export function resolveLoneTime(time: ClockTime): number {
  if (time.fixed !== null) return time.fixed;
  const meridiem: Meridiem = time.hour >= 10 && time.hour <= 11 ? "am" : "pm";
  return toMinutes(time.hour, time.minute, meridiem);
}

/** How long from `start` to `end`, wrapping past midnight; zero counts as a whole day. */
export function forwardDistance(start: number, end: number): number {
  const distance = (end - start + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return distance === 0 ? MINUTES_PER_DAY : distance;
}

function closest(options: number[], score: (option: number) => number): number {
  let best = options[0] ?? 0;
  for (const option of options) if (score(option) < score(best)) best = option;
  return best;
}

/**
 * Resolves a range where am/pm may be written once or not at all. The missing half is the
 * reading that makes the session shortest: "11-1pm" is 11:00–13:00, "10-12pm" 10:00–12:00,
 * "5:45-6:45 pm" 17:45–18:45, "6pm-8" 18:00–20:00. With no am/pm at all the start follows
 * `resolveLoneTime` and the end is the next matching reading after it ("9-11" is 21:00–23:00).
 */
export function resolveRange(first: ClockTime, second: ClockTime): { start: number; end: number } {
  const startKnown = first.fixed !== null;
  const endKnown = second.fixed !== null;
  if (!startKnown && endKnown) {
    const end = resolveLoneTime(second);
    return { start: closest(readings(first), (start) => forwardDistance(start, end)), end };
  }
  const start = resolveLoneTime(first);
  return { start, end: closest(readings(second), (end) => forwardDistance(start, end)) };
}

/**
 * A 12 on a 12-hour clock that is not "12pm" or the word "noon"/"midnight": "12am", "12:30 a.m.",
 * or the "12" of "12-1am". Gyms write these for noon far more often than anyone holds an open
 * mat at midnight, so a start read this way into the midnight hour is never taken silently.
 */
export function isClockTwelve(time: ClockTime): boolean {
  return time.hour === 12 && time.meridiem !== "pm" && !time.named;
}

/** The same time read as noon ("12:30am" → 12:30 PM). */
export function asNoon(time: ClockTime): ClockTime {
  return { ...time, meridiem: "pm", fixed: toMinutes(time.hour, time.minute, "pm") };
}

/** A written "12am" or "12:00 a.m." (not the word, not a 24-hour "00:00"). */
export function isWrittenTwelveAm(time: ClockTime): boolean {
  return time.hour === 12 && time.meridiem === "am" && !time.named;
}

/** A time with no am/pm in a list beside one with it: the reading just before `next` ("6 & 7pm"). */
export function resolveBefore(time: ClockTime, next: number): number {
  return closest(readings(time), (start) => forwardDistance(start, next));
}

/** Likewise the reading just after `previous` ("11am, 1"). */
export function resolveAfter(time: ClockTime, previous: number): number {
  return closest(readings(time), (start) => forwardDistance(previous, start));
}

/** The same 12-hour time with am/pm given ("9" read as "9am"). */
export function withMeridiem(time: ClockTime, meridiem: Meridiem): ClockTime {
  if (time.fixed !== null) return time;
  return { ...time, meridiem, fixed: toMinutes(time.hour, time.minute, meridiem) };
}
