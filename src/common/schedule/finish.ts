/**
 * Turns a session as read (days × times, with its notes and marks) into what the parser
 * reports: a session with its monthly, dated and seasonal fields, a day whose time is not
 * listed, or, when a mark cannot be placed ("every other Saturday", a date with no year), a
 * piece held back with the reason.
 */

import { weekdayOfDate } from "./dates.ts";
import { FULL_DAY_NAMES } from "./day-names.ts";
import { isMark, type Mark, type Note, sortOrdinals, textNotes } from "./marks.ts";
import type { DraftSession } from "./pair.ts";
import { tidyNotes } from "./sessions.ts";
import type { Span } from "./tokenize.ts";
import type { Ordinal, Session, UntimedSession } from "./types.ts";

export type Finished =
  | { kind: "session"; session: Session }
  | { kind: "untimed"; session: UntimedSession }
  | { kind: "withheld"; reason: string };

type MarkOf<K extends Mark["mark"]> = Extract<Mark, { mark: K }>;
const marksOf = <K extends Mark["mark"]>(notes: Note[], kind: K) =>
  notes.filter((note): note is MarkOf<K> => isMark(note) && note.mark === kind);

/** Every session a draft stands for: one per date when several dates share its day and time. */
export function finishDraft(draft: DraftSession, text: string): Finished[] {
  const withheld = (reason: string): Finished[] => [{ kind: "withheld", reason }];
  const { notes } = draft;
  const unplaced = marksOf(notes, "unplaced")[0];
  if (unplaced) return withheld(unplaced.reason);
  const dates = marksOf(notes, "date");
  const badDate = dates.find((mark) => mark.placed.iso === null);
  if (badDate?.placed.problem) return withheld(badDate.placed.problem);
  const ordinalMarks = marksOf(notes, "ordinals");
  const elsewhere = ordinalMarks.find((mark) => mark.weekday !== null && mark.weekday !== draft.weekday);
  if (elsewhere) {
    return withheld(`"${elsewhere.written}": written beside ${FULL_DAY_NAMES[draft.weekday]}, not that day`);
  }
  const ordinals: Ordinal[] = sortOrdinals(ordinalMarks.flatMap((mark) => mark.ordinals));
  const monthly = marksOf(notes, "monthly")[0];
  if (monthly && ordinals.length === 0 && dates.length === 0) {
    return withheld(`"${monthly.written}": which week of the month is not written`);
  }
  const season = readSeason(marksOf(notes, "season"));
  if (typeof season === "string") return withheld(season);
  const review = [...draft.review];
  const doubt = marksOf(notes, "doubt")[0];
  if (doubt)
    review.push(`"${sourceText(text, draft.spans)}": the text is not sure of this ("${doubt.written}")`);
  const isos = [...new Set(dates.map((mark) => mark.placed.iso ?? ""))];
  return (isos.length > 0 ? isos : [undefined]).map((date): Finished => {
    if (date && weekdayOfDate(date) !== draft.weekday) {
      const reason = `"${sourceText(text, draft.spans)}": the date is not a ${FULL_DAY_NAMES[draft.weekday]}`;
      return { kind: "withheld", reason };
    }
    const fields = {
      notes: tidyNotes(textNotes(notes)),
      ...(ordinals.length > 0 && !date ? { ordinals } : {}),
      ...(date ? { date } : {}),
      ...season,
      ...(review.length > 0 ? { review: [...new Set(review)] } : {}),
    };
    if (draft.start === null) {
      return {
        kind: "untimed",
        session: { weekday: draft.weekday, start: null, end: draft.end, ...fields, timeNotListed: true },
      };
    }
    return {
      kind: "session",
      session: { weekday: draft.weekday, start: draft.start, end: draft.end, ...fields },
    };
  });
}

/** The season's bounds, nothing, or why it cannot be placed. */
function readSeason(marks: MarkOf<"season">[]): { from?: string; until?: string } | string {
  const fromMark = marks.find((mark) => mark.from);
  const untilMark = marks.find((mark) => mark.until);
  for (const [mark, placed] of [
    [fromMark, fromMark?.from],
    [untilMark, untilMark?.until],
  ] as const) {
    if (mark && placed && placed.iso === null) return placed.problem;
  }
  const from = fromMark?.from?.iso ?? undefined;
  const until = untilMark?.until?.iso ?? undefined;
  if (from && until && from > until) return `"${untilMark?.written}": the season ends before it starts`;
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}

const LINE_BREAK = /[\n\r;|•·]|\\[nr]/;

/**
 * The text a session was read from, as exact pieces of the input: its days and times in one
 * piece when they sit on one line ("1st & 3rd Sat 11am"), else one piece each.
 */
export function sourcePieces(text: string, spans: readonly Span[]): Span[] {
  const sorted = [...spans].filter((span) => span.to > span.from).sort((a, b) => a.from - b.from);
  const pieces: Span[] = [];
  for (const span of sorted) {
    const last = pieces.at(-1);
    if (last && !LINE_BREAK.test(text.slice(last.to, span.from))) last.to = Math.max(last.to, span.to);
    else if (last && span.from < last.to) last.to = Math.max(last.to, span.to);
    else pieces.push({ ...span });
  }
  return pieces;
}

export function sourceText(text: string, spans: readonly Span[]): string {
  return sourcePieces(text, spans)
    .map((piece) => text.slice(piece.from, piece.to).trim())
    .join(" ");
}
