/**
 * Issue 20: a school's .ics, expanded by an independent parser (ical.js) as a calendar app
 * would, holds exactly the open mats `GET /api/schools/{id}/occurrences` lists as scheduled,
 * for every kind of session (weekly, monthly by ordinal weekday, dated, seasonal, past
 * midnight), with cancellations and closed days, over ten weeks across New York's spring
 * clock change, and in Phoenix and Honolulu, which have none. The schools come through the
 * import's own path, so their sessions are the parser's.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import ICAL from "ical.js";
import { zonedIso } from "../../src/common/schedule/occurrences";
import type { OccurrenceView } from "../../src/common/schemas/schedule-exceptions";
import type { SchoolView } from "../../src/common/schemas/school";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { upsertSchool } from "../../src/server/features/schools/ingest";
import { confirmEmail, jsonFrom, nextPeerIp } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "ics-occurrences-admin@example.com";
// Saturday 20 February 2027, noon in New York; its clocks spring forward on 14 March.
const NOW = new Date("2027-02-20T17:00:00.000Z");
const FROM = "2027-02-20";
const TO = "2027-05-01"; // ten weeks and a day

/** Every kind the parser reads, as a gym might write it; Monday has no time and must have no event. */
const SCHEDULE = [
  "2nd & 4th Thursday 7pm-9pm",
  "last Sunday 10am-12pm",
  "Saturday, March 27, 2027 3:30pm-5pm",
  "Saturday, April 10, 2027 2pm-4pm",
  "Saturday, February 13, 2027 3pm-5pm", // already past: no event
  "Wed 6pm-8pm (from Mar 10, 2027)",
  "Fri 6:30 PM (until Apr 16, 2027)", // a Friday: its last occurrence is on the until date
  "1st Saturday 9am-11am (from Mar 1, 2027) (until Apr 30, 2027)",
  "Sunday 1:30am-3am", // the hour before New York's clocks skip 2:00
  "Sunday, April 4, 2027 1:30am-3am", // the weekly one's slot: one occurrence, one event
  "Tue 11:30pm-1am (No-Gi)",
  "Mon (time not listed)",
].join("; ");

const CANCELLATIONS = [
  { date: "2027-03-11", startMinute: 1140, reason: "Coach away" }, // 2nd Thursday
  { date: "2027-03-28", startMinute: 600, reason: "Tournament" }, // last Sunday
  { date: "2027-03-27", startMinute: 930, reason: "Called off" }, // the dated one-off, whole
  { date: "2027-03-17", startMinute: 1080, reason: "St Patrick's Day" }, // seasonal Wednesday
  { date: "2027-04-09", startMinute: 1110, reason: "Mats cleaned" }, // seasonal Friday
  { date: "2027-03-14", reason: "Closed: clock change" }, // a whole day (the 1:30 AM session)
  { date: "2027-03-23", startMinute: 1410, reason: "Late night off" }, // past midnight
];

const PLACES = [
  { zone: "America/New_York", latitude: 40.7128, longitude: -74.006 },
  { zone: "America/Phoenix", latitude: 33.4484, longitude: -112.074 },
  { zone: "Pacific/Honolulu", latitude: 21.3069, longitude: -157.8583 },
];

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "icsoccadmin",
    email: ADMIN_EMAIL,
    password: "ics occurrences admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
});
afterAll(() => t.close());

/** A school stored by the import's own path (the parser reads its schedule), with its slug. */
async function importSchool(gym: string, place: (typeof PLACES)[number]) {
  const { id } = await upsertSchool(
    { db: t.app.context.database.db, now: () => NOW, timeZoneAt },
    {
      gym,
      address: "1 Main St, Somewhere",
      city: "Somewhere",
      state: "NY",
      latitude: place.latitude,
      longitude: place.longitude,
      dayAndTime: SCHEDULE,
    },
  );
  const view = (await (await t.request(`/api/schools/${id}`)).json()) as SchoolView;
  expect(view.timeZone).toBe(place.zone);
  return view;
}

