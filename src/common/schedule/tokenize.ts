/**
 * Splits schedule text into segments (lines, `;`, `|`, bullets) of classified tokens. Every
 * token keeps its offsets so that unread text can be handed back exactly as written.
 */
import { type ClockTime, matchTimeAt } from "./clock.ts";
import { DAY_SET_PATTERNS, weekdayFromWord } from "./day-names.ts";
import type { Weekday } from "./types.ts";
import { connectorWord, isFillerWord, matchNoOpenMatAt, matchNoteAt } from "./vocabulary.ts";

interface Span {
  /** Offset of the first character in the source text. */
  from: number;
  /** Offset just past the last character. */
  to: number;
}

type TokenBody =
  /** `single` is false for day sets ("weekends") and ordinals, which cannot open a range. */
  | { kind: "day"; days: Weekday[]; single: boolean; notes: string[] }
  | { kind: "time"; time: ClockTime }
  /** `date` marks a calendar date ("May 03", "5/3"): a note on a dated event, never a weekly time. */
  | { kind: "note"; notes: string[]; date?: true }
  | { kind: "noOpen" }
  /** `range` for "-", "to", "thru"; otherwise a list joiner such as ",", "&", "and", "/". */
  | { kind: "conn"; range: boolean }
  | { kind: "filler" }
  | { kind: "unknown" };

export type Token = Span & TokenBody;

const SEPARATOR = /[\n\r;|•·]/;
const WHITESPACE = /\s/;
const RANGE_PUNCTUATION = /[-–—~]/;
const LIST_PUNCTUATION = /[,&+/]/;
const WORD = /[\p{L}\p{N}$]+(?:['’]\p{L}+)*/uy;
// "3/15": a date is never a weekly time, and must not read as "3" and "15".
const DATE = /\d{1,2}\/\d{1,2}(?:\/\d{2,4})?(?!\p{N})/uy;
// "May 03", "Sept. 9th, 2026", "3 May": event listings put the date beside the weekday.
const MONTH =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const DAY_OF_MONTH = "(?:[12]\\d|3[01]|0?[1-9])(?:st|nd|rd|th)?";
const NAMED_DATE = new RegExp(
  `(?:(?:${MONTH})\\.?\\s+${DAY_OF_MONTH}|${DAY_OF_MONTH}\\s+(?:of\\s+)?(?:${MONTH}))(?:,?\\s+\\d{4})?(?![\\p{L}\\p{N}])`,
  "iuy",
);
// "2 mats", "90 minutes", "3 rounds": a count, never a clock time.
const COUNT =
  /\d{1,3}\s*\+?\s*(?:mats?|sessions?|times?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|minutes?|mins?|rounds?|people|spots?)(?![\p{L}\p{N}])/iuy;
const CLOSING: Readonly<Record<string, string>> = { "(": ")", "[": "]" };
const BRACKETS = /[()[\]\n\r]/;

export function tokenize(text: string): Token[][] {
  const segments: Token[][] = [];
  let current: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    // Exports from some site builders carry line breaks as a literal backslash-n.
    const escapedBreak = char === "\\" && /[nr]/.test(text.charAt(index + 1));
    if (SEPARATOR.test(char) || escapedBreak) {
      if (current.length > 0) segments.push(current);
      current = [];
      index += escapedBreak ? 2 : 1;
      continue;
    }
    const token = char in CLOSING ? readParenthetical(text, index) : readToken(text, index);
    if (token) current.push(token);
    // Unreadable characters (emoji, stray punctuation, a bracket we see through) are skipped.
    index = token ? token.to : index + 1;
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

function readToken(text: string, at: number): Token | null {
  if (WHITESPACE.test(text.charAt(at))) return null;
  const match = (length: number) => ({ from: at, to: at + length });
  DATE.lastIndex = at;
  NAMED_DATE.lastIndex = at;
  const date = DATE.exec(text) ?? NAMED_DATE.exec(text);
  if (date)
    return { kind: "note", notes: [date[0].replace(/\s+/g, " ")], date: true, ...match(date[0].length) };
  const noOpenLength = matchNoOpenMatAt(text, at);
  if (noOpenLength > 0) return { kind: "noOpen", ...match(noOpenLength) };
  const note = matchNoteAt(text, at);
  if (note?.weekday != null) {
    return { kind: "day", days: [note.weekday], single: false, notes: [note.note], ...match(note.length) };
  }
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
  const char = text.charAt(at);
  if (RANGE_PUNCTUATION.test(char)) return { kind: "conn", range: true, ...match(1) };
  if (LIST_PUNCTUATION.test(char)) return { kind: "conn", range: false, ...match(1) };
  WORD.lastIndex = at;
  const word = WORD.exec(text)?.[0];
  if (!word) return null;
  return { ...classifyWord(word), ...match(word.length) };
}

function classifyWord(
  word: string,
): Token extends infer T ? (T extends Span ? Omit<T, "from" | "to"> : never) : never {
  const weekday = weekdayFromWord(word);
  if (weekday !== null) return { kind: "day", days: [weekday], single: true, notes: [] };
  const connector = connectorWord(word);
  if (connector) return { kind: "conn", range: connector === "range" };
  if (isFillerWord(word)) return { kind: "filler" };
  return { kind: "unknown" };
}

/**
 * A bracketed aside is a note when it reads as notes ("(Gi, all levels)") or as free text
 * ("(bring a water bottle)"), kept verbatim. When it holds schedule itself ("(Sat 11-1)") or
 * a no-open-mat phrase, the brackets are seen through (null) and their content read normally.
 */
function readParenthetical(text: string, open: number): Token | null {
  let close = open + 1;
  while (close < text.length && !BRACKETS.test(text.charAt(close))) close += 1;
  if (text.charAt(close) !== CLOSING[text.charAt(open)]) return null;
  const inner = text.slice(open + 1, close);
  const span = { from: open, to: close + 1 };
  const notes = readNoteList(inner);
  if (notes) return notes.length > 0 ? { kind: "note", notes, ...span } : { kind: "filler", ...span };
  const kinds = new Set(tokenize(inner).flatMap((segment) => segment.map((token) => token.kind)));
  const holdsSchedule = kinds.has("day") || (kinds.has("time") && !kinds.has("unknown"));
  const onlyNoOpenMat = kinds.has("noOpen") && !kinds.has("unknown") && !kinds.has("time");
  if (holdsSchedule || onlyNoOpenMat) return null;
  const verbatim = inner.trim().replace(/\s+/g, " ");
  return verbatim ? { kind: "note", notes: [verbatim], ...span } : { kind: "filler", ...span };
}

/** All the notes in `inner`, when it is nothing but recognised notes, separators and filler. */
function readNoteList(inner: string): string[] | null {
  const notes: string[] = [];
  let index = 0;
  while (index < inner.length) {
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
