/**
 * What one session contributes to a school's calendar, read from the occurrences model
 * (`expandOccurrences`) rather than derived again: the first occurrence of its series (its
 * DTSTART), its RRULE (none for a dated session), the slots its EXDATEs remove (cancelled, or
 * moved elsewhere) and the occurrences that moved (each an event of its own at its new time).
 */
import { DateTime } from "luxon";
import {
  expandOccurrences,
  type Occurrence,
  type ScheduleException,
  sessionHappensOn,
} from "../../../common/schedule/occurrences";
import type { Session } from "../../../common/schedule/types";

const RRULE_DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** How far ahead a series' first occurrence is looked for: a season may open months from now, a 5th weekday is rare. */
const FIRST_OCCURRENCE_REACH_DAYS = 400;

export interface SessionEvents {
  /** The session's first occurrence on or after the calendar's first day: the series' DTSTART. */
  first: Occurrence;
  /** The RRULE value ("FREQ=MONTHLY;BYDAY=2TH,4TH"); null for a dated session, a single VEVENT. */
  rule: string | null;
  /** Slots of the series that do not happen where the rule puts them: each an EXDATE. */
  excluded: Occurrence[];
  /** Occurrences an exception moved to another time, each an event of its own. */
  moved: Occurrence[];
}

export const plusDays = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: "utc" }).plus({ days }).toISODate() ?? date;

/**
 * The RRULE of a recurring session: weekly, or monthly by ordinal weekday (`BYDAY=2TH,4TH`,
 * `BYDAY=-1SU`); a season's last day is an UNTIL. With a TZID on DTSTART, RFC 5545 wants
 * UNTIL in UTC: the last instant of `until` in the gym's zone, so that an occurrence on that
 * day (whatever its hour) is still in the series.
 */
export function rruleOf(session: Session, timeZone: string): string {
  const day = RRULE_DAYS[session.weekday];
  const byDay = session.ordinals?.length ? session.ordinals.map((o) => `${o}${day}`).join(",") : day;
  const parts = [`FREQ=${session.ordinals?.length ? "MONTHLY" : "WEEKLY"}`, `BYDAY=${byDay}`];
  if (session.until) {
    const last = DateTime.fromISO(session.until, { zone: timeZone }).endOf("day").toUTC();
    parts.push(`UNTIL=${last.toFormat("yyyyLLdd'T'HHmmss'Z'")}`);
  }
  return parts.join(";");
}

/** A slot's local wall clock as an iCalendar DATE-TIME to go with a TZID ("20270307T100000"). */
export const localStamp = (date: string, minutes: number) =>
  `${date.replaceAll("-", "")}T${String(Math.floor(minutes / 60)).padStart(2, "0")}${String(minutes % 60).padStart(2, "0")}00`;

/** The last local date an exception concerns (its own, or where it moves an occurrence to). */
function lastDateOf(exceptions: readonly ScheduleException[]): string | null {
  const dates = exceptions.flatMap((e) => (e.moveTo ? [e.date, e.moveTo.date] : [e.date]));
  return dates.length ? (dates.sort().at(-1) ?? null) : null;
}

/**
 * One session's share of the calendar from `today` (the gym's local date) on, or null when
 * it has no occurrence left (a past date, a season over). Exceptions go through
 * `expandOccurrences` twice: once with every move read as a cancellation (the slots to
 * exclude) and once as they are (the moved occurrences).
 */
export function sessionEvents(
  session: Session,
  exceptions: readonly ScheduleException[],
  timeZone: string,
  today: string,
): SessionEvents | null {
  const from = session.from && session.from > today ? session.from : today;
  const farthest = plusDays(from, FIRST_OCCURRENCE_REACH_DAYS);
  const to = session.date ?? (session.until && session.until < farthest ? session.until : farthest);
  const first = to < from ? null : firstOccurrence(session, timeZone, from, to);
  if (!first) return null;
  const last = lastDateOf(exceptions);
  const excluded =
    last === null || last < today
      ? []
      : expandOccurrences(
          [session],
          exceptions.map((e) => ({ ...e, moveTo: null })),
          timeZone,
          today,
          last,
        ).filter((o) => o.status === "cancelled");
  const moved =
    last === null || last < today
      ? []
      : expandOccurrences([session], exceptions, timeZone, today, last).filter((o) => o.movedFrom);
  return { first, rule: session.date ? null : rruleOf(session, timeZone), excluded, moved };
}

/** The first occurrence from `from` to `to`, looked for a month at a time (most are in the first). */
function firstOccurrence(session: Session, timeZone: string, from: string, to: string): Occurrence | null {
  for (let start = from; start <= to; start = plusDays(start, 31)) {
    const end = plusDays(start, 30) < to ? plusDays(start, 30) : to;
    const found = expandOccurrences([session], [], timeZone, start, end)[0];
    if (found) return found;
  }
  return null;
}

/**
 * Whether another, recurring session already covers this dated session's slot: the
 * occurrences model lists the two as one occurrence, so the calendar holds one event too.
 */
export const coveredByAnother = (session: Session, sessions: readonly Session[]) =>
  session.date !== undefined &&
  sessions.some(
    (other) =>
      other !== session &&
      other.date === undefined &&
      other.start === session.start &&
      sessionHappensOn(other, session.date as string),
  );
