/**
 * Splits schedule text into segments (lines, `;`, `|`, bullets) of classified tokens. Every
 * token keeps its offsets so that unread text can be handed back exactly as written.
 */
import { type ClockTime, matchTimeAt } from "./clock.ts";
import { matchDateAt, placeDate, weekdayOfDate } from "./dates.ts";
import { DAY_SET_PATTERNS, lettersAsDays, weekdayFromWord } from "./day-names.ts";
import { type Mark, matchBareOrdinalsAt, matchMarkAt, matchMarkedDayAt, type Note } from "./marks.ts";
import type { Weekday } from "./types.ts";
import {
  connectorWord,
  type DayPart,
  dayPartOf,
  isFillerWord,
  matchNoOpenMatAt,
  matchNoteAt,
  matchOpenMatLabelAt,
} from "./vocabulary.ts";

export interface Span {
  /** Offset of the first character in the source text. */
  from: number;
  /** Offset just past the last character. */
  to: number;
}

type TokenBody =
  /**
   * `single` is false for day sets ("weekends"), dates and ordinals, which cannot open a range.
   * `letters`: day letters ("W", "MWF"), read as days only right before a time. `loneT`: a "T"
   * alone, which could be Thursday. `date`: a calendar date, standing for its weekday.
   */
  | {
      kind: "day";
      days: Weekday[];
      single: boolean;
      notes: Note[];
      letters?: true;
      loneT?: true;
      date?: true;
    }
  | { kind: "time"; time: ClockTime }
  | { kind: "note"; notes: Note[] }
  /** "No open mat", "members only" (`timeUnknown` false); "call for times", "TBA" (true). */
  | { kind: "noOpen"; timeUnknown: boolean }
  /** `range` for "-", "to", "thru"; otherwise a list joiner such as ",", "&", "and", "/". `until`: "until", "till". */
  | { kind: "conn"; range: boolean; until?: true }
  /** `openMat`: the words "open mat", which label a line of a class timetable. */
  /**
   * `openMat`: the words "open mat", which label a line of a class timetable. `dayPart`:
   * "mornings", "nights", which say whether a time with no am/pm is morning or evening.
   */
  | { kind: "filler"; openMat?: true; dayPart?: DayPart }
  | { kind: "unknown" };

export type Token = Span & TokenBody;

