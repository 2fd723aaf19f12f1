/**
 * The schedule editor's rows: one open mat each, as form fields hold it, and the sessions they
 * make. Pure functions, the same on the server's render and in the browser.
 */
import { weekdayOfDate } from "../../common/schedule/dates";
import { formatSession, listedSessions } from "../../common/schedule/format";
import { parseSchedule } from "../../common/schedule/parse";
import { sessionKey } from "../../common/schedule/sessions";
import type { Ordinal, Session, UntimedSession, Weekday } from "../../common/schedule/types";
import {
  manageTexts,
  NOTE_MAX,
  NOTES_PER_SESSION_MAX,
  scheduleProblem,
} from "../../common/schemas/school-manage";

export type Recurrence = "weekly" | "monthly" | "dated";

export interface Row {
  /** Stable while the page is open: React's key and the fields' ids. */
  key: number;
  recurrence: Recurrence;
  weekday: Weekday;
  ordinals: Ordinal[];
  /** A dated open mat's date, YYYY-MM-DD. */
  date: string;
  /** "HH:MM" as a time field holds it; empty: the time is not listed. */
  start: string;
  end: string;
  gi: boolean;
  noGi: boolean;
  /** Any other notes, separated by commas ("Members only, $10 mat fee"). */
  other: string;
  /** A season's first and last dates (weekly and monthly only); empty: open. */
  from: string;
  until: string;
  /** The notes as loaded, so an unchanged row keeps their order. */
  loaded: string[];
}

export const ORDINAL_CHOICES: readonly { value: Ordinal; label: string }[] = [
  { value: 1, label: "1st" },
  { value: 2, label: "2nd" },
  { value: 3, label: "3rd" },
  { value: 4, label: "4th" },
  { value: 5, label: "5th" },
  { value: -1, label: "Last" },
];
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** Monday first, the way gyms list their week. */
export const WEEKDAY_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export const editorTexts = {
  dateMissing: "Choose the open mat's date",
  ordinalsMissing: "Choose which weeks of the month",
  seasonOrder: "The season's first day must be on or before its last",
} as const;

/** Minutes after midnight as a time field's value, and back (null when empty or not a time). */
export const clock = (minutes: number | null) =>
  minutes === null
    ? ""
    : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
export const minutesOf = (value: string): number | null => {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

export const blankRow = (key: number): Row => ({
  key,
  recurrence: "weekly",
  weekday: 6,
  ordinals: [],
  date: "",
  start: "",
  end: "",
  gi: false,
  noGi: false,
  other: "",
  from: "",
  until: "",
  loaded: [],
});

const GI = "Gi";
const NO_GI = "No-Gi";

export function rowOf(session: Session | UntimedSession, key: number): Row {
  return {
    key,
    recurrence: session.date ? "dated" : session.ordinals?.length ? "monthly" : "weekly",
    weekday: session.weekday,
    ordinals: session.ordinals ?? [],
    date: session.date ?? "",
    start: clock(session.start),
    end: clock(session.end),
    gi: session.notes.includes(GI),
    noGi: session.notes.includes(NO_GI),
    other: session.notes.filter((n) => n !== GI && n !== NO_GI).join(", "),
    from: session.from ?? "",
    until: session.until ?? "",
    loaded: session.notes,
  };
}

/** The school's sessions and days with no time as rows, in the order its schedule reads. */
export const rowsOf = (sessions: readonly Session[], untimed: readonly UntimedSession[] = []) =>
  listedSessions(sessions, untimed).map((s, i) => rowOf(s, i));

/** The notes written the way the listing's text reads them back ("members only" is "Members only"). */
function readBack<T extends Session | UntimedSession>(session: T): T {
  const read = parseSchedule(formatSession(session));
  const all = [...read.sessions, ...(read.untimed ?? [])];
  const only = all.length === 1 ? all[0] : undefined;
  return only && sessionKey(only) === sessionKey(session) ? { ...session, notes: only.notes } : session;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** One row as a session (or a day with no time), or why it cannot be one. */
export function sessionOfRow(row: Row): { session: Session | UntimedSession } | { problem: string } {
  const start = minutesOf(row.start);
  const end = minutesOf(row.end);
  const other = row.other
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (row.recurrence === "dated" && !/^\d{4}-\d{2}-\d{2}$/.test(row.date))
    return { problem: editorTexts.dateMissing };
  if (row.recurrence === "monthly" && row.ordinals.length === 0)
    return { problem: editorTexts.ordinalsMissing };
  if (start !== null && end !== null && end <= start) return { problem: manageTexts.endBeforeStart };
  const seasonal = row.recurrence !== "dated";
  if (seasonal && row.from && row.until && row.from > row.until) return { problem: editorTexts.seasonOrder };
  let notes = [...(row.gi ? [GI] : []), ...(row.noGi ? [NO_GI] : []), ...other];
  if (notes.length > NOTES_PER_SESSION_MAX || other.some((n) => n.length > NOTE_MAX))
    return { problem: manageTexts.note };
  if (sameSet(notes, row.loaded)) notes = row.loaded;
  const ordinals = [...row.ordinals].sort((a, b) => (a === -1 ? 6 : a) - (b === -1 ? 6 : b));
  const shape = {
    weekday: row.recurrence === "dated" ? weekdayOfDate(row.date) : row.weekday,
    end,
    notes,
    ...(row.recurrence === "monthly" ? { ordinals } : {}),
    ...(row.recurrence === "dated" ? { date: row.date } : {}),
    ...(seasonal && row.from ? { from: row.from } : {}),
    ...(seasonal && row.until ? { until: row.until } : {}),
  };
  if (start === null) return { session: readBack({ ...shape, start: null, timeNotListed: true as const }) };
  return { session: readBack({ ...shape, start }) };
}

export interface EditedSchedule {
  sessions: Session[];
  untimed: UntimedSession[];
  /** Each row's own problem, by its key. */
  rowProblems: Map<number, string>;
  /** What keeps the rows together from being saved (too many, one twice, …), or null. */
  problem: string | null;
}

/** The rows as the `PUT /api/schools/{id}/schedule` body, with what stops them being saved. */
export function scheduleOfRows(rows: readonly Row[]): EditedSchedule {
  const sessions: Session[] = [];
  const untimed: UntimedSession[] = [];
  const rowProblems = new Map<number, string>();
  for (const row of rows) {
    const made = sessionOfRow(row);
    if ("problem" in made) rowProblems.set(row.key, made.problem);
    else if (made.session.start === null) untimed.push(made.session as UntimedSession);
    else sessions.push(made.session as Session);
  }
  const problem = rowProblems.size ? null : scheduleProblem(sessions, untimed);
  return { sessions, untimed, rowProblems, problem };
}

/** "Sat 10:00 AM–12:00 PM (Gi)": what a row says, for its legend; null while it is not a session. */
export function rowSummary(row: Row): string | null {
  const made = sessionOfRow(row);
  return "problem" in made ? null : formatSession(made.session);
}
