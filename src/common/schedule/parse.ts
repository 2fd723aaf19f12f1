/**
 * Reads the free text gyms write about their open mats ("Sat 11-1pm (Gi) & Sun 10am") into
 * weekly sessions. Whatever it cannot read goes to `unparsed`, exactly as written; nothing is
 * guessed. It never throws.
 */
import { type DaysItem, groupItems, type Item, type TimesItem } from "./group.ts";
import { type Token, tokenize } from "./tokenize.ts";
import type { ParsedSchedule, Session } from "./types.ts";
import { NOTE } from "./vocabulary.ts";

/** Notes that, with no time given, mean the public cannot come ("Members only"). */
const CLOSED_DOOR_NOTES: ReadonlySet<string> = new Set([NOTE.membersOnly, NOTE.inviteOnly]);

interface SegmentResult {
  tokens: Token[];
  sessions: Session[];
  /** Nothing parsed here and the text says there is no public open mat. */
  saysNoOpenMat: boolean;
}

export function parseSchedule(text: string): ParsedSchedule {
  try {
    return parseText(String(text));
  } catch {
    // Defence in depth for the "never throws" promise: give the text back unread.
    const trimmed = String(text).trim();
    return { sessions: [], unparsed: trimmed ? [trimmed] : [], noOpenMat: false };
  }
}

function parseText(text: string): ParsedSchedule {
  const consumed = new Set<Token>();
  const segments = tokenize(text).map((tokens) => parseSegment(tokens, consumed));
  const sessions = mergeSessions(segments.flatMap((segment) => segment.sessions));
  const noOpenMat = sessions.length === 0 && segments.some((segment) => segment.saysNoOpenMat);
  if (noOpenMat) {
    // Understood: "No open mat on Sundays", "Saturday: members only". Only stray words remain.
    for (const segment of segments.filter((candidate) => candidate.saysNoOpenMat)) {
      for (const token of segment.tokens)
        if (token.kind !== "unknown" && token.kind !== "time") consumed.add(token);
    }
  }
  const unparsed = segments.flatMap((segment) => unreadPieces(text, segment.tokens, consumed));
  return { sessions, unparsed, noOpenMat };
}

/**
 * Pairs days with times. Day-first ("Sat 11am") and time-first ("11am - Sat") both occur, so a
 * run of times waits for the next days when no days came before it. Notes written ahead of a
 * clause ("Gi: Sat 11am, Sun 10am") hold until the next such notes; notes at the very end go to
 * the last sessions made. Anything unread breaks the chain so that it is not guessed across.
 */
function parseSegment(tokens: Token[], consumed: Set<Token>): SegmentResult {
  const items = groupItems(tokens);
  const sessions: Session[] = [];
  let awaitingTimes: DaysItem | null = null;
  let receivingTimes: DaysItem | null = null;
  let pendingTimes: TimesItem[] = [];
  let clauseNotes: Item[] = [];
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
    for (const item of [days, ...timeItems, ...clauseNotes])
      for (const token of item.tokens) consumed.add(token);
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
        clauseNotes = [item];
      } else if (lastMade.length > 0) {
        for (const session of lastMade) session.notes.push(...item.notes);
        for (const token of item.tokens) consumed.add(token);
      }
    } else {
      breakChain();
    }
  });

  const saysNoOpenMat =
    sessions.length === 0 &&
    items.some(
      (item) =>
        item.kind === "noOpen" ||
        (item.kind === "days" && item.notes.some((note) => CLOSED_DOOR_NOTES.has(note))) ||
        (item.kind === "notes" && item.notes.some((note) => CLOSED_DOOR_NOTES.has(note))),
    );
  return { tokens, sessions, saysNoOpenMat };
}

/** Whether days or times come after `index` before anything unread breaks the chain. */
function scheduleFollows(items: Item[], index: number): boolean {
  for (const item of items.slice(index + 1)) {
    if (item.kind === "days" || item.kind === "times") return true;
    if (item.kind === "noOpen" || item.kind === "unknown") return false;
  }
  return false;
}

/** Same weekday, start and end is one session: its notes are pooled. Sorted for stable output. */
function mergeSessions(sessions: Session[]): Session[] {
  const byKey = new Map<string, Session>();
  for (const session of sessions) {
    const key = `${session.weekday}|${session.start}|${session.end}`;
    const existing = byKey.get(key);
    if (existing) existing.notes.push(...session.notes);
    else byKey.set(key, { ...session, notes: [...session.notes] });
  }
  const merged = [...byKey.values()].map((session) => ({ ...session, notes: [...new Set(session.notes)] }));
  return merged.sort((a, b) => a.weekday - b.weekday || a.start - b.start || (a.end ?? -1) - (b.end ?? -1));
}

/**
 * The text between read tokens that holds something unread (a word, or a day or time that
 * found no partner), from its first to its last unread token, sliced from the source.
 */
function unreadPieces(text: string, tokens: Token[], consumed: Set<Token>): string[] {
  const pieces: string[] = [];
  let first: Token | null = null;
  let last: Token | null = null;
  const flush = () => {
    if (first && last) pieces.push(text.slice(first.from, last.to).trim());
    first = null;
    last = null;
  };
  for (const token of tokens) {
    if (consumed.has(token)) {
      flush();
    } else if (token.kind !== "filler" && token.kind !== "conn") {
      first ??= token;
      last = token;
    }
  }
  flush();
  return pieces.filter((piece) => piece.length > 0);
}
