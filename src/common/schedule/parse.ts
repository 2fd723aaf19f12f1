/**
 * Reads the free text gyms write about their open mats ("Sat 11-1pm (Gi) & Sun 10am") into
 * weekly sessions. Whatever it cannot read goes to `unparsed`, exactly as written; nothing is
 * guessed. It never throws.
 *
 * The pipeline: `tokenize` (segments of days, times, notes, joiners) → `groupItems` (runs of
 * days, runs of times with their notes) → `pairSegment` (days × times, line by line) → merge.
 * Reading rules that are choices rather than facts:
 * - am/pm: see `resolveLoneTime` and `resolveRange` in clock.ts (lone 1–9 → PM, 10–11 → AM,
 *   12 → noon; a range takes the shortest reading, so "11-1pm" is 11:00–13:00).
 * - A note right after a time belongs to that time only ("11am & 1pm (Gi)": Gi is the 1 PM one).
 * - A line of notes alone heads the lines below it, or, with no schedule below, is a footnote
 *   to the line above.
 * - A start written "12am" is read as noon (unless the end says night) and listed in `review`.
 * - A date beside a weekday ("Sunday, May 03") is kept as a note on the weekly session.
 * - "Members only" or "Invite only" with no session, or a phrase such as "No open mat",
 *   "TBD", "by appointment", "call for times", sets `noOpenMat` when nothing else parsed.
 */
import { groupItems, type Item } from "./group.ts";
import { type Carry, pairNotesLine, pairSegment, type SegmentResult } from "./pair.ts";
import { type Token, tokenize } from "./tokenize.ts";
import type { ParsedSchedule, Session } from "./types.ts";
import { NOTE } from "./vocabulary.ts";

export function parseSchedule(text: string): ParsedSchedule {
  // Callers may hand over whatever a form or the database held; only strings are read.
  if (typeof text !== "string") return { sessions: [], unparsed: [], noOpenMat: false };
  try {
    return parseText(text);
  } catch {
    // Defence in depth for the "never throws" promise: give the text back unread.
    const trimmed = text.trim();
    return { sessions: [], unparsed: trimmed ? [trimmed] : [], noOpenMat: false };
  }
}

function parseText(text: string): ParsedSchedule {
  const consumed = new Set<Token>();
  const segments = tokenize(text).map((tokens) => ({ tokens, items: groupItems(tokens) }));
  const carry: Carry = { days: null, heading: null };
  const results: SegmentResult[] = [];
  const scheduleBelow = linesWithScheduleBelow(segments.map((segment) => segment.items));
  segments.forEach(({ items }, index) => {
    const [only] = items;
    if (only?.kind === "notes" && items.length === 1) {
      const above = results.at(-1)?.sessions ?? [];
      results.push(pairNotesLine(only, scheduleBelow[index] ?? false, above, carry, consumed));
    } else {
      results.push(pairSegment(items, carry, consumed, text));
    }
  });
  const sessions = mergeSessions(results.flatMap((result) => result.sessions));
  const noOpenMat = sessions.length === 0 && results.some((result) => result.saysNoOpenMat);
  segments.forEach(({ tokens }, index) => {
    // Understood: "No open mat on Sundays", "Saturday: members only". Only stray words remain.
    if (!noOpenMat || !results[index]?.saysNoOpenMat) return;
    for (const token of tokens) if (token.kind !== "unknown" && token.kind !== "time") consumed.add(token);
  });
  const unparsed = segments.flatMap(({ tokens }) => unreadPieces(text, tokens, consumed));
  const review = reviewReasons(text, results);
  return review.length > 0 ? { sessions, unparsed, noOpenMat, review } : { sessions, unparsed, noOpenMat };
}

/** One reason per "12am" start that went into a session, quoting the times as written. */
function reviewReasons(text: string, results: SegmentResult[]): string[] {
  const reasons = results.flatMap((result) =>
    (result.twelveAm ?? []).map(({ from, to, readAsNoon }) => {
      const written = text.slice(from, to);
      return readAsNoon
        ? `"${written}": 12am read as noon, a midnight open mat is unlikely`
        : `"${written}": read as starting at midnight, which is unlikely for an open mat`;
    }),
  );
  return [...new Set(reasons)];
}

/** For each line, whether any line after it holds days or times. */
function linesWithScheduleBelow(lines: Item[][]): boolean[] {
  const below: boolean[] = [];
  let seen = false;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    below[index] = seen;
    seen ||= (lines[index] ?? []).some((item) => item.kind === "days" || item.kind === "times");
  }
  return below;
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
  const merged = [...byKey.values()].map((session) => ({ ...session, notes: tidyNotes(session.notes) }));
  return merged.sort((a, b) => a.weekday - b.weekday || a.start - b.start || (a.end ?? -1) - (b.end ?? -1));
}

/** Drops repeats, and the bare 'Fee' when the amount is also given ("drop-in $15"). */
function tidyNotes(notes: string[]): string[] {
  const unique = [...new Set(notes)];
  const hasAmount = unique.some((note) => note.startsWith("$"));
  return hasAmount ? unique.filter((note) => note !== NOTE.fee) : unique;
}

/**
 * Stretches of text between read tokens that hold something unread (a word, or a day or time
 * that found no partner), widened over neighbouring filler words so that the piece reads as
 * the gym wrote it, and sliced from the source.
 */
function unreadPieces(text: string, tokens: Token[], consumed: Set<Token>): string[] {
  const pieces: string[] = [];
  let run: Token[] = [];
  const flush = () => {
    const isUnread = (token: Token) => token.kind !== "filler" && token.kind !== "conn";
    let first = run.findIndex(isUnread);
    let last = run.findLastIndex(isUnread);
    if (first >= 0) {
      while (run[first - 1]?.kind === "filler") first -= 1;
      while (run[last + 1]?.kind === "filler") last += 1;
      pieces.push(text.slice(run[first]?.from, run[last]?.to).trim());
    }
    run = [];
  };
  for (const token of tokens) {
    if (consumed.has(token)) flush();
    else run.push(token);
  }
  flush();
  return pieces.filter((piece) => piece.length > 0);
}
