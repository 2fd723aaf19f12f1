/**
 * Gathers a segment's tokens into items: runs of days ("Mon/Wed-Fri"), runs of times with
 * their notes ("11am-1pm (Gi), 6pm"), free-standing notes, and single unread or
 * no-open-mat tokens. Connectors and filler only glue items together.
 */
import { type DayEntry, readDayRun } from "./days.ts";
import type { Note } from "./marks.ts";
import { endOnlyTimes, slotTimes } from "./slots.ts";
import type { Span, Token } from "./tokenize.ts";
import type { DayPart } from "./vocabulary.ts";

type TokenOf<K extends Token["kind"]> = Extract<Token, { kind: K }>;

export interface TimeSlot extends Span {
  /** Null for an end with no start ("until 8 PM"). */
  start: number | null;
  end: number | null;
  notes: Note[];
  /** Reasons to check this reading (am/pm not written, a "12am" start, …). */
  review: string[];
}

export type Item = { tokens: Token[] } & (
  | { kind: "days"; entries: DayEntry[]; notes: Note[]; review: string[] }
  | { kind: "times"; slots: TimeSlot[] }
  | { kind: "notes"; notes: Note[] }
  | { kind: "noOpen"; timeUnknown: boolean }
  | { kind: "unknown" }
);

export type DaysItem = Extract<Item, { kind: "days" }>;
export type TimesItem = Extract<Item, { kind: "times" }>;

const isGlue = (token: Token | undefined) => token?.kind === "filler" || token?.kind === "conn";
const isRangeConn = (token: Token | undefined) => token?.kind === "conn" && token.range;

/** Index of the next token after `index` that is not filler (nor a connector, if `skipConnectors`). */
function nextMeaningful(tokens: Token[], index: number, skipConnectors: boolean): number {
  let next = index;
  while (next < tokens.length) {
    const token = tokens[next];
    if (token?.kind !== "filler" && !(skipConnectors && token?.kind === "conn")) break;
    next += 1;
  }
  return next;
}

export function groupItems(tokens: Token[], text: string): Item[] {
  const items: Item[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    const endOnly = endOnlyAt(tokens, index);
    if (token && endOnly !== null) {
      const { item, next } = readEndOnly(tokens, index, endOnly, text);
      items.push(item);
      index = next;
    } else if (!token || isGlue(token)) {
      index += 1;
    } else if (token.kind === "day") {
      const days = readDays(tokens, index, text);
      items.push(days?.item ?? { kind: "unknown", tokens: [token] });
      index = days?.next ?? index + 1;
    } else if (token.kind === "time" && timeCanStartHere(tokens, index, items.at(-1))) {
      const { item, next } = readTimes(tokens, index, text);
      items.push(item);
      index = next;
    } else if (token.kind === "note") {
      const { notes, consumed, next } = readNotes(tokens, index);
      items.push({ kind: "notes", notes, tokens: consumed });
      index = next;
    } else if (token.kind === "noOpen") {
      items.push({ kind: "noOpen", timeUnknown: token.timeUnknown, tokens: [token] });
      index += 1;
    } else {
      items.push({ kind: "unknown", tokens: [token] });
      index += 1;
    }
  }
  return items;
}

/**
 * Notes from `index` on, joined by connectors or filler ("Gi / No-Gi, all levels"), and with
 * `dates`, the dates among them ("11am, March 29").
 */
function readNotes(
  tokens: Token[],
  index: number,
  dates = false,
): { notes: Note[]; consumed: Token[]; next: number } {
  const isNote = (token: Token | undefined) =>
    token?.kind === "note" || (dates && token?.kind === "day" && token.date);
  const consumed: Token[] = [];
  let next = index;
  for (;;) {
    const token = tokens[next];
    if (!token || !isNote(token)) break;
    consumed.push(token);
    const after = nextMeaningful(tokens, next + 1, true);
    next = next + 1;
    if (!isNote(tokens[after])) break;
    next = after;
  }
  const notes = consumed.flatMap((token) =>
    token.kind === "note" || token.kind === "day" ? token.notes : [],
  );
  return { notes, consumed, next };
}

/**
 * Notes written right after a day or time ("Sat (Gi)", "11am - No-Gi", "11am?"), not after a
 * list joiner, except a date after a time: "11am, March 29" is one dated session.
 */
function readAttachedNotes(tokens: Token[], index: number, dates = false) {
  let at = index;
  while (tokens[at]?.kind === "filler" || isRangeConn(tokens[at])) at += 1;
  if (tokens[at]?.kind === "note") return readNotes(tokens, at, dates);
  if (!dates) return null;
  let dateAt = at;
  while (tokens[dateAt]?.kind === "conn" || tokens[dateAt]?.kind === "filler") dateAt += 1;
  const date = tokens[dateAt];
  return date?.kind === "day" && date.date ? readNotes(tokens, dateAt, true) : null;
}

/**
 * Days joined only by connectors ("Weekend open mats: Sat …" is a heading, not a list), with
 * their attached notes. Day letters ("MWF", "T") count only right before a time: null if not.
 */
function readDays(tokens: Token[], index: number, text: string): { item: DaysItem; next: number } | null {
  let next = index;
  for (;;) {
    next += 1;
    let after = next;
    while (tokens[after]?.kind === "conn") after += 1;
    if (tokens[after]?.kind !== "day") break;
    next = after;
  }
  const run = tokens.slice(index, next);
  const hasLetters = run.some((token) => token.kind === "day" && token.letters);
  if (hasLetters && tokens[nextMeaningful(tokens, next, false)]?.kind !== "time") return null;
  const { entries, review } = readDayRun(run, text);
  const attached = readAttachedNotes(tokens, next);
  const item: DaysItem = {
    kind: "days",
    entries,
    notes: attached?.notes ?? [],
    review,
    tokens: [...run.filter((token) => token.kind === "day"), ...(attached?.consumed ?? [])],
  };
  return { item, next: attached?.next ?? next };
}

