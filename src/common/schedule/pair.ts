/**
 * Pairs days with times within one segment (a line, or a piece between `;` or `|`), carrying
 * days and heading notes over to the lines that follow ("Saturday:" then "11am - 1pm").
 */
import type { DaysItem, Item, TimesItem } from "./group.ts";
import type { Note } from "./marks.ts";
import type { Span, Token } from "./tokenize.ts";
import type { Weekday } from "./types.ts";
import { NOTE } from "./vocabulary.ts";

/** A session as read, before its marks become fields (finish.ts). */
export interface DraftSession {
  weekday: Weekday;
  /** Null for a day with no start time. */
  start: number | null;
  end: number | null;
  notes: Note[];
  review: string[];
  /** Where its days and times are written. */
  spans: Span[];
  /** The segment its times (or, with none, its days) are written on. */
  segment: number;
}

/** Notes that, with no time given, mean the public cannot come ("Members only"). */
export const CLOSED_DOOR_NOTES: ReadonlySet<string> = new Set([NOTE.membersOnly, NOTE.inviteOnly]);

/** What one line hands to the next. */
export interface Carry {
  /** Days still open for times: a line with times and no days of its own uses them. */
  days: DaysItem | null;
  /** A line of notes alone ("Gi Open Mat:") heads the lines after it. */
  heading: Item | null;
  /** A line of times alone ("6:00 PM - 7:30 PM") whose day comes on the next line ("Friday"). */
  times?: TimesItem[] | null;
}

export interface SegmentResult {
  sessions: DraftSession[];
  /** Nothing parsed here and the text says there is no public open mat. */
  saysNoOpenMat: boolean;
}

/** At most this many unread words between a time and its day ("6:00 AM Ten Round Tuesday"). */
const MAX_WORDS_BETWEEN = 3;
/** Words that say the day is off, so a time before them must not be given to the day after. */
const NEGATING_WORDS = new Set([
  "closed",
  "cancelled",
  "canceled",
  "off",
  "no",
  "not",
  "except",
  "but",
  "holiday",
  "holidays",
]);

/**
 * Day-first ("Sat 11am") and time-first ("11am - Sat") both occur, so times with no days
 * before them wait for the next days. Notes written ahead of a clause ("Gi: Sat 11am, Sun 10am")
 * hold until the next such notes; notes at the very end go to the last sessions made. Anything
 * unread breaks the chain so that nothing is guessed across it, with one narrow exception: a
 * few unread words (a class name, not a word such as "closed") between times and the day after
 * them when that day has no times of its own, or between a day with no times yet and the times
 * after it (on the same line or the next). The words themselves stay unread.
 */
