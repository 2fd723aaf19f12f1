/**
 * A run of days ("Mon/Wed-Fri", "1st & 3rd Sat & Sun", "Saturday, March 29", "MWF") read
 * into weekdays, each with the notes and marks that belong to it.
 */

import { formatDate } from "./dates.ts";
import { dayRange, FULL_DAY_NAMES } from "./day-names.ts";
import type { Mark, Note } from "./marks.ts";
import type { Token } from "./tokenize.ts";
import type { Weekday } from "./types.ts";

export type DayToken = Extract<Token, { kind: "day" }>;

export interface DayEntry {
  weekday: Weekday;
  notes: Note[];
}

export interface DayRun {
  entries: DayEntry[];
  /** Reasons to check the reading of these days ("T" read as Tuesday, an ordinal shared out). */
  review: string[];
}

const isRangeConn = (token: Token | undefined) => token?.kind === "conn" && token.range;
/** A rule that says which weeks ("1st & 3rd", "every other"): shared with the plain days after it. */
const ruleOf = (token: DayToken) =>
  token.notes.find(
    (note): note is Mark =>
      typeof note !== "string" && (note.mark === "ordinals" || note.mark === "unplaced"),
  );

/**
 * `run` holds the day tokens and the joiners between them, in order. Ranges join two single
 * days ("Fri-Mon"); an ordinal is shared with the plain days after it ("1st Sat & Sun"), which
 * is a reading to check; dates stand for their weekday and are checked against a weekday
 * written beside them.
 */
export function readDayRun(run: Token[], text: string): DayRun {
  const written = text.slice(run[0]?.from ?? 0, run.at(-1)?.to ?? 0);
  const days = run.filter((token): token is DayToken => token.kind === "day");
  const entries = new Map<Weekday, Note[]>();
  const review: string[] = [];
  const add = (weekday: Weekday, notes: Note[]) =>
    entries.set(weekday, [...(entries.get(weekday) ?? []), ...notes]);
  let previous: DayToken | null = null;
  let sharedRule: Mark | null = null;
  for (const token of days) {
    if (token.date) continue;
    const between = previous ? run.slice(run.indexOf(previous) + 1, run.indexOf(token)) : [];
    const rangeFrom = previous?.days[0];
    const rangeTo = token.days[0];
    const isRange =
      between.some(isRangeConn) &&
      previous?.single &&
      token.single &&
      rangeFrom !== undefined &&
      rangeTo !== undefined;
    const ownRule = ruleOf(token);
    const inherits = !ownRule && sharedRule !== null && token.notes.length === 0;
    if (inherits && sharedRule?.mark === "ordinals") {
      review.push(
        `"${written}": the ${sharedRule.written.replace(/\s+\S+$/, "")} read as applying to each day`,
      );
    }
    // The shared rule stands for whichever day it is given to.
    const shared: Mark | null =
      sharedRule?.mark === "ordinals" ? { ...sharedRule, weekday: null } : sharedRule;
    const notes = inherits && shared ? [shared] : token.notes;
    if (isRange && rangeFrom !== undefined && rangeTo !== undefined) {
      for (const weekday of dayRange(rangeFrom, rangeTo)) add(weekday, weekday === rangeTo ? notes : []);
    } else {
      for (const weekday of token.days) add(weekday, notes);
    }
    sharedRule = ownRule ?? sharedRule;
    previous = token;
  }
  const letters = days.filter((token) => token.letters);
  if (letters.length === 1 && letters[0]?.loneT) {
    review.push(`"${text.slice(letters[0].from, letters[0].to)}": read as Tuesday; it could mean Thursday`);
  }
  const dates = days.filter((token) => token.date);
  const dated = dates.length > 0 ? placeDates(entries, dates, written) : entries;
  return { entries: [...dated].map(([weekday, notes]) => ({ weekday, notes })), review };
}

/**
 * Dates in a run: each goes to its own weekday. A weekday written beside a date it does not
 * fall on, or a date whose year is unknown, leaves the session unplaced (its mark says why).
 */
function placeDates(written: Map<Weekday, Note[]>, dates: DayToken[], text: string): Map<Weekday, Note[]> {
  const entries = new Map<Weekday, Note[]>();
  const add = (weekday: Weekday, notes: Note[]) =>
    entries.set(weekday, [...(entries.get(weekday) ?? []), ...notes]);
  const named = [...written.keys()];
  const datedDays = new Set<Weekday>();
  for (const token of dates) {
    const mark = token.notes.find(
      (note): note is Extract<Mark, { mark: "date" }> => typeof note !== "string" && note.mark === "date",
    );
    const weekday = token.days[0];
    if (!mark) continue;
    if (weekday !== undefined && (named.length === 0 || named.includes(weekday))) {
      add(weekday, [...(written.get(weekday) ?? []), ...token.notes]);
      datedDays.add(weekday);
      continue;
    }
    const problem =
      weekday !== undefined && mark.placed.iso
        ? `"${text}": ${formatDate(mark.placed.iso)} is a ${FULL_DAY_NAMES[weekday]}`
        : (mark.placed.problem ?? `"${text}": the date cannot be placed`);
    const unplaced: Mark = { mark: "date", placed: { iso: null, problem }, written: mark.written };
    // With no weekday to stand on, the session still needs a day to be held back from.
    for (const day of named.length > 0 ? named : [0 as Weekday]) {
      add(day, [...(written.get(day) ?? []), unplaced]);
      datedDays.add(day);
    }
  }
  for (const day of named) {
    if (datedDays.has(day)) continue;
    const problem = `"${text}": no date is given for ${FULL_DAY_NAMES[day]}`;
    add(day, [...(written.get(day) ?? []), { mark: "date", placed: { iso: null, problem }, written: text }]);
  }
  return entries;
}
