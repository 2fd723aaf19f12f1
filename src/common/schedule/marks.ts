/**
 * Phrases that say when in the month or year a session happens, or that the writer is unsure:
 * "1st & 3rd Saturday", "every other week", "starting March 7", "Sat, March 29", "11am?".
 * They travel with a session's notes as marks and become its fields (or hold it back) once
 * the session is made (finish.ts).
 */
import {
  daysInMonth,
  matchDateAt,
  matchMonthAt,
  type PlacedDate,
  placeDate,
  placeNearest,
  placeOnOrAfter,
  type WrittenDate,
} from "./dates.ts";
import { weekdayFromWord } from "./day-names.ts";
import type { Ordinal, Weekday } from "./types.ts";

export type Mark =
  /** "1st & 3rd Saturday"; `weekday` null for "(1st & 3rd)" written after a day. */
  | { mark: "ordinals"; ordinals: Ordinal[]; weekday: Weekday | null; written: string }
  /** "monthly", "once a month": placed only if ordinals say which week. */
  | { mark: "monthly"; written: string }
  /** A rule no date can be worked out from: "every other Saturday", "1st weekend". */
  | { mark: "unplaced"; written: string; reason: string }
  | { mark: "date"; placed: PlacedDate; written: string }
  | { mark: "season"; from?: PlacedDate; until?: PlacedDate; written: string }
  /** "?", "maybe", "around 6": the writer is not sure. */
  | { mark: "doubt"; written: string };

/** What a session's notes hold while it is being read: display notes and marks. */
export type Note = string | Mark;

export const isMark = (note: Note): note is Mark => typeof note !== "string";
export const textNotes = (notes: readonly Note[]): string[] =>
  notes.filter((note): note is string => typeof note === "string");

const END = "(?![\\p{L}\\p{N}])";
const sticky = (source: string) => new RegExp(`(?:${source})${END}`, "iuy");

const ORDINAL = "1st|2nd|3rd|4th|5th|first|second|third|fourth|fifth|last";
const ORDINAL_LIST = `(?:${ORDINAL})(?:\\s*(?:,|&|and|\\/|\\+)\\s*(?:${ORDINAL}))*`;
const OF_THE_MONTH = "(?:\\s+of\\s+(?:the|each|every)\\s+month)";
const ORDINAL_DAY = sticky(`(${ORDINAL_LIST})\\s+([\\p{L}'’]+)\\.?${OF_THE_MONTH}?`);
const ORDINALS_OF_MONTH = sticky(`(${ORDINAL_LIST})${OF_THE_MONTH}`);
const ORDINALS_ALONE = sticky(`(${ORDINAL_LIST})`);
const ORDINAL_WEEKS = sticky(`(${ORDINAL_LIST})\\s+(?:week(?:end)?s?)${OF_THE_MONTH}?`);
const ORDINAL_VALUES: Readonly<Record<string, Ordinal>> = {
  "1st": 1,
  first: 1,
  "2nd": 2,
  second: 2,
  "3rd": 3,
  third: 3,
  "4th": 4,
  fourth: 4,
  "5th": 5,
  fifth: 5,
  last: -1,
};

export function ordinalList(written: string): Ordinal[] {
  const values = written
    .toLowerCase()
    .split(/\s*(?:,|&|and|\/|\+)\s*/)
    .map((word) => ORDINAL_VALUES[word])
    .filter((value): value is Ordinal => value !== undefined);
  return sortOrdinals(values);
}

/** Ascending, "last" at the end, no repeats. */
export function sortOrdinals(ordinals: readonly Ordinal[]): Ordinal[] {
  const key = (ordinal: Ordinal) => (ordinal === -1 ? 9 : ordinal);
  return [...new Set(ordinals)].sort((a, b) => key(a) - key(b));
}

const WEEKEND_DAYS: Weekday[] = [6, 0];

/**
 * "1st & 3rd Saturday(s) (of the month)" or "every other Sunday" at `index`: the day(s) and
 * the mark they carry. "2nd weekend" is read as Saturday and Sunday, held back as unplaced.
 */
