import type { Weekday } from "./types.ts";

export const SHORT_DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const FULL_DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const DAY_ALIASES: ReadonlyMap<string, Weekday> = new Map<string, Weekday>([
  ["su", 0],
  ["sun", 0],
  ["sunday", 0],
  ["mo", 1],
  ["mon", 1],
  ["monday", 1],
  ["tu", 2],
  ["tue", 2],
  ["tues", 2],
  ["tuesday", 2],
  // "we" is left out on purpose: it is far more often the pronoun ("we roll at 6").
  ["wed", 3],
  ["weds", 3],
  ["wednesday", 3],
  ["th", 4],
  ["thu", 4],
  ["thr", 4],
  ["thur", 4],
  ["thurs", 4],
  ["thursday", 4],
  ["fr", 5],
  ["fri", 5],
  ["friday", 5],
  ["sa", 6],
  ["sat", 6],
  ["saturday", 6],
]);

/** Reads one word as a weekday: any case, plural ("Saturdays") or possessive ("Sunday's"). */
export function weekdayFromWord(word: string): Weekday | null {
  const lower = word.toLowerCase();
  const exact = DAY_ALIASES.get(lower);
  if (exact !== undefined) return exact;
  const base = lower.replace(/(?:['’]s|s)$/, "");
  // Two-letter bases ("mos", "sas") are too likely to be other words once an "s" is added.
  if (base.length < 3 || base === lower) return null;
  return DAY_ALIASES.get(base) ?? null;
}

/**
 * Day letters as timetables write them: M, T, W, Th or R, F, Sa, Su, alone ("W 7pm") or joined
 * ("MWF", "TTh", "MTWRF"). They are read only beside a time (group.ts), so that a stray letter
 * in prose is not a day. "S" (Saturday or Sunday?) is never a day.
 */
const LETTER_CODES: ReadonlyArray<[string, Weekday]> = [
  ["th", 4],
  ["tu", 2],
  ["sa", 6],
  ["su", 0],
  ["m", 1],
  ["t", 2],
  ["w", 3],
  ["r", 4],
  ["f", 5],
];
// "MT" is Mountain Time far more often than Monday and Tuesday.
const NOT_LETTER_DAYS = new Set(["mt"]);

export interface LetterDays {
  days: Weekday[];
  /** A lone "T": Tuesday by the timetable convention, but it could be Thursday. */
  loneT: boolean;
}

/** Reads a word made only of day letters, each day once, in week order: "MWF", "TTh", "F". */
export function lettersAsDays(word: string): LetterDays | null {
  const lower = word.toLowerCase();
  if (NOT_LETTER_DAYS.has(lower) || !/^[mtwrfsuh]{1,10}$/.test(lower)) return null;
  const days: Weekday[] = [];
  let lastOrder = -1;
  let index = 0;
  while (index < lower.length) {
    const code = LETTER_CODES.find(([letters]) => lower.startsWith(letters, index));
    if (!code) return null;
    const [letters, weekday] = code;
    // Monday first, Sunday last (or first): "MWF", "SaSu", "SuMW".
    const order = weekday === 0 && days.length > 0 ? 7 : weekday;
    if (order <= lastOrder) return null;
    days.push(weekday);
    lastOrder = order;
    index += letters.length;
  }
  return { days, loneT: lower === "t" };
}

const WORKWEEK: Weekday[] = [1, 2, 3, 4, 5];
const WEEKEND: Weekday[] = [6, 0];
const EVERY_DAY: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

const daySet = (source: string, days: Weekday[]) => ({
  pattern: new RegExp(`(?:${source})(?![\\p{L}\\p{N}])`, "iuy"),
  days,
});

/** Words and short phrases that name a set of days rather than one day. */
export const DAY_SET_PATTERNS: ReadonlyArray<{ pattern: RegExp; days: Weekday[] }> = [
  daySet("week[\\s-]?days?", WORKWEEK),
  daySet("week[\\s-]?ends?", WEEKEND),
  daySet("daily|every[\\s-]?day|(?:7|seven)\\s+days\\s+a\\s+week", EVERY_DAY),
  daySet("m\\s*-\\s*f", WORKWEEK),
  daySet("m\\s*\\/\\s*w\\s*\\/\\s*f|mwf", [1, 3, 5]),
  daySet("t\\s*\\/\\s*th|tth|tuth", [2, 4]),
];

/** Days from `from` to `to` inclusive, wrapping past Saturday ("Fri-Mon"). */
export function dayRange(from: Weekday, to: Weekday): Weekday[] {
  const days: Weekday[] = [];
  let day: number = from;
  for (;;) {
    days.push(day as Weekday);
    if (day === to) return days;
    day = (day + 1) % 7;
  }
}
