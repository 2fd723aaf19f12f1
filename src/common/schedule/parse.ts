/**
 * Reads the free text gyms write about their open mats ("Sat 11-1pm (Gi) & Sun 10am") into
 * sessions: weekly, monthly ("1st & 3rd Saturday"), dated ("Saturday, March 29"), seasonal
 * ("starting March 7"), and days whose time is not listed. Whatever it cannot read goes to
 * `unparsed`, exactly as written; where it chooses between readings it says so in `review`.
 * It never throws.
 *
 * The pipeline: `tokenize` (segments of days, times, notes, joiners) → `groupItems` (runs of
 * days, runs of times with their notes) → `pairSegment` (days × times, line by line) → the
 * line rules below → `finishDraft` (marks become fields, or hold a session back) → merge.
 * Reading rules that are choices rather than facts:
 * - am/pm: see `resolveLoneTime` and `resolveRange` in clock.ts (lone 1–9 → PM, 10–11 → AM,
 *   12 → noon; a range takes the shortest reading, so "11-1pm" is 11:00–13:00). A time whose
 *   am/pm neither the text nor its range gives is read that way and listed in `review`.
 * - A start written "12am" is read as noon (unless the end says night), an end written "12am"
 *   after a morning start is noon, and both are listed in `review`.
 * - A note right after a time belongs to that time only ("11am & 1pm (Gi)": Gi is the 1 PM one).
 * - A line of notes alone heads the lines below it, or, with no schedule below, is a footnote
 *   to the line above.
 * - Day letters ("M", "TTh", "MWF") are days only right before a time; a lone "T" is Tuesday,
 *   listed in `review`.
 * - A line with a clock time it could not read publishes none of its sessions: the whole line
 *   goes to `unparsed`.
 * - A class timetable with some lines labelled open mat keeps only those lines (timetable.ts).
 * - "every other Saturday", "once a month", a date with no year (without `today`): held back
 *   in `unparsed`, with the reason in `review`. A "?" or "maybe" keeps the session, with a reason.
 * - "Members only" or "Invite only" with no session, or a phrase such as "No open mat",
 *   "TBD", "by appointment", "call for times", sets `noOpenMat` when nothing else parsed.
 */
import { finishDraft, sourcePieces } from "./finish.ts";
import { groupItems, type Item } from "./group.ts";
import { type Carry, type DraftSession, pairNotesLine, pairSegment, type SegmentResult } from "./pair.ts";
import { mergeSessions } from "./sessions.ts";
import { readTimetable, type Segment, splitMixedLines } from "./timetable.ts";
import { type Span, type Token, tokenize } from "./tokenize.ts";
import type { ParsedSchedule, ParseOptions, Session, UntimedSession } from "./types.ts";
import { untimedDrafts } from "./untimed.ts";

export function parseSchedule(text: string, options: ParseOptions = {}): ParsedSchedule {
  // Callers may hand over whatever a form or the database held; only strings are read.
  if (typeof text !== "string") return { sessions: [], unparsed: [], noOpenMat: false };
  try {
    return parseText(text, typeof options?.today === "string" ? options.today : undefined);
  } catch {
    // Defence in depth for the "never throws" promise: give the text back unread.
    const trimmed = text.trim();
    return { sessions: [], unparsed: trimmed ? [trimmed] : [], noOpenMat: false };
  }
}

function parseText(text: string, today: string | undefined): ParsedSchedule {
  const consumed = new Set<Token>();
  const lines = splitMixedLines(tokenize(text, today), text);
  const segments: Segment[] = lines.map((tokens) => ({ tokens, items: groupItems(tokens, text) }));
  const results = pairLines(segments, consumed, text);
  const heldBack: Span[] = [];
  const drafts = applyLineRules(segments, results, consumed, text, heldBack);
  drafts.push(...untimedDrafts(segments, drafts, consumed, text));
  const { sessions, untimed, review } = finishAll(drafts, text, heldBack);

  const noOpenMat =
    drafts.length === 0 && heldBack.length === 0 && results.some((result) => result.saysNoOpenMat);
  segments.forEach(({ tokens }, index) => {
    // Understood: "No open mat on Sundays", "Saturday: members only". Only stray words remain.
    if (!noOpenMat || !results[index]?.saysNoOpenMat) return;
    for (const token of tokens) if (token.kind !== "unknown" && token.kind !== "time") consumed.add(token);
  });
  const unread = segments.flatMap(({ tokens }) => unreadPieces(tokens, consumed));
  const unparsed = [...heldBack, ...unread]
    .sort((a, b) => a.from - b.from)
    .map((span) => text.slice(span.from, span.to).trim())
    .filter((piece) => piece.length > 0);
  return {
    sessions,
    ...(untimed.length > 0 ? { untimed } : {}),
    unparsed: [...new Set(unparsed)],
    noOpenMat,
    ...(review.length > 0 ? { review } : {}),
  };
}

