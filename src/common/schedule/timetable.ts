/**
 * A whole class timetable pasted in ("6pm Fundamentals", "7pm Open Mat", "Sat 10am Kids"):
 * when some lines are labelled open mat and others name something else, only the labelled
 * lines are open mats. With no line labelled, every listed time is one, as before.
 */
import type { Item } from "./group.ts";
import type { DraftSession } from "./pair.ts";
import type { Token } from "./tokenize.ts";

export interface Segment {
  tokens: Token[];
  items: Item[];
}

export interface TimetableReading {
  /** Lines that are classes: their sessions go, and their text is understood. */
  classes: Set<number>;
  /** Lines of times with no label at all among labelled ones: held back for a person to read. */
  unlabelled: Set<number>;
}

type Context = "openMat" | "other" | null;

const hasLabel = (segment: Segment) =>
  segment.tokens.some((token) => token.kind === "filler" && token.openMat);

/**
 * A line is labelled open mat by its own words or by the heading above it ("Open Mat" then
 * "Sat 11am"). A heading that names something else ("Kids Program") labels the lines below
 * as other; a day heading ("SATURDAY") changes nothing unless it says open mat.
 */
export function readTimetable(
  segments: Segment[],
  drafts: DraftSession[],
  consumed: Set<Token>,
): TimetableReading {
  const timed = new Set(drafts.map((draft) => draft.segment));
  const labelled: number[] = [];
  const other: number[] = [];
  const bare: number[] = [];
  const headings: number[] = [];
  let context: Context = null;
  segments.forEach((segment, index) => {
    const own = hasLabel(segment);
    const hasSchedule = segment.items.some((item) => item.kind === "days" || item.kind === "times");
    // A label of its own: a class name ("Fundamentals"), or notes ("All Levels Gi").
    const words = segment.tokens.some(
      (token) => (token.kind === "unknown" && !consumed.has(token)) || token.kind === "note",
    );
    if (!hasSchedule) {
      if (own) context = "openMat";
      else if (words || segment.items.some((item) => item.kind === "notes")) {
        context = "other";
        headings.push(index);
      }
      return;
    }
    if (!timed.has(index)) {
      // "Open mat Saturdays" among class lines is labelled, with or without its time.
      if (own) {
        context = "openMat";
        labelled.push(index);
      }
      return;
    }
    if (own || context === "openMat") labelled.push(index);
    else if (words || context === "other") other.push(index);
    else bare.push(index);
  });
  if (labelled.length === 0 || other.length === 0) return { classes: new Set(), unlabelled: new Set() };
  return { classes: new Set([...other, ...headings]), unlabelled: new Set(bare) };
}

/**
 * A line that is a small timetable itself ("Mon 6:30pm BJJ 101 / 7:30pm Open Mat", "Open mat
 * Sat 11am, kids class Sat 9am"): the label "open mat", another label, and more than one time.
 * It is cut at each "," or "/" that does not join days, so each piece is labelled on its own.
 */
export function splitMixedLines(segments: Token[][], text: string): Token[][] {
  return segments.flatMap((tokens) => {
    const times = tokens.filter((token) => token.kind === "time").length;
    const labelled = tokens.some((token) => token.kind === "filler" && token.openMat);
    const otherLabel = tokens.some((token) => token.kind === "unknown");
    if (!labelled || !otherLabel || times < 2) return [tokens];
    const pieces: Token[][] = [[]];
    tokens.forEach((token, index) => {
      const before = tokens.slice(0, index).findLast((other) => other.kind !== "filler");
      const cut =
        token.kind === "conn" &&
        !token.range &&
        /^[,/]$/.test(text.slice(token.from, token.to)) &&
        before?.kind !== "day";
      if (cut) pieces.push([]);
      else pieces.at(-1)?.push(token);
    });
    return pieces.filter((piece) => piece.length > 0);
  });
}
