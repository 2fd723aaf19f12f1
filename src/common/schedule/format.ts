/** Canonical text for parsed schedules, and per-day flags for search filters. */
import { formatDate } from "./dates.ts";
import { SHORT_DAY_NAMES } from "./day-names.ts";
import type { Ordinal, ParsedSchedule, Session, UntimedSession, Weekday } from "./types.ts";

export { formatDate };

/** Monday first, the way gyms list their week. */
const DISPLAY_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export const NO_OPEN_MAT_TEXT = "No open mat";

/** "11:00 AM", "12:00 PM" (noon), "12:00 AM" (midnight). */
export function formatTime(minutes: number): string {
  const hour24 = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${hour24 < 12 ? "AM" : "PM"}`;
}

const nextStartFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Saturday, 11:00 AM CDT": when the next open mat starts, on the gym's clock. One formatter
 * per zone, made once: building an `Intl.DateTimeFormat` costs more than using it.
 */
export function formatNextStart(instant: Date, timeZone: string): string {
  let format = nextStartFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    nextStartFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** "Mon–Fri", "Sat/Sun", "Mon/Wed–Fri": runs of three or more days are written as ranges. */
export function formatDays(weekdays: readonly Weekday[]): string {
  const positions = [...new Set(weekdays.map((day) => DISPLAY_ORDER.indexOf(day)))].sort((a, b) => a - b);
  const parts: string[] = [];
  let runStart = 0;
  for (let index = 1; index <= positions.length; index += 1) {
    const previous = positions[index - 1] ?? 0;
    if (index < positions.length && positions[index] === previous + 1) continue;
    const from = positions[runStart] ?? 0;
    const name = (position: number) => SHORT_DAY_NAMES[DISPLAY_ORDER[position] ?? 0];
    if (previous - from >= 2) parts.push(`${name(from)}–${name(previous)}`);
    else for (let position = from; position <= previous; position += 1) parts.push(name(position));
    runStart = index;
  }
  return parts.join("/");
}

/**
 * Canonical text such as "Sat 11:00 AM–1:00 PM (Gi); Sun 10:00 AM". Weekly sessions that share
 * times, notes and season share a clause ("Mon/Wed/Fri 6:00 PM"); a monthly or dated session has
 * a clause of its own ("1st & 3rd Sat 11:00 AM", "Sat Mar 29, 2026 3:30 PM"); a season follows
 * the notes ("(from Mar 7, 2026)"); a day with no time reads "Sat (time not listed)", or
 * "Fri until 8:00 PM". Each note gets its own brackets so that a verbatim note can never merge
 * with a recognised one when read back. `parseSchedule` of the result gives the same sessions,
 * with no review reason. Unparsed text is not included.
 */
export function formatSchedule(
  parsed: Pick<ParsedSchedule, "sessions"> &
    Partial<Omit<ParsedSchedule, "untimed">> & {
      untimed?: readonly UntimedSession[];
    },
): string {
  const all = [...parsed.sessions, ...(parsed.untimed ?? [])];
  if (all.length === 0) return parsed.noOpenMat ? NO_OPEN_MAT_TEXT : "";
  const clauses = new Map<
    string,
    { days: Weekday[]; head: string | null; text: string; firstDay: number; start: number }
  >();
  for (const session of all) {
    const head = ownHead(session);
    const text = clauseText(session);
    const key = head === null ? text : `${head}\u0000${text}`;
    const clause = clauses.get(key);
    const position = DISPLAY_ORDER.indexOf(session.weekday);
    if (clause) {
      clause.days.push(session.weekday);
      clause.firstDay = Math.min(clause.firstDay, position);
    } else {
      clauses.set(key, {
        days: [session.weekday],
        head,
        text,
        firstDay: position,
        start: session.start ?? -1,
      });
    }
  }
  return [...clauses.values()]
    .sort(
      (a, b) =>
        a.firstDay - b.firstDay || a.start - b.start || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0),
    )
    .map((clause) => `${clause.head ?? formatDays(clause.days)} ${clause.text}`)
    .join("; ");
}

/**
 * One session as a schedule lists it: its day ("Sat", "1st & 3rd Sun", "Sat Mar 28, 2026") and
 * the rest ("10:00 AM–12:00 PM (Gi) (until May 30, 2026)", "(time not listed)"), the clause
 * `formatSchedule` writes for it alone. The school page and the islands list sessions with
 * it, so the server's HTML and the hydrated page say the same.
 */
export function sessionParts(session: Session | UntimedSession): { day: string; text: string } {
  return { day: ownHead(session) ?? formatDays([session.weekday]), text: clauseText(session) };
}

/** "1st & 3rd Sun 10:00 AM", "Sat Mar 28, 2026 3:00 PM", "Wed (time not listed)". */
export function formatSession(session: Session | UntimedSession): string {
  const { day, text } = sessionParts(session);
  return `${day} ${text}`;
}

/**
 * A school's sessions and its days with no time listed, in the order schedules read: Monday
 * first, a day's untimed entry before its times, then by start and date.
 */
export function listedSessions(
  sessions: readonly Session[],
  untimed: readonly UntimedSession[] = [],
): (Session | UntimedSession)[] {
  return [...sessions, ...untimed].sort(
    (a, b) =>
      DISPLAY_ORDER.indexOf(a.weekday) - DISPLAY_ORDER.indexOf(b.weekday) ||
      (a.start ?? -1) - (b.start ?? -1) ||
      (a.date ?? "").localeCompare(b.date ?? ""),
  );
}

const ORDINAL_TEXT: Readonly<Record<Ordinal, string>> = {
  1: "1st",
  2: "2nd",
  3: "3rd",
  4: "4th",
  5: "5th",
  [-1]: "last",
};

/** The day part of a clause that is never shared with other days: "1st & 3rd Sat", "Sat Mar 29, 2026". */
function ownHead(session: Session | UntimedSession): string | null {
  const day = SHORT_DAY_NAMES[session.weekday];
  if (session.date) return `${day} ${formatDate(session.date)}`;
  if (session.ordinals && session.ordinals.length > 0) {
    return `${session.ordinals.map((ordinal) => ORDINAL_TEXT[ordinal]).join(" & ")} ${day}`;
  }
  return null;
}

/** Times, notes and season: "11:00 AM–1:00 PM (Gi) (until May 30, 2026)". */
function clauseText(session: Session | UntimedSession): string {
  const season = [
    ...(session.from ? [`(from ${formatDate(session.from)})`] : []),
    ...(session.until ? [`(until ${formatDate(session.until)})`] : []),
  ];
  const notes = session.notes.map((note) => `(${note})`);
  if (session.start === null) {
    const time = session.end === null ? TIME_NOT_LISTED : `until ${formatTime(session.end)}`;
    return [time, ...notes, ...season].join(" ");
  }
  const start = formatStart(session.start);
  const time = session.end === null ? start : `${start}–${formatEnd(session.start, session.end)}`;
  return [time, ...notes, ...season].join(" ");
}

export const TIME_NOT_LISTED = "(time not listed)";

/**
 * A start in the midnight hour is written "midnight" or "00:30", never "12:00 AM": the parser
 * reads a written "12am" start as noon and flags it, and canonical text must read back exactly.
 */
function formatStart(minutes: number): string {
  if (minutes >= 60) return formatTime(minutes);
  return minutes === 0 ? "midnight" : `00:${String(minutes).padStart(2, "0")}`;
}

/** Likewise an end in the midnight hour after a morning start: "12:00 AM" there is read as a slip for noon. */
function formatEnd(start: number, end: number): string {
  return end < 60 && start < 12 * 60 ? formatStart(end) : formatTime(end);
}

export interface DayFlags {
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
}

/** Which days of the week have at least one session. */
export function dayFlags(sessions: readonly Pick<Session, "weekday">[]): DayFlags {
  const has = (weekday: Weekday) => sessions.some((session) => session.weekday === weekday);
  return {
    monday: has(1),
    tuesday: has(2),
    wednesday: has(3),
    thursday: has(4),
    friday: has(5),
    saturday: has(6),
    sunday: has(0),
  };
}
