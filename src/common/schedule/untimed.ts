/**
 * A day named with no time at all ("Open mat Saturdays", "Sunday (call for times)") is that
 * day with its time not listed: read only from a line with no time on it and nothing that
 * says the day is off ("Sunday closed", "Saturday: members only"), and only for a day that
 * has no timed session anyway ("Weekend open mats:" above "Sat 11am" is a heading).
 */
import type { Item } from "./group.ts";
import { CLOSED_DOOR_NOTES, type DraftSession, saysDayIsOff, spanOf } from "./pair.ts";
import type { Segment } from "./timetable.ts";
import type { Token } from "./tokenize.ts";

export function untimedDrafts(
  segments: Segment[],
  drafts: DraftSession[],
  consumed: Set<Token>,
  text: string,
): DraftSession[] {
  const timedDays = new Set(drafts.filter((draft) => draft.start !== null).map((draft) => draft.weekday));
  const made: DraftSession[] = [];
  segments.forEach(({ tokens, items }, segment) => {
    const dayOnlyLine = isDayOnlyLine({ tokens, items }, text);
    const lineNotes = dayOnlyLine ? items.flatMap((item) => (item.kind === "notes" ? item.notes : [])) : [];
    items.forEach((item, index) => {
      if (item.kind !== "days" || item.tokens.some((token) => consumed.has(token))) return;
      // "Sun TBD", "Saturdays (call for times)": said outright, even beside other times.
      const next = items[index + 1];
      const saysTimeUnknown = next?.kind === "noOpen" && next.timeUnknown;
      if (!saysTimeUnknown && !dayOnlyLine) return;
      const entries = item.entries.filter((entry) => saysTimeUnknown || !timedDays.has(entry.weekday));
      // "Sat (time not listed) (Gi)": notes right after the phrase are this day's.
      const trailing: Item[] = [];
      for (const after of items.slice(index + 2)) {
        if (after.kind !== "notes") break;
        trailing.push(after);
      }
      const notes = dayOnlyLine
        ? lineNotes
        : trailing.flatMap((after) => (after.kind === "notes" ? after.notes : []));
      for (const entry of entries) {
        made.push({
          weekday: entry.weekday,
          start: null,
          end: null,
          notes: [...entry.notes, ...item.notes, ...notes],
          review: [...item.review],
          spans: [spanOf(item.tokens)],
          segment,
        });
      }
      if (entries.length === 0) return;
      const understood = dayOnlyLine
        ? items
        : [item, ...(saysTimeUnknown && next ? [next] : []), ...trailing];
      for (const other of understood) {
        if (other.kind === "days" || other.kind === "notes" || other.kind === "noOpen") {
          for (const token of other.tokens) consumed.add(token);
        }
      }
    });
  });
  // "Open mat: Saturdays. Message us for the time": a line saying only that is understood too.
  if (made.length > 0) {
    for (const { items } of segments) {
      if (items.length > 0 && items.every((item) => item.kind === "noOpen" && item.timeUnknown)) {
        for (const item of items) for (const token of item.tokens) consumed.add(token);
      }
    }
  }
  return made;
}

function isDayOnlyLine({ tokens, items }: Segment, text: string): boolean {
  if (tokens.some((token) => token.kind === "time" || token.kind === "unknown")) return false;
  if (saysDayIsOff(tokens, text)) return false;
  return !items.some(
    (item) =>
      (item.kind === "noOpen" && !item.timeUnknown) ||
      ((item.kind === "days" || item.kind === "notes") &&
        item.notes.some((note) => typeof note === "string" && CLOSED_DOOR_NOTES.has(note))),
  );
}