export function matchMarkedDayAt(
  text: string,
  index: number,
): { days: Weekday[]; mark: Mark; length: number } | null {
  ORDINAL_DAY.lastIndex = index;
  const ordinal = ORDINAL_DAY.exec(text);
  const weekday = ordinal?.[2] ? weekdayFromWord(ordinal[2]) : null;
  if (ordinal?.[1] && weekday !== null) {
    const ordinals = ordinalList(ordinal[1]);
    return {
      days: [weekday],
      mark: { mark: "ordinals", ordinals, weekday, written: ordinal[0] },
      length: ordinal[0].length,
    };
  }
  ORDINAL_WEEKS.lastIndex = index;
  const weeks = ORDINAL_WEEKS.exec(text);
  if (weeks && /weekend/i.test(weeks[0])) {
    const reason = `"${weeks[0]}": which days of the month that weekend covers is not written`;
    return {
      days: WEEKEND_DAYS,
      mark: { mark: "unplaced", written: weeks[0], reason },
      length: weeks[0].length,
    };
  }
  EVERY_OTHER_DAY.lastIndex = index;
  const everyOther = EVERY_OTHER_DAY.exec(text);
  const otherDay = everyOther?.[1] ? weekdayFromWord(everyOther[1]) : null;
  if (everyOther && otherDay !== null) {
    return { days: [otherDay], mark: everyOtherMark(everyOther[0]), length: everyOther[0].length };
  }
  return null;
}

const EVERY_OTHER_DAY = sticky(
  "(?:every\\s+other|alternate|alternating|every\\s+(?:2nd|second))\\s+([\\p{L}'’]+)",
);
const EVERY_OTHER_WEEK = sticky(
  "every\\s+(?:other|2nd|second|two|2)\\s+weeks?|every\\s+other|bi-?weekly|alternat(?:e|ing)\\s+weeks?",
);
const MONTHLY = sticky(
  "monthly|once\\s+(?:a|per|each)\\s+month|twice\\s+(?:a|per|each)\\s+month|(?:one|two|2|3|three)\\s*(?:x|times?)?\\s+(?:a|per|each)\\s+month",
);
const DOUBT_WORDS = [
  "maybe|probably|possibly|perhaps|i\\s+think|i\\s+believe|not\\s+(?:sure|certain|confirmed)|unsure",
  "unconfirmed|unverified|tentative(?:ly)?|tbc|to\\s+be\\s+confirmed|usually|typically|normally|generally",
  "most\\s+(?:weeks|weekends|saturdays|sundays)|-?ish|or\\s+so",
  // Only before a time: "around 6", "approx. 11am"; "about us" is not doubt.
  "(?:around|about|approx(?:\\.|imately)?|roughly)(?=\\s*\\d)",
].join("|");
const DOUBT = new RegExp(`\\?+|~(?=\\s*\\d)|(?:${DOUBT_WORDS})${END}`, "iuy");

const everyOtherMark = (written: string): Mark => ({
  mark: "unplaced",
  written,
  reason: `"${written}": every other week cannot be placed without a date to count from`,
});

/** A mark that is not a day by itself, at `index`: a rule, a date range, doubt, "of the month" ordinals. */
export function matchMarkAt(
  text: string,
  index: number,
  today: string | undefined,
): { mark: Mark; length: number } | null {
  const season = matchSeasonAt(text, index, today);
  if (season) return season;
  ORDINALS_OF_MONTH.lastIndex = index;
  const ofMonth = ORDINALS_OF_MONTH.exec(text);
  if (ofMonth?.[1]) {
    const mark: Mark = {
      mark: "ordinals",
      ordinals: ordinalList(ofMonth[1]),
      weekday: null,
      written: ofMonth[0],
    };
    return { mark, length: ofMonth[0].length };
  }
  ORDINAL_WEEKS.lastIndex = index;
  const weeks = ORDINAL_WEEKS.exec(text);
  if (weeks) {
    const reason = `"${weeks[0]}": which days of the month that week covers is not written`;
    return { mark: { mark: "unplaced", written: weeks[0], reason }, length: weeks[0].length };
  }
  for (const [pattern, make] of [
    [EVERY_OTHER_WEEK, everyOtherMark],
    [MONTHLY, (written: string): Mark => ({ mark: "monthly", written })],
    [DOUBT, (written: string): Mark => ({ mark: "doubt", written })],
  ] as const) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match) return { mark: make(match[0]), length: match[0].length };
  }
  return null;
}

