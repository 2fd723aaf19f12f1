import { ICalCalendar } from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { formatSchedule, formatTime } from "../../../common/schedule/format";
import type { Occurrence } from "../../../common/schedule/occurrences";
import { localDateAt } from "../../../common/schedule/open-now";
import type { Session } from "../../../common/schedule/types";
import { shortDateLabel } from "../../../common/schemas/schedule-exceptions";
import { visitorRuleTexts } from "../../../common/schemas/visitor-rules";
import { effectiveRules, visitorRulesLine } from "../../../common/visitor-rules";
import { coveredByAnother, localStamp, sessionEvents } from "./ics-rules";
import type { SchoolView } from "./school-view";

const DEFAULT_LENGTH_MINUTES = 120;

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

/** A session's event id: a weekly one keeps the id it always had, so subscribed calendars update it in place. */
function uidOf(schoolId: number, session: Session): string {
  const kind = [
    ...(session.ordinals?.length ? [`m${session.ordinals.join("_")}`] : []),
    ...(session.date ? [`d${session.date}`] : []),
    ...(session.from ? [`f${session.from}`] : []),
    ...(session.until ? [`u${session.until}`] : []),
  ];
  return `school-${schoolId}-${session.weekday}-${session.start}${kind.map((k) => `-${k}`).join("")}@openmat`;
}

/** The first line of an event's description: what the open mat is, as the schedule lists it. */
const sessionLine = (session: Session, notes: string) =>
  `Open mat ${formatSchedule({ sessions: [{ ...session, notes: [] }] })}${notes}.`;

/**
 * A school's open mats as a calendar, anchored in the gym's own time zone (with its
 * VTIMEZONE), so calendars keep 11:00 AM local across daylight-saving changes. Each session
 * is one event from its first occurrence on or after today (the occurrences model's): a
 * weekly or monthly RRULE (a season's last day its UNTIL), or a single VEVENT for a dated
 * one. A cancelled open mat (or each one of a closed day) is an EXDATE of its event; a moved
 * one is an EXDATE of its old slot and an event of its own at its new time. Days named with
 * no time have no event (they are not in `sessions`).
 */
export function schoolCalendar(school: SchoolView, publicUrl: string, now: Date): string {
  const pageUrl = icsLine(`${publicUrl}/schools/${encodeURIComponent(school.slug)}`);
  const gym = icsLine(school.gym);
  const zone = school.timeZone;
  const calendar = new ICalCalendar({
    name: `${gym} open mats`,
    prodId: { company: "OpenMat", product: "open-mat-schedule", language: "EN" },
    url: pageUrl,
  });
  // No calendar-wide zone: with one, ical-generator writes DTSTAMP as local time instead of UTC.
  calendar.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  const today = localDateAt(now, zone);
  const stamp = DateTime.fromJSDate(now, { zone: "utc" });
  const at = (iso: string) => DateTime.fromISO(iso, { zone });
  /** Start and end of an occurrence; a session with no end is shown as DEFAULT_LENGTH_MINUTES. */
  const timesOf = (o: Occurrence) => {
    const start = at(o.startsAt as string);
    return { start, end: o.endsAt ? at(o.endsAt) : start.plus({ minutes: DEFAULT_LENGTH_MINUTES }) };
  };
  for (const session of school.sessions) {
    if (coveredByAnother(session, school.sessions)) continue;
    const events = sessionEvents(session, school.exceptions ?? [], zone, today);
    if (!events) continue;
    const notes = session.notes.length ? ` (${icsLine(session.notes.join(", "))})` : "";
    // The school's visitor rules with this session's own on top (issue 21); none when unknown.
    const rules = visitorRulesLine(effectiveRules(school.visitorRules, session.rules));
    const common = {
      timezone: zone,
      summary: `Open mat at ${gym}${notes}`,
      location: `${gym}, ${icsLine(school.address)}`,
      url: pageUrl,
      stamp,
    };
    const description = (lead: string, end: number | null) =>
      [
        lead,
        end === null ? "End time not given; shown as two hours." : "",
        rules ? `${visitorRuleTexts.heading}: ${icsText(rules)}` : "",
        `Schedule as the gym writes it: ${icsText(school.dayAndTime)}`,
        pageUrl,
      ]
        .filter(Boolean)
        .join("\n");
    const { first, rule, excluded } = events;
    // A dated session whose one occurrence is cancelled or moved keeps no event at its slot.
    if (rule !== null || !excluded.some((o) => o.key === first.key)) {
      // An empty EXDATE line is not written.
      const exdate = excluded.length
        ? `\r\nEXDATE;TZID=${zone}:${excluded.map((o) => localStamp(o.date, session.start)).join(",")}`
        : "";
      calendar.createEvent({
        ...common,
        id: uidOf(school.id, session),
        ...timesOf(first),
        description: description(sessionLine(session, notes), session.end),
        ...(rule === null ? {} : { repeating: `RRULE:${rule}${exdate}` }),
      });
    }
    for (const o of events.moved) {
      if (o.start === null || !o.movedFrom) continue;
      const time = `${formatTime(o.start)}${o.end === null ? "" : `–${formatTime(o.end)}`}`;
      calendar.createEvent({
        ...common,
        id: `school-${school.id}-moved-${o.movedFrom.date}-${o.movedFrom.start}@openmat`,
        ...timesOf(o),
        description: description(
          `Open mat ${shortDateLabel(o.date)}, ${time}${notes}, moved from ${shortDateLabel(o.movedFrom.date)}${o.reason ? `: ${icsText(o.reason)}` : ""}.`,
          o.end,
        ),
      });
    }
  }
  return calendar.toString();
}