/**
 * The rules over whole lines: in a class timetable only the lines labelled open mat stay
 * (timetable.ts), and a line with a clock time left unread publishes none of its sessions.
 * Lines held back go to `heldBack` whole.
 */
function applyLineRules(
  segments: Segment[],
  results: SegmentResult[],
  consumed: Set<Token>,
  text: string,
  heldBack: Span[],
): DraftSession[] {
  let drafts = results.flatMap((result) => result.sessions);
  const drop = (index: number) => {
    drafts = drafts.filter((draft) => draft.segment !== index);
    for (const token of segments[index]?.tokens ?? []) consumed.add(token);
  };
  const holdBack = (index: number) => {
    const tokens = segments[index]?.tokens ?? [];
    drop(index);
    heldBack.push({ from: tokens[0]?.from ?? 0, to: tokens.at(-1)?.to ?? 0 });
  };
  const timetable = readTimetable(segments, drafts, consumed);
  for (const index of timetable.classes) drop(index);
  for (const index of timetable.unlabelled) holdBack(index);
  segments.forEach(({ tokens }, index) => {
    const published = drafts.some((draft) => draft.segment === index);
    if (published && hasUnreadTime(tokens, consumed, text)) holdBack(index);
  });
  return drafts;
}

/** Drafts into sessions, merged; what cannot be placed goes to `heldBack`, its reason to `review`. */
function finishAll(drafts: DraftSession[], text: string, heldBack: Span[]) {
  const sessions: Session[] = [];
  const untimed: UntimedSession[] = [];
  const review: string[] = [];
  for (const draft of drafts) {
    for (const finished of finishDraft(draft, text)) {
      if (finished.kind === "withheld") {
        review.push(finished.reason);
        heldBack.push(...sourcePieces(text, draft.spans));
        continue;
      }
      if (finished.kind === "session") sessions.push(finished.session);
      else untimed.push(finished.session);
    }
  }
  const merged = { sessions: mergeSessions(sessions), untimed: mergeSessions(untimed) };
  for (const session of [...merged.sessions, ...merged.untimed]) review.push(...(session.review ?? []));
  return { ...merged, review: [...new Set(review)] };
}

function pairLines(segments: Segment[], consumed: Set<Token>, text: string): SegmentResult[] {
  const carry: Carry = { days: null, heading: null };
  const results: SegmentResult[] = [];
  const scheduleBelow = linesWithScheduleBelow(segments.map((segment) => segment.items));
  segments.forEach(({ items }, index) => {
    const [only] = items;
    if (only?.kind === "notes" && items.length === 1) {
      const above = results.at(-1)?.sessions ?? [];
      results.push(pairNotesLine(only, scheduleBelow[index] ?? false, above, carry, consumed));
    } else {
      results.push(pairSegment(items, carry, consumed, text, index));
    }
  });
  return results;
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

// "25pm", "11:75am": written as a clock time, but not one.
const BROKEN_TIME = /^\d{1,2}(?:[:.h]\d{1,2})?\s*[ap]\.?m?\.?$|^\d{1,2}[:.]\d{2}$/i;

/** A clock time on the line that was not read ("7pm Kids Class Saturday 10am": the 7pm). Bare numbers do not count. */
function hasUnreadTime(tokens: Token[], consumed: Set<Token>, text: string): boolean {
  return tokens.some(
    (token) =>
      !consumed.has(token) &&
      ((token.kind === "time" && !token.time.weak) ||
        (token.kind === "unknown" && BROKEN_TIME.test(text.slice(token.from, token.to)))),
  );
}

/**
 * Stretches of text between read tokens that hold something unread (a word, or a day or time
 * that found no partner), widened over neighbouring filler words so that the piece reads as
 * the gym wrote it.
 */
function unreadPieces(tokens: Token[], consumed: Set<Token>): Span[] {
  const pieces: Span[] = [];
  let run: Token[] = [];
  const flush = () => {
    const isUnread = (token: Token) => token.kind !== "filler" && token.kind !== "conn";
    let first = run.findIndex(isUnread);
    let last = run.findLastIndex(isUnread);
    if (first >= 0) {
      while (run[first - 1]?.kind === "filler") first -= 1;
      while (run[last + 1]?.kind === "filler") last += 1;
      pieces.push({ from: run[first]?.from ?? 0, to: run[last]?.to ?? 0 });
    }
    run = [];
  };
  for (const token of tokens) {
    if (consumed.has(token)) flush();
    else run.push(token);
  }
  flush();
  return pieces;
}
