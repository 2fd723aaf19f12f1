/**
 * Gathers a segment's tokens into items: runs of days ("Mon/Wed-Fri"), runs of times with
 * their notes ("11am-1pm (Gi), 6pm"), free-standing notes, and single unread or
 * no-open-mat tokens. Connectors and filler only glue items together.
 */
import {
  asNoon,
  type ClockTime,
  forwardDistance,
  isClockTwelve,
  resolveLoneTime,
  resolveRange,
} from "./clock.ts";
import { dayRange } from "./day-names.ts";
import type { Token } from "./tokenize.ts";
import type { Weekday } from "./types.ts";

type TokenOf<K extends Token["kind"]> = Extract<Token, { kind: K }>;

export interface DayEntry {
  weekday: Weekday;
  notes: string[];
}

export interface TimeSlot {
  start: number;
  end: number | null;
  notes: string[];
  /** Set when the start was written "12am" (or "12-1am"): the slot's source span, and whether it was read as noon. */
  twelveAm?: { from: number; to: number; readAsNoon: boolean };
}

/** Longest session that makes "12am-…" read as noon; past that the end says it really is night ("12am-2am"). */
const MAX_NOON_SESSION_MINUTES = 6 * 60;

export type Item = { tokens: Token[] } & (
  | { kind: "days"; entries: DayEntry[]; notes: string[] }
  | { kind: "times"; slots: TimeSlot[] }
  | { kind: "notes"; notes: string[] }
  | { kind: "noOpen" }
  | { kind: "unknown" }
);

export type DaysItem = Extract<Item, { kind: "days" }>;
export type TimesItem = Extract<Item, { kind: "times" }>;

const isGlue = (token: Token | undefined) => token?.kind === "filler" || token?.kind === "conn";

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

export function groupItems(tokens: Token[]): Item[] {
  const items: Item[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (!token || isGlue(token)) {
      index += 1;
    } else if (token.kind === "day") {
      const { item, next } = readDays(tokens, index);
      items.push(item);
      index = next;
    } else if (token.kind === "time" && timeCanStartHere(tokens, index, items.at(-1))) {
      const { item, next } = readTimes(tokens, index);
      items.push(item);
      index = next;
    } else if (token.kind === "note") {
      const { notes, consumed, next } = readNotes(tokens, index);
      items.push({ kind: "notes", notes, tokens: consumed });
      index = next;
    } else {
      const kind = token.kind === "noOpen" ? "noOpen" : "unknown";
      items.push({ kind, tokens: [token] });
      index += 1;
    }
  }
  return items;
}

/** Notes from `index` on, joined by connectors or filler ("Gi / No-Gi, all levels"). */
function readNotes(tokens: Token[], index: number): { notes: string[]; consumed: Token[]; next: number } {
  const consumed: Token[] = [];
  let next = index;
  for (;;) {
    const token = tokens[next];
    if (token?.kind !== "note") break;
    consumed.push(token);
    const after = nextMeaningful(tokens, next + 1, true);
    next = next + 1;
    if (tokens[after]?.kind !== "note") break;
    next = after;
  }
  return { notes: consumed.flatMap((token) => (token.kind === "note" ? token.notes : [])), consumed, next };
}

/**
 * Notes written right after a day or time ("Sat (Gi)", "11am - No-Gi"), not after a list joiner,
 * except a date: "Sunday, May 03" is one dated day, not a list.
 */
function readAttachedNotes(tokens: Token[], index: number) {
  let at = index;
  while (tokens[at]?.kind === "filler" || (tokens[at]?.kind === "conn" && isRangeConn(tokens[at]))) at += 1;
  if (tokens[at]?.kind === "note") return readNotes(tokens, at);
  let dateAt = at;
  while (tokens[dateAt]?.kind === "conn" || tokens[dateAt]?.kind === "filler") dateAt += 1;
  const date = tokens[dateAt];
  return date?.kind === "note" && date.date ? readNotes(tokens, dateAt) : null;
}

const isRangeConn = (token: Token | undefined) => token?.kind === "conn" && token.range;

