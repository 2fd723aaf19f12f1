/**
 * Pairs days with times within one segment (a line, or a piece between `;` or `|`), carrying
 * days and heading notes over to the lines that follow ("Saturday:" then "11am - 1pm").
 */
import type { DaysItem, Item, TimesItem } from "./group.ts";
import type { Token } from "./tokenize.ts";
import type { Session } from "./types.ts";
import { NOTE } from "./vocabulary.ts";

/** Notes that, with no time given, mean the public cannot come ("Members only"). */
const CLOSED_DOOR_NOTES: ReadonlySet<string> = new Set([NOTE.membersOnly, NOTE.inviteOnly]);

/** What one line hands to the next. */
export interface Carry {
  /** Days still open for times: a line with times and no days of its own uses them. */
  days: DaysItem | null;
  /** A line of notes alone ("Gi Open Mat:") heads the lines after it. */
  heading: Item | null;
}

export interface SegmentResult {
  sessions: Session[];
  /** Nothing parsed here and the text says there is no public open mat. */
  saysNoOpenMat: boolean;
}

/**
 * Day-first ("Sat 11am") and time-first ("11am - Sat") both occur, so times with no days
 * before them wait for the next days. Notes written ahead of a clause ("Gi: Sat 11am, Sun 10am")
 * hold until the next such notes; notes at the very end go to the last sessions made. Anything
 * unread breaks the chain so that nothing is guessed across it.
 */
export function pairSegment(items: Item[], carry: Carry, consumed: Set<Token>): SegmentResult {
  const sessions: Session[] = [];
  let awaitingTimes: DaysItem | null = null;
  let receivingTimes: DaysItem | null = items.some((item) => item.kind === "days") ? null : carry.days;
  let pendingTimes: TimesItem[] = [];
  let clauseNotes: Item[] = carry.heading ? [carry.heading] : [];
  let lastMade: Session[] = [];

  const make = (days: DaysItem, timeItems: TimesItem[]) => {
    const leading = clauseNotes.flatMap((item) => (item.kind === "notes" ? item.notes : []));
    lastMade = days.entries.flatMap((entry) =>
      timeItems.flatMap((times) =>
        times.slots.map((slot) => ({
          weekday: entry.weekday,
          start: slot.start,
          end: slot.end,
          notes: [...leading, ...entry.notes, ...days.notes, ...slot.notes],
        })),
      ),
    );
    sessions.push(...lastMade);
    consumeAll([days, ...timeItems, ...clauseNotes], consumed);
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
      } else {
        awaitingTimes = item;
        receivingTimes = null;
      }
    } else if (item.kind === "times") {
      const days: DaysItem | null = awaitingTimes ?? receivingTimes;
      if (days) {
        make(days, [item]);
        receivingTimes = days;
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
      breakChain();
    }
  });

  carry.days = awaitingTimes ?? receivingTimes;
  return { sessions, saysNoOpenMat: sessions.length === 0 && items.some(saysNoOpenMat) };
}

/** A line of notes alone: a heading when schedule lines follow, else a footnote to the line above. */
export function pairNotesLine(
  line: Item,
  scheduleFollows: boolean,
  linesAbove: Session[],
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

function attachNotes(sessions: Session[], item: Item, consumed: Set<Token>): void {
  if (item.kind !== "notes") return;
  for (const session of sessions) session.notes.push(...item.notes);
  consumeAll([item], consumed);
}

function consumeAll(items: Item[], consumed: Set<Token>): void {
  for (const item of items) for (const token of item.tokens) consumed.add(token);
}

function saysNoOpenMat(item: Item): boolean {
  if (item.kind === "noOpen") return true;
  if (item.kind !== "days" && item.kind !== "notes") return false;
  return item.notes.some((note) => CLOSED_DOOR_NOTES.has(note));
}

/** Whether days or times come after `index` before anything unread breaks the chain. */
function scheduleFollows(items: Item[], index: number): boolean {
  for (const item of items.slice(index + 1)) {
    if (item.kind === "days" || item.kind === "times") return true;
    if (item.kind === "noOpen" || item.kind === "unknown") return false;
  }
  return false;
}
