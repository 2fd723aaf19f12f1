import { ICalCalendar } from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { formatSchedule, formatTime } from "../../../common/schedule/format";
import { expandOccurrences, type Occurrence, sessionHappensOn } from "../../../common/schedule/occurrences";
import { localDateAt } from "../../../common/schedule/open-now";
import type { Session } from "../../../common/schedule/types";
import { shortDateLabel } from "../../../common/schemas/schedule-exceptions";
import { visitorRuleTexts } from "../../../common/schemas/visitor-rules";
import { effectiveRules, visitorRulesLine } from "../../../common/visitor-rules";
import { coveredByAnother, localStamp, sessionEvents } from "./ics-rules";
import type { SchoolView } from "./school-view";

const DEFAULT_LENGTH_MINUTES = 120;

/** How an occurrence the calendar's reader is going to starts its summary. */
export const GOING = "Going:";

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

/** An empty calendar; each event's zone gets its VTIMEZONE. */
export function newCalendar(name: string, url?: string): ICalCalendar {
  const calendar = new ICalCalendar({
    name: icsLine(name),
    prodId: { company: "OpenMat", product: "open-mat-schedule", language: "EN" },
    ...(url ? { url } : {}),
  });
  // No calendar-wide zone: with one, ical-generator writes DTSTAMP as local time instead of UTC.
  calendar.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  return calendar;
}

export interface SchoolEventOptions {
  /**
   * Occurrence keys (`${date}@${start}`) the calendar's reader is going to: each is marked
   * "Going:" in its series (an override with the series' UID and a RECURRENCE-ID), or in its
   * own event when it is a dated or moved one. A key with no occurrence here changes nothing.
   */
  going?: ReadonlySet<string>;
  /** DTSTAMP of every event (default `now`): a fixed one keeps the body the same between requests. */
  stamp?: Date;
}

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
  const calendar = newCalendar(`${icsLine(school.gym)} open mats`, pageUrl);
  addSchoolEvents(calendar, school, publicUrl, now);
  return calendar.toString();
}

/** A school's events (as `schoolCalendar` describes them) added to `calendar`, which may hold other schools'. */
export function addSchoolEvents(
  calendar: ICalCalendar,
  school: SchoolView,
  publicUrl: string,
  now: Date,
  options: SchoolEventOptions = {},
): void {
  const pageUrl = icsLine(`${publicUrl}/schools/${encodeURIComponent(school.slug)}`);
  const gym = icsLine(school.gym);
  const zone = school.timeZone;
  const going = options.going ?? new Set<string>();
  const today = localDateAt(now, zone);
  const stamp = DateTime.fromJSDate(options.stamp ?? now, { zone: "utc" });
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
      const id = uidOf(school.id, session);
      const line = sessionLine(session, notes);
      calendar.createEvent({
        ...common,
        ...(rule === null && going.has(first.key) ? { summary: `${GOING} ${common.summary}` } : {}),
        id,
        ...timesOf(first),
        description: description(line, session.end),
        ...(rule === null ? {} : { repeating: `RRULE:${rule}${exdate}` }),
      });
      // The occurrences of the series the reader is going to: each the same instance, renamed.
      for (const o of rule === null ? [] : goingInSeries(session, going, first.date, excluded, zone)) {
        const times = timesOf(o);
        calendar.createEvent({
          ...common,
          summary: `${GOING} ${common.summary}`,
          id,
          recurrenceId: times.start,
          ...times,
          description: description(line, session.end),
        });
      }
    }
    for (const o of events.moved) {
      if (o.start === null || !o.movedFrom) continue;
      const time = `${formatTime(o.start)}${o.end === null ? "" : `–${formatTime(o.end)}`}`;
      calendar.createEvent({
        ...common,
        ...(going.has(o.key) ? { summary: `${GOING} ${common.summary}` } : {}),
        id: `school-${school.id}-moved-${o.movedFrom.date}-${o.movedFrom.start}@openmat`,
        ...timesOf(o),
        description: description(
          `Open mat ${shortDateLabel(o.date)}, ${time}${notes}, moved from ${shortDateLabel(o.movedFrom.date)}${o.reason ? `: ${icsText(o.reason)}` : ""}.`,
          o.end,
        ),
      });
    }
  }
}

/**
 * The occurrences of a recurring session, on or after its series' first date, whose keys are
 * in `going` and that happen at their own slot (a cancelled or moved one is not in the series).
 */
function goingInSeries(
  session: Session,
  going: ReadonlySet<string>,
  firstDate: string,
  excluded: readonly Occurrence[],
  zone: string,
): Occurrence[] {
  const found: Occurrence[] = [];
  for (const key of going) {
    const [date = "", start] = key.split("@");
    if (Number(start) !== session.start || date < firstDate || !sessionHappensOn(session, date)) continue;
    if (excluded.some((o) => o.key === key)) continue;
    const o = expandOccurrences([session], [], zone, date, date)[0];
    if (o) found.push(o);
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}