const parseCalendar = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
};

/** Every instant the calendar's events start from `FROM` to `TO` in the zone, EXDATEs applied, as a calendar app expands them. */
function calendarStarts(text: string, timeZone: string): number[] {
  const first = Date.parse(zonedIso(FROM, 0, timeZone));
  const end = Date.parse(zonedIso("2027-05-02", 0, timeZone));
  const starts: number[] = [];
  for (const component of parseCalendar(text).getAllSubcomponents("vevent")) {
    const iterator = new ICAL.Event(component).iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const at = next.toJSDate().getTime();
      if (at >= end) break;
      if (at >= first) starts.push(at);
    }
  }
  return starts.sort((a, b) => a - b);
}

const calendarOf = async (slug: string) => {
  const res = await t.request(`/schools/${slug}.ics`);
  expect(res.status).toBe(200);
  return res.text();
};

describe("the .ics of every kind of session, with cancellations", () => {
  for (const place of PLACES) {
    it(`expands to /occurrences' scheduled open mats over 10 weeks in ${place.zone}`, async () => {
      const school = await importSchool(`Every Kind ${place.zone}`, place);
      expect(school.sessions).toHaveLength(11);
      expect(school.untimed).toHaveLength(1);
      for (const body of CANCELLATIONS) {
        const res = await t.json("POST", `/api/schools/${school.id}/exceptions`, body, {
          cookie: adminCookie,
        });
        expect(res.status).toBe(201);
      }
      const listed = (
        (await (await t.request(`/api/schools/${school.id}/occurrences?from=${FROM}&to=${TO}`)).json()) as {
          occurrences: OccurrenceView[];
        }
      ).occurrences;
      expect(listed.filter((o) => o.status === "cancelled").map((o) => `${o.date}@${o.start}`)).toEqual([
        "2027-03-11@1140",
        "2027-03-14@90",
        "2027-03-17@1080",
        "2027-03-23@1410",
        "2027-03-27@930",
        "2027-03-28@600",
        "2027-04-09@1110",
      ]);
      const expected = listed
        .filter((o) => o.status === "scheduled")
        .map((o) => Date.parse(o.startsAt ?? ""));
      // Sanity: the range holds the season's last Friday and the kept one-off.
      const dates = listed.filter((o) => o.status === "scheduled").map((o) => `${o.date}@${o.start}`);
      expect(dates).toContain("2027-04-16@1110");
      expect(dates).toContain("2027-04-10@840");
      expect(dates).not.toContain("2027-04-23@1110");

      const ics = await calendarOf(school.slug);
      expect(calendarStarts(ics, place.zone)).toEqual(expected);

      // How it says so: ordinals, a single event for a date, UNTIL in UTC, EXDATEs in the gym's zone.
      const unfolded = ics.replace(/\r\n /g, "");
      expect(unfolded).toContain("RRULE:FREQ=MONTHLY;BYDAY=2TH,4TH\r\n");
      expect(unfolded).toContain("RRULE:FREQ=MONTHLY;BYDAY=-1SU\r\n");
      const lastFriday = zonedIso("2027-04-17", 0, place.zone);
      const until = new Date(Date.parse(lastFriday) - 1000).toISOString().replace(/[-:]|\.\d+/g, "");
      expect(unfolded).toContain(`RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=${until}\r\n`);
      expect(unfolded).toMatch(/RRULE:FREQ=MONTHLY;BYDAY=1SA;UNTIL=20270501T\d{6}Z\r\n/);
      expect(unfolded).toContain(`EXDATE;TZID=${place.zone}:20270311T190000\r\n`);
      expect(unfolded).toContain(`EXDATE;TZID=${place.zone}:20270314T013000\r\n`);
      expect(unfolded).toContain(`EXDATE;TZID=${place.zone}:20270323T233000\r\n`);

      const events = parseCalendar(ics)
        .getAllSubcomponents("vevent")
        .map((component) => new ICAL.Event(component));
      // One event per session, less the past one-off, the cancelled one-off and the one-off on a weekly slot.
      expect(events).toHaveLength(8);
      const single = events.filter((e) => !e.isRecurring());
      expect(single.map((e) => e.startDate.toString())).toEqual(["2027-04-10T14:00:00"]);
      for (const event of events) {
        expect(event.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(place.zone);
        // Each series starts at its first occurrence on or after today, never before.
        expect(event.startDate.toJSDate().getTime()).toBeGreaterThanOrEqual(
          Date.parse(zonedIso(FROM, 0, place.zone)),
        );
      }
      // The season opening on 10 March starts there; no event is on Monday, whose time is not listed.
      const wednesday = events.find(
        (e) => e.component.getFirstPropertyValue("rrule")?.toString() === "FREQ=WEEKLY;BYDAY=WE",
      );
      expect(wednesday?.startDate.toString()).toBe("2027-03-10T18:00:00");
      expect(events.some((e) => e.startDate.dayOfWeek() === ICAL.Time.MONDAY)).toBe(false);
      expect(unfolded).not.toContain("BYDAY=MO");
    });
  }
});

/** Moves (and one cancellation) of the same schedule's open mats. */
const MOVES = [
  // Across the clock change, to another day and hour, with no end given.
  {
    date: "2027-03-11",
    startMinute: 1140,
    reason: "Hall booked",
    moveTo: { date: "2027-03-15", start: 1200 },
  },
  // The dated one-off, later the same day.
  {
    date: "2027-03-27",
    startMinute: 930,
    reason: "Later start",
    moveTo: { date: "2027-03-27", start: 1020, end: 1110 },
  },
  // Moved out of the range: its slot goes, nothing comes in.
  {
    date: "2027-04-28",
    startMinute: 1080,
    reason: "Next week",
    moveTo: { date: "2027-05-06", start: 1080, end: 1200 },
  },
  { date: "2027-04-02", startMinute: 1110, reason: "Good Friday" },
];

describe("a moved open mat in the .ics", () => {
  for (const place of PLACES.slice(0, 2)) {
    it(`is an EXDATE of its old slot and an event at its new time, as /occurrences lists it, in ${place.zone}`, async () => {
      const school = await importSchool(`Moves ${place.zone}`, place);
      for (const body of MOVES) {
        const res = await t.json("POST", `/api/schools/${school.id}/exceptions`, body, {
          cookie: adminCookie,
        });
        expect(res.status).toBe(201);
      }
      const listed = (
        (await (await t.request(`/api/schools/${school.id}/occurrences?from=${FROM}&to=${TO}`)).json()) as {
          occurrences: OccurrenceView[];
        }
      ).occurrences;
      const scheduled = listed.filter((o) => o.status === "scheduled");
      const dates = scheduled.map((o) => `${o.date}@${o.start}`);
      expect(dates).toContain("2027-03-15@1200");
      expect(dates).toContain("2027-03-27@1020");
      for (const gone of ["2027-03-11@1140", "2027-03-27@930", "2027-04-28@1080", "2027-04-02@1110"])
        expect(dates).not.toContain(gone);

      const ics = await calendarOf(school.slug);
      expect(calendarStarts(ics, place.zone)).toEqual(scheduled.map((o) => Date.parse(o.startsAt ?? "")));
      const unfolded = ics.replace(/\r\n /g, "");
      expect(unfolded).toContain(`EXDATE;TZID=${place.zone}:20270311T190000\r\n`);
      expect(unfolded).toContain(`DTSTART;TZID=${place.zone}:20270315T200000\r\n`);
      expect(unfolded).toContain(`DTEND;TZID=${place.zone}:20270315T220000\r\n`);
      expect(unfolded).toContain(`DTSTART;TZID=${place.zone}:20270327T170000\r\n`);
      expect(unfolded).not.toContain(`DTSTART;TZID=${place.zone}:20270327T153000\r\n`);
      expect(unfolded).toContain(`EXDATE;TZID=${place.zone}:20270428T180000\r\n`);
    });
  }
});