export function pairSegment(
  items: Item[],
  carry: Carry,
  consumed: Set<Token>,
  text: string,
  segment: number,
): SegmentResult {
  const sessions: DraftSession[] = [];
  const hasDays = items.some((item) => item.kind === "days");
  const hasTimes = items.some((item) => item.kind === "times");
  let awaitingTimes: DaysItem | null = null;
  let receivingTimes: DaysItem | null = hasDays ? null : carry.days;
  // Times from the line above wait for this line's day when this line has a day and no times,
  // and says nothing against it ("Sun TBD", "Sunday closed").
  const takesTimesAbove =
    hasDays && !hasTimes && !items.some((item) => item.kind === "noOpen" || isNegating(item, text));
  let pendingTimes: TimesItem[] = takesTimesAbove ? (carry.times ?? []) : [];
  // Times cut off by a few unread words ("6:00 AM Ten Round Tuesday") still go to the next day.
  let strandedTimes: TimesItem[] = [];
  // Likewise a day cut off from its times by a few unread words ("Saturday Competition Team 10am").
  let strandedDays: DaysItem | null = null;
  let wordsSinceStranded = 0;
  let clauseNotes: Item[] = carry.heading ? [carry.heading] : [];
  let lastMade: DraftSession[] = [];
  let lastTimedDays: DaysItem | null = null;

  const make = (days: DaysItem, timeItems: TimesItem[]) => {
    const leading = clauseNotes.flatMap((item) => (item.kind === "notes" ? item.notes : []));
    const daysSpan = spanOf(days.tokens);
    // "Once a month: Sat 11am": the words that say when belong to the session's text.
    const markSpans = clauseNotes.filter(holdsMark).map((item) => spanOf(item.tokens));
    lastMade = days.entries.flatMap((entry) =>
      timeItems.flatMap((times) =>
        times.slots.map((slot) => ({
          weekday: entry.weekday,
          start: slot.start,
          end: slot.end,
          notes: [...leading, ...entry.notes, ...days.notes, ...slot.notes],
          review: [...days.review, ...slot.review],
          spans: [...markSpans, daysSpan, { from: slot.from, to: slot.to }],
          segment,
        })),
      ),
    );
    sessions.push(...lastMade);
    consumeAll([days, ...timeItems, ...clauseNotes], consumed);
    strandedTimes = [];
    strandedDays = null;
  };
  const breakChain = () => {
    awaitingTimes = null;
    receivingTimes = null;
    pendingTimes = [];
    clauseNotes = [];
  };

  items.forEach((item, index) => {
    if (item.kind === "days") {
      if (pendingTimes.length > 0) {
        make(item, pendingTimes);
        breakChain();
      } else if (strandedTimes.length > 0 && items[index + 1]?.kind !== "times") {
        make(item, strandedTimes);
        breakChain();
      } else {
        awaitingTimes = item;
        receivingTimes = null;
        strandedDays = null;
      }
    } else if (item.kind === "times") {
      const days: DaysItem | null = awaitingTimes ?? receivingTimes ?? strandedDays;
      strandedTimes = [];
      if (days) {
        make(days, [item]);
        receivingTimes = days;
        lastTimedDays = days;
        awaitingTimes = null;
      } else {
        pendingTimes.push(item);
      }
    } else if (item.kind === "notes") {
      if (scheduleFollows(items, index)) {
        clauseNotes = carry.heading ? [carry.heading, item] : [item];
      } else if (lastMade.length > 0) {
        attachNotes(lastMade, item, consumed);
      }
    } else {
      if (pendingTimes.length > 0 || awaitingTimes) {
        strandedTimes = pendingTimes;
        strandedDays = awaitingTimes;
        wordsSinceStranded = 0;
      }
      wordsSinceStranded += 1;
      if (item.kind !== "unknown" || wordsSinceStranded > MAX_WORDS_BETWEEN || isNegating(item, text)) {
        strandedTimes = [];
        strandedDays = null;
      }
      if (item.kind !== "unknown" || isNegating(item, text)) lastTimedDays = null;
      breakChain();
    }
  });

  // Days stay open for the lines below ("Monday" then "6pm Fundamentals", "7pm Open Mat";
  // "Mon 6:30pm BJJ 101" then "7:30pm Open Mat") until a line names days of its own: a
  // class name after a time does not close them, a word such as "closed" does.
  carry.days = hasDays ? (awaitingTimes ?? receivingTimes ?? strandedDays ?? lastTimedDays) : carry.days;
  const linesOnlyTimes = !hasDays && items.every((item) => item.kind === "times" || item.kind === "notes");
  carry.times = linesOnlyTimes && pendingTimes.length > 0 ? pendingTimes : null;
  return { sessions, saysNoOpenMat: sessions.length === 0 && items.some(saysNoOpenMat) };
}

export function spanOf(tokens: readonly Span[]): Span {
  let from = Number.POSITIVE_INFINITY;
  let to = 0;
  for (const token of tokens) {
    from = Math.min(from, token.from);
    to = Math.max(to, token.to);
  }
  return { from: Number.isFinite(from) ? from : 0, to };
}

function isNegating(item: Item, text: string): boolean {
  return saysDayIsOff(item.tokens, text);
}

/** Whether any of `tokens` is a word such as "closed" or "except". */
export function saysDayIsOff(tokens: readonly Token[], text: string): boolean {
  return tokens.some((token) => NEGATING_WORDS.has(text.slice(token.from, token.to).toLowerCase()));
}

/** A line of notes alone: a heading when schedule lines follow, else a footnote to the line above. */
export function pairNotesLine(
  line: Item,
  scheduleFollows: boolean,
  linesAbove: DraftSession[],
  carry: Carry,
  consumed: Set<Token>,
): SegmentResult {
  if (scheduleFollows) {
    carry.heading = line;
    carry.days = null;
  } else if (linesAbove.length > 0) {
    attachNotes(linesAbove, line, consumed);
  }
  return { sessions: [], saysNoOpenMat: saysNoOpenMat(line) };
}

function attachNotes(sessions: DraftSession[], item: Item, consumed: Set<Token>): void {
  if (item.kind !== "notes") return;
  for (const session of sessions) {
    session.notes.push(...item.notes);
    if (holdsMark(item)) session.spans.push(spanOf(item.tokens));
  }
  consumeAll([item], consumed);
}

const holdsMark = (item: Item) =>
  item.kind === "notes" && item.notes.some((note) => typeof note !== "string");

function consumeAll(items: Item[], consumed: Set<Token>): void {
  for (const item of items) for (const token of item.tokens) consumed.add(token);
}

export function saysNoOpenMat(item: Item): boolean {
  if (item.kind === "noOpen") return true;
  if (item.kind !== "days" && item.kind !== "notes") return false;
  return item.notes.some((note) => typeof note === "string" && CLOSED_DOOR_NOTES.has(note));
}

/** Whether days or times come after `index` before anything unread breaks the chain. */
function scheduleFollows(items: Item[], index: number): boolean {
  for (const item of items.slice(index + 1)) {
    if (item.kind === "days" || item.kind === "times") return true;
    if (item.kind === "noOpen" || item.kind === "unknown") return false;
  }
  return false;
}