const SEPARATOR = /[\n\r;|•·]/;
const WHITESPACE = /\s/;
const RANGE_PUNCTUATION = /[-–—~]/;
const LIST_PUNCTUATION = /[,&+/]/;
const WORD = /[\p{L}\p{N}$]+(?:['’]\p{L}+)*/uy;
// "2 mats", "90 minutes", "3 rounds": a count, never a clock time.
const COUNT =
  /\d{1,3}\s*\+?\s*(?:mats?|sessions?|times?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|minutes?|mins?|rounds?|people|spots?)(?![\p{L}\p{N}])/iuy;
const CLOSING: Readonly<Record<string, string>> = { "(": ")", "[": "]" };
const BRACKETS = /[()[\]\n\r]/;
const UNTIL_WORDS = new Set(["until", "till", "til", "'til", "’til"]);

export function tokenize(text: string, today?: string): Token[][] {
  const segments: Token[][] = [];
  let current: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    // Exports from some site builders carry line breaks as a literal backslash-n.
    const escapedBreak = char === "\\" && /[nr]/.test(text.charAt(index + 1));
    if (SEPARATOR.test(char) || escapedBreak || endsSentence(text, index)) {
      if (current.length > 0) segments.push(current);
      current = [];
      index += escapedBreak ? 2 : 1;
      continue;
    }
    const token =
      char in CLOSING ? readParenthetical(text, index, today) : readToken(text, index, today, current.at(-1));
    if (token) current.push(token);
    // "6pm. Open mat Saturdays": the stop went with the time's "pm.", and still ends the line.
    if (
      token?.kind === "time" &&
      text.charAt(token.to - 1) === "." &&
      /^\s+\p{Lu}/u.test(text.slice(token.to))
    ) {
      segments.push(current);
      current = [];
    }
    // Unreadable characters (emoji, stray punctuation, a bracket we see through) are skipped.
    index = token ? token.to : index + 1;
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

// "Classes Mon-Fri 6pm. Open mat Saturdays.": a full stop before a capital ends a line, except
// after a short form ("Sat. Open mat", "Dr. Smith", "Nov. 18").
const SENTENCE_END = /(?<=[\p{L}\p{N}])\.\s+(?=\p{Lu})/uy;

function endsSentence(text: string, index: number): boolean {
  SENTENCE_END.lastIndex = index;
  if (!SENTENCE_END.test(text)) return false;
  const word = /[\p{L}.]+$/u.exec(text.slice(Math.max(0, index - 12), index))?.[0] ?? "";
  // A day, month or other short form before the stop is an abbreviation, not a sentence's end.
  return !((weekdayFromWord(word) !== null && word.length <= 5) || isShortForm(word));
}

function isShortForm(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.length <= 1 || lower.includes(".")) return true;
  return /^(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|approx|no|st|ave|dr|mr|mrs|ms|vs|etc|tues|thurs|weds)$/.test(
    lower,
  );
}

function readToken(
  text: string,
  at: number,
  today: string | undefined,
  previous: Token | undefined,
): Token | null {
  if (WHITESPACE.test(text.charAt(at))) return null;
  const match = (length: number) => ({ from: at, to: at + length });
  // "6~8pm" is a range; "~6pm" is "about 6 PM".
  if (text.charAt(at) === "~" && previous?.kind === "time") return { kind: "conn", range: true, ...match(1) };
  const markedDay = matchMarkedDayAt(text, at);
  if (markedDay)
    return {
      kind: "day",
      days: markedDay.days,
      single: false,
      notes: [markedDay.mark],
      ...match(markedDay.length),
    };
  const mark = matchMarkAt(text, at, today);
  if (mark) return { kind: "note", notes: [mark.mark], ...match(mark.length) };
  const date = dateToken(text, at, today);
  if (date) return date;
  const noOpen = matchNoOpenMatAt(text, at);
  if (noOpen) return { kind: "noOpen", timeUnknown: noOpen.timeUnknown, ...match(noOpen.length) };
  const note = matchNoteAt(text, at);
  if (note) return { kind: "note", notes: [note.note], ...match(note.length) };
  for (const { pattern, days } of DAY_SET_PATTERNS) {
    pattern.lastIndex = at;
    const daySet = pattern.exec(text);
    if (daySet) return { kind: "day", days, single: false, notes: [], ...match(daySet[0].length) };
  }
  COUNT.lastIndex = at;
  const count = COUNT.exec(text);
  if (count) return { kind: "unknown", ...match(count[0].length) };
  const time = matchTimeAt(text, at);
  if (time) return { kind: "time", time: time.time, ...match(time.length) };
  const label = matchOpenMatLabelAt(text, at);
  if (label > 0) return { kind: "filler", openMat: true, ...match(label) };
  const char = text.charAt(at);
  if (RANGE_PUNCTUATION.test(char)) return { kind: "conn", range: true, ...match(1) };
  if (LIST_PUNCTUATION.test(char)) return { kind: "conn", range: false, ...match(1) };
  WORD.lastIndex = at;
  const word = WORD.exec(text)?.[0];
  if (!word) return null;
  return { ...classifyWord(word), ...match(word.length) };
}

/** "March 29", "3/29": a day token for the date's weekday (none while the year is unknown). */
function dateToken(text: string, at: number, today: string | undefined): Token | null {
  const found = matchDateAt(text, at);
  if (!found) return null;
  const written = text.slice(at, at + found.length);
  const placed = placeDate(found.date, written.replace(/\s+/g, " "), today);
  const mark: Mark = { mark: "date", placed, written };
  const days = placed.iso ? [weekdayOfDate(placed.iso)] : [];
  return { kind: "day", days, single: false, notes: [mark], date: true, from: at, to: at + found.length };
}

function classifyWord(
  word: string,
): Token extends infer T ? (T extends Span ? Omit<T, "from" | "to"> : never) : never {
  const weekday = weekdayFromWord(word);
  if (weekday !== null) return { kind: "day", days: [weekday], single: true, notes: [] };
  if (isFillerWord(word)) {
    const dayPart = dayPartOf(word);
    return dayPart ? { kind: "filler", dayPart } : { kind: "filler" };
  }
  const connector = connectorWord(word);
  if (connector) {
    const until = UNTIL_WORDS.has(word.toLowerCase()) ? { until: true as const } : {};
    return { kind: "conn", range: connector === "range", ...until };
  }
  const letters = lettersAsDays(word);
  if (letters) {
    const loneT = letters.loneT ? { loneT: true as const } : {};
    return {
      kind: "day",
      days: letters.days,
      single: letters.days.length === 1,
      notes: [],
      letters: true,
      ...loneT,
    };
  }
  return { kind: "unknown" };
}

/**
 * A bracketed aside is a note when it reads as notes ("(Gi, all levels)", "(?)") or as free
 * text ("(bring a water bottle)"), kept verbatim. When it holds schedule itself ("(Sat
 * 11-1)", "(March 29)") or a no-open-mat phrase, the brackets are seen through (null) and
 * their content read normally.
 */
function readParenthetical(text: string, open: number, today: string | undefined): Token | null {
  let close = open + 1;
  while (close < text.length && !BRACKETS.test(text.charAt(close))) close += 1;
  if (text.charAt(close) !== CLOSING[text.charAt(open)]) return null;
  const inner = text.slice(open + 1, close);
  const span = { from: open, to: close + 1 };
  const notes = readNoteList(inner, today);
  if (notes) return notes.length > 0 ? { kind: "note", notes, ...span } : { kind: "filler", ...span };
  const kinds = new Set(tokenize(inner, today).flatMap((segment) => segment.map((token) => token.kind)));
  const holdsSchedule = kinds.has("day") || (kinds.has("time") && !kinds.has("unknown"));
  const onlyNoOpenMat = kinds.has("noOpen") && !kinds.has("unknown") && !kinds.has("time");
  if (holdsSchedule || onlyNoOpenMat) return null;
  // Control characters are junk in a note, and never reach a session's text.
  const verbatim = inner
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
  return verbatim ? { kind: "note", notes: [verbatim], ...span } : { kind: "filler", ...span };
}

/** All the notes in `inner`, when it is nothing but recognised notes, marks, separators and filler. */
function readNoteList(inner: string, today: string | undefined): Note[] | null {
  const notes: Note[] = [];
  let index = 0;
  while (index < inner.length) {
    const found =
      matchMarkedDayAt(inner, index) ?? matchMarkAt(inner, index, today) ?? matchBareOrdinalsAt(inner, index);
    if (found) {
      notes.push(found.mark);
      index += found.length;
      continue;
    }
    if (!/[\p{L}\p{N}$]/u.test(inner.charAt(index))) {
      index += 1;
      continue;
    }
    const note = matchNoteAt(inner, index);
    if (note) {
      notes.push(note.note);
      index += note.length;
      continue;
    }
    WORD.lastIndex = index;
    const word = WORD.exec(inner)?.[0] ?? "";
    if (!isFillerWord(word) && connectorWord(word) !== "list") return null;
    index += word.length;
  }
  return notes;
}
