import { ICalCalendar, ICalEventRepeatingFreq, ICalWeekday } from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { formatTime } from "../../../common/schedule/format";
import { expandOccurrences } from "../../../common/schedule/occurrences";
import type { Weekday } from "../../../common/schedule/types";
import type { SchoolView } from "./school-view";

const DEFAULT_LENGTH_MINUTES = 120;
const ICAL_DAYS: Record<Weekday, ICalWeekday> = {
  0: ICalWeekday.SU,
  1: ICalWeekday.MO,
  2: ICalWeekday.TU,
  3: ICalWeekday.WE,
  4: ICalWeekday.TH,
  5: ICalWeekday.FR,
  6: ICalWeekday.SA,
};

/**
 * Text for a one-line property. ical-generator leaves some values raw (the calendar's
 * NAME, UID) and keeps control characters in the rest, so a CR or LF from the database
 * could start a property of its own: every control character becomes a space.
 */
export const icsLine = (text: string) => text.replace(/\p{Cc}+/gu, " ").trim();

/** Text that may span lines (DESCRIPTION, which ical-generator escapes as \n); other controls go. */
const icsText = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]+/gu, " ")
    .trim();

/**
 * The cancelled occurrences from today on, by session (`weekday@start`): each becomes an
 * EXDATE of its session's event, in the gym's TZID, read through `expandOccurrences`.
 */
function cancelledStarts(school: SchoolView, today: DateTime): Map<string, DateTime[]> {
  const out = new Map<string, DateTime[]>();
  const exceptions = (school.exceptions ?? []).filter((e) => e.date >= (today.toISODate() ?? ""));
  if (!exceptions.length) return out;
  const last =
    exceptions
      .map((e) => e.date)
      .sort()
      .at(-1) ?? "";
  for (const o of expandOccurrences(
    school.sessions,
    exceptions,
    school.timeZone,
    today.toISODate() ?? "",
    last,
  )) {
    if (o.status !== "cancelled" || o.startsAt === null) continue;
    const key = `${o.weekday}@${o.start}`;
    out.set(key, [...(out.get(key) ?? []), DateTime.fromISO(o.startsAt, { zone: school.timeZone })]);
  }
  return out;
}

/**
 * One weekly recurring event per open mat, anchored in the gym's own time zone (with its
 * VTIMEZONE), so calendars keep 11:00 AM local across daylight-saving changes. A cancelled
 * open mat (or a closed day) is an EXDATE of its event.
 */
export function schoolCalendar(school: SchoolView, publicUrl: string, now: Date): string {
  const pageUrl = icsLine(`${publicUrl}/schools/${encodeURIComponent(school.slug)}`);
  const gym = icsLine(school.gym);
  const calendar = new ICalCalendar({
    name: `${gym} open mats`,
    prodId: { company: "OpenMat", product: "open-mat-schedule", language: "EN" },
    url: pageUrl,
  });
  // No calendar-wide zone: with one, ical-generator writes DTSTAMP as local time instead of UTC.
  calendar.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  const today = DateTime.fromJSDate(now, { zone: school.timeZone }).startOf("day");
  const cancelled = cancelledStarts(school, today);
  for (const session of school.sessions) {
    // The first occurrence on or after today, in the gym's zone (luxon weekday: 1 = Monday … 7 = Sunday).
    const daysAhead = ((session.weekday === 0 ? 7 : session.weekday) - today.weekday + 7) % 7;
    const start = today.plus({ days: daysAhead, minutes: session.start });
    const minutes =
      session.end === null ? DEFAULT_LENGTH_MINUTES : (session.end - session.start + 1440) % 1440 || 1440;
    const excluded = cancelled.get(`${session.weekday}@${session.start}`);
    const notes = session.notes.length ? ` (${icsLine(session.notes.join(", "))})` : "";
    calendar.createEvent({
      id: `school-${school.id}-${session.weekday}-${session.start}@openmat`,
      start,
      end: start.plus({ minutes }),
      timezone: school.timeZone,
      summary: `Open mat at ${gym}${notes}`,
      description: [
        `Open mat ${formatTime(session.start)}${session.end === null ? "" : `–${formatTime(session.end)}`}${notes}.`,
        session.end === null ? "End time not given; shown as two hours." : "",
        `Schedule as the gym writes it: ${icsText(school.dayAndTime)}`,
        pageUrl,
      ]
        .filter(Boolean)
        .join("\n"),
      location: `${gym}, ${icsLine(school.address)}`,
      url: pageUrl,
      stamp: DateTime.fromJSDate(now, { zone: "utc" }),
      repeating: {
        freq: ICalEventRepeatingFreq.WEEKLY,
        byDay: [ICAL_DAYS[session.weekday]],
        // An empty list would still write an empty EXDATE line.
        ...(excluded?.length ? { exclude: excluded } : {}),
      },
    });
  }
  return calendar.toString();
}