/** "(1st & 3rd)" after a day: ordinals alone, read only inside brackets. */
export function matchBareOrdinalsAt(text: string, index: number): { mark: Mark; length: number } | null {
  ORDINALS_ALONE.lastIndex = index;
  const match = ORDINALS_ALONE.exec(text);
  if (!match?.[1]) return null;
  return {
    mark: { mark: "ordinals", ordinals: ordinalList(match[1]), weekday: null, written: match[0] },
    length: match[0].length,
  };
}

// Followed by a date or a month, so no word-end check here.
const FROM_WORDS =
  /(?:starting|starts|start|beginning|begins|begin|from|as\s+of|effective|commencing)(?:\s+(?:on|in))?\s+/iuy;
const UNTIL_WORDS =
  /(?:until|till|til|through|thru|ending|ends|end)(?:\s+(?:on|in))?(?:\s+(?:the\s+)?end\s+of)?\s+/iuy;
const RANGE_JOIN = /\s*(?:-|–|—|to|through|thru|until|till)\s*/iy;

interface Bound {
  date: WrittenDate;
  written: string;
  length: number;
}

/** A date, or a month alone (its first or last day, by `edge`), at `index`. */
function boundAt(text: string, index: number, edge: "first" | "last"): Bound | null {
  const date = matchDateAt(text, index);
  if (date) return { date: date.date, written: text.slice(index, index + date.length), length: date.length };
  const month = matchMonthAt(text, index);
  if (!month) return null;
  const day = edge === "first" ? 1 : daysInMonth(month.year ?? 2001, month.month);
  return {
    date: { month: month.month, day, year: month.year },
    written: text.slice(index, index + month.length),
    length: month.length,
  };
}

/** "starting March 7", "through May", "Sept 1 – May 31", "March–May": a season's bounds. */
function matchSeasonAt(
  text: string,
  index: number,
  today: string | undefined,
): { mark: Mark; length: number } | null {
  for (const [words, edge] of [
    [FROM_WORDS, "first"],
    [UNTIL_WORDS, "last"],
  ] as const) {
    words.lastIndex = index;
    const lead = words.exec(text);
    // "from June 1 to August 31": the lead word opens a range, not only its first bound.
    const range = lead && edge === "first" ? seasonRangeAt(text, index + lead[0].length, today) : null;
    if (lead && range) {
      const length = lead[0].length + range.length;
      return { mark: { ...range.mark, written: text.slice(index, index + length) }, length };
    }
    const bound = lead ? boundAt(text, index + lead[0].length, edge) : null;
    if (!lead || !bound) continue;
    const placed = placeNearest(bound.date, bound.written, today);
    const length = lead[0].length + bound.length;
    const written = text.slice(index, index + length);
    const mark: Mark =
      edge === "first"
        ? { mark: "season", from: placed, written }
        : { mark: "season", until: placed, written };
    return { mark, length };
  }
  return seasonRangeAt(text, index, today);
}

/**
 * "Sept 1 – May 31", "March–May": both bounds. Written without a year, a range that has
 * wholly passed is next year's ("Summer: June 1 – Aug 31" read in November).
 */
function seasonRangeAt(
  text: string,
  index: number,
  today: string | undefined,
): { mark: Extract<Mark, { mark: "season" }>; length: number } | null {
  const first = boundAt(text, index, "first");
  if (!first) return null;
  RANGE_JOIN.lastIndex = index + first.length;
  const join = RANGE_JOIN.exec(text);
  const last = join ? boundAt(text, index + first.length + join[0].length, "last") : null;
  if (!join || !last) return null;
  // A range of days in one date ("March 29 – 30") is not a season; both ends must name a month.
  const length = first.length + join[0].length + last.length;
  const written = text.slice(index, index + length);
  const placeUntil = (start: PlacedDate) =>
    start.iso
      ? placeOnOrAfter(last.date, last.written, start.iso)
      : placeDate(last.date, last.written, today);
  let from = placeNearest(first.date, first.written, today);
  let until = placeUntil(from);
  const yearWritten = first.date.year !== null || last.date.year !== null;
  if (!yearWritten && today && from.iso && until.iso && until.iso < today) {
    from = placeOnOrAfter(first.date, first.written, today);
    until = placeUntil(from);
  }
  return { mark: { mark: "season", from, until, written }, length };
}