function readDays(tokens: Token[], index: number): { item: DaysItem; next: number } {
  const entries = new Map<Weekday, string[]>();
  const consumed: Token[] = [];
  let previous: TokenOf<"day"> | null = null;
  let sawRange = false;
  let next = index;
  for (;;) {
    const token = tokens[next];
    if (token?.kind !== "day") break;
    const rangeFrom = previous?.days[0];
    const rangeTo = token.days[0];
    const days =
      sawRange && previous?.single && token.single && rangeFrom !== undefined && rangeTo !== undefined
        ? dayRange(rangeFrom, rangeTo)
        : token.days;
    for (const weekday of days) {
      const notes = entries.get(weekday) ?? [];
      entries.set(weekday, [...notes, ...(days === token.days ? token.notes : [])]);
    }
    consumed.push(token);
    previous = token;
    next += 1;
    // Only joiners may sit between listed days: "Weekend open mats: Sat …" is a heading, not a list.
    let after = next;
    while (tokens[after]?.kind === "conn") after += 1;
    if (tokens[after]?.kind !== "day") break;
    sawRange = tokens.slice(next, after).some(isRangeConn);
    next = after;
  }
  const attached = readAttachedNotes(tokens, next);
  const item: DaysItem = {
    kind: "days",
    entries: [...entries].map(([weekday, notes]) => ({ weekday, notes })),
    notes: attached?.notes ?? [],
    tokens: [...consumed, ...(attached?.consumed ?? [])],
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
 * A bare number ("6") is a time only next to a day ("Sat at 6"), in a range ("6 to 8") or in a
 * list of times, and never when an unread word follows it ("Sat 2 kids", "Sat 5 stripes").
 */
function timeCanStartHere(tokens: Token[], index: number, previousItem: Item | undefined): boolean {
  const token = tokens[index];
  if (token?.kind !== "time" || !token.time.weak) return true;
  if (rangeEndIndex(tokens, index) !== null) return true;
  return previousItem?.kind === "days" && !bareNumberBeforeWord(tokens, index);
}

const bareNumberBeforeWord = (tokens: Token[], index: number) => tokens[index + 1]?.kind === "unknown";

function readTimes(tokens: Token[], index: number): { item: TimesItem; next: number } {
  const slots: TimeSlot[] = [];
  const consumed: Token[] = [];
  let next = index;
  for (;;) {
    const first = tokens[next] as TokenOf<"time">;
    const rangeEnd = rangeEndIndex(tokens, next);
    const second = rangeEnd === null ? null : (tokens[rangeEnd] as TokenOf<"time">);
    const times = readSlotTimes(first, second);
    consumed.push(first, ...(second ? [second] : []));
    next = (rangeEnd ?? next) + 1;
    const attached = readAttachedNotes(tokens, next);
    slots.push({ ...times, notes: attached?.notes ?? [] });
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
  return { item: { kind: "times", slots, tokens: consumed }, next };
}

/**
 * A start written "12am" is read as noon ("12:00am - 2:00pm", or alone) unless the end puts
 * the session in the night ("12am-2am", "12-1am"); either way the slot carries a flag for review.
 */
function readSlotTimes(
  first: TokenOf<"time">,
  second: TokenOf<"time"> | null,
): Pick<TimeSlot, "start" | "end" | "twelveAm"> {
  const read = (start: ClockTime) => (second ? resolveRange(start, second.time) : loneTime(start));
  const asWritten = read(first.time);
  if (!isClockTwelve(first.time) || asWritten.start >= 60) return asWritten;
  const noon = read(asNoon(first.time));
  const readAsNoon = noon.end === null || forwardDistance(noon.start, noon.end) <= MAX_NOON_SESSION_MINUTES;
  const span = { from: first.from, to: (second ?? first).to };
  return { ...(readAsNoon ? noon : asWritten), twelveAm: { ...span, readAsNoon } };
}

function loneTime(time: ClockTime): { start: number; end: null } {
  return { start: resolveLoneTime(time), end: null };
}