/** Where a range starts at `index` ("6-8pm", "6 to 8"), the index of its second time. */
function rangeEndIndex(tokens: Token[], index: number): number | null {
  const connector = nextMeaningful(tokens, index + 1, false);
  if (!isRangeConn(tokens[connector])) return null;
  const end = nextMeaningful(tokens, connector + 1, false);
  return tokens[end]?.kind === "time" ? end : null;
}

/**
 * A bare number ("6", "630", "1800") is a time only next to a day ("Sat at 6"), in a range
 * ("6 to 8") or in a list of times, and never when an unread word follows it ("Sat 2 kids").
 */
function timeCanStartHere(tokens: Token[], index: number, previousItem: Item | undefined): boolean {
  const token = tokens[index];
  if (token?.kind !== "time" || !token.time.weak) return true;
  if (rangeEndIndex(tokens, index) !== null) return true;
  return previousItem?.kind === "days" && !bareNumberBeforeWord(tokens, index);
}

const bareNumberBeforeWord = (tokens: Token[], index: number) => tokens[index + 1]?.kind === "unknown";

function readTimes(tokens: Token[], index: number, text: string): { item: TimesItem; next: number } {
  const raw: { first: TokenOf<"time">; second: TokenOf<"time"> | null; notes: Note[]; to: number }[] = [];
  const consumed: Token[] = [];
  let next = index;
  for (;;) {
    const first = tokens[next] as TokenOf<"time">;
    const rangeEnd = rangeEndIndex(tokens, next);
    const second = rangeEnd === null ? null : (tokens[rangeEnd] as TokenOf<"time">);
    consumed.push(first, ...(second ? [second] : []));
    next = (rangeEnd ?? next) + 1;
    const attached = readAttachedNotes(tokens, next, true);
    raw.push({
      first,
      second,
      notes: attached?.notes ?? [],
      to: attached?.consumed.at(-1)?.to ?? (second ?? first).to,
    });
    consumed.push(...(attached?.consumed ?? []));
    next = attached?.next ?? next;
    const following = nextMeaningful(tokens, next, true);
    const candidate = tokens[following];
    if (candidate?.kind !== "time") break;
    if (
      candidate.time.weak &&
      rangeEndIndex(tokens, following) === null &&
      bareNumberBeforeWord(tokens, following)
    ) {
      break;
    }
    next = following;
  }
  // A lone time with no am/pm takes it from the time before it once that one is sure
  // ("11am, 1 and 3"), else from the written time after it ("6 & 7pm").
  let sureBefore: number | null = null;
  const slots = raw.map(({ first, second, notes, to }, position): TimeSlot => {
    const written = text.slice(first.from, (second ?? first).to);
    const neighbours = { before: sureBefore, after: raw[position + 1]?.first.time.fixed };
    const dayPart = dayPartNear(tokens, tokens.indexOf(first));
    const { guessed, ...times } = slotTimes(first.time, second?.time ?? null, written, neighbours, dayPart);
    sureBefore = guessed ? null : times.start;
    return {
      ...times,
      notes,
      from: first.from,
      to,
    };
  });
  return { item: { kind: "times", slots, tokens: consumed }, next };
}

/** The part of the day ("nights") nearest before the time at `index` on its line, else after it. */
function dayPartNear(tokens: Token[], index: number): DayPart | null {
  const dayPart = (token: Token | undefined) => (token?.kind === "filler" ? (token.dayPart ?? null) : null);
  for (let at = index - 1; at >= 0; at -= 1) {
    const found = dayPart(tokens[at]);
    if (found) return found;
  }
  for (let at = index + 1; at < tokens.length; at += 1) {
    const found = dayPart(tokens[at]);
    if (found) return found;
  }
  return null;
}

/**
 * Where "until 8 PM" (or "after class until 8 PM") starts at `index`: the index of the time.
 * "after class" says the start is not written, so it belongs to the end.
 */
function endOnlyAt(tokens: Token[], index: number): number | null {
  const token = tokens[index];
  const until =
    token?.kind === "noOpen" && token.timeUnknown ? nextMeaningful(tokens, index + 1, false) : index;
  const conn = tokens[until];
  if (conn?.kind !== "conn" || !conn.until) return null;
  const time = nextMeaningful(tokens, until + 1, false);
  return tokens[time]?.kind === "time" ? time : null;
}

/** "until 8 PM", "till 2": an end time whose start is not written. */
function readEndOnly(
  tokens: Token[],
  index: number,
  timeIndex: number,
  text: string,
): { item: TimesItem; next: number } {
  const until = tokens[index] as Token;
  const end = tokens[timeIndex] as TokenOf<"time">;
  const dayPart = dayPartNear(tokens, timeIndex);
  const { guessed: _guessed, ...times } = endOnlyTimes(end.time, text.slice(until.from, end.to), dayPart);
  const attached = readAttachedNotes(tokens, timeIndex + 1, true);
  const slot: TimeSlot = {
    ...times,
    notes: attached?.notes ?? [],
    from: until.from,
    to: attached?.consumed.at(-1)?.to ?? end.to,
  };
  const written = tokens.slice(index, timeIndex + 1).filter((token) => token.kind !== "filler");
  const consumed = [...written, ...(attached?.consumed ?? [])];
  return { item: { kind: "times", slots: [slot], tokens: consumed }, next: attached?.next ?? timeIndex + 1 };
}
