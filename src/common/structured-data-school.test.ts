import { describe, expect, it } from "bun:test";
import { expandOccurrences, type ScheduleException } from "./schedule/occurrences";
import { parseSchedule } from "./schedule/parse";
import { type SchoolLdInput, schoolLd } from "./structured-data-school";

const URL = "https://openmat.example";
const ZONE = "America/Chicago";
// Saturday 6 March 2027; Chicago's clocks spring forward on the 14th.
const TODAY = "2027-03-06";
const LAST = "2027-04-02"; // the page's four weeks

const school = (dayAndTime: string, extra: Partial<SchoolLdInput> = {}): SchoolLdInput => ({
  gym: "Lakeside Grappling",
  slug: "lakeside-grappling",
  address: "1 Lake St",
  city: "Chicago",
  state: "IL",
  zipCode: "60601",
  latitude: 41.88,
  longitude: -87.62,
  timeZone: ZONE,
  phone: null,
  website: "https://lakeside.example/",
  dayAndTime,
  sessions: parseSchedule(dayAndTime, { today: TODAY }).sessions,
  rating: null,
  reviewCount: 0,
  ...extra,
});

const ld = (s: SchoolLdInput, exceptions: ScheduleException[] = []) => {
  const upcoming = expandOccurrences(s.sessions, exceptions, ZONE, TODAY, LAST);
  // What the page embeds: plain JSON, so nothing may be lost in serialising it.
  const out = JSON.parse(JSON.stringify(schoolLd(URL, s, upcoming)));
  return out as ReturnType<typeof schoolLd>;
};

const SCHEDULE = "Sat 11am-1pm (Gi); 2nd & 4th Thursday 7pm-9pm; last Sunday 10am";

describe("schoolLd", () => {
  it("says free or not, and public or members only, only when the gym said so (issue 21)", () => {
    const unknown = ld(school(SCHEDULE));
    expect(unknown).not.toHaveProperty("isAccessibleForFree");
    expect(unknown).not.toHaveProperty("publicAccess");
    expect((unknown.event ?? [])[0]).not.toHaveProperty("isAccessibleForFree");
    const free = ld(school(SCHEDULE, { visitorRules: { matFee: 0, visitors: "welcome" } }));
    expect(free).toMatchObject({ isAccessibleForFree: true, publicAccess: true });
    const paid = ld(
      school(SCHEDULE, { visitorRules: { matFee: 15, visitors: "membersOnly", attire: "gi" } }),
    );
    expect(paid).toMatchObject({ isAccessibleForFree: false, publicAccess: false });
    expect((paid.event ?? []).map((e) => e.isAccessibleForFree)).toEqual([false, false, false]);
    // A session free of its own is a free Event at a gym that charges otherwise.
    const sessions = parseSchedule(SCHEDULE, { today: TODAY }).sessions.map((s) =>
      s.weekday === 6 ? { ...s, rules: { matFee: 0 } } : s,
    );
    const mixed = ld(school(SCHEDULE, { sessions, visitorRules: { matFee: 15 } }));
    const saturday = (mixed.event ?? []).find((e) => String(e.name).includes("(Gi)"));
    expect(saturday?.isAccessibleForFree).toBe(true);
    expect(mixed.isAccessibleForFree).toBe(false);
  });

  it("keeps the place as the spec lists it, and AggregateRating only with reviews", () => {
    const none = ld(school(SCHEDULE, { rating: 4.5, reviewCount: 0 }));
    expect(none["@type"]).toBe("SportsActivityLocation");
    expect(none.description).toBe(
      "Open Mat Schedule: 2nd & 4th Thu 7:00 PM–9:00 PM; Sat 11:00 AM–1:00 PM (Gi); last Sun 10:00 AM",
    );
    expect(none).not.toHaveProperty("aggregateRating");
    const rated = ld(school(SCHEDULE, { rating: 4.5, reviewCount: 3 }));
    expect(rated.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.5", reviewCount: 3 });
  });

  it("describes weekly and monthly sessions as Events with a Schedule, from their next occurrence", () => {
    const events = ld(school(SCHEDULE)).event ?? [];
    expect(events).toHaveLength(3);
    const [thursday, saturday, sunday] = ["Thursday", "Saturday", "Sunday"].map((day) =>
      events.find((e) => (e.eventSchedule as { byDay: string }).byDay === `https://schema.org/${day}`),
    );
    expect(saturday).toMatchObject({
      "@type": "Event",
      name: "Open mat at Lakeside Grappling (Gi)",
      startDate: "2027-03-06T11:00:00-06:00",
      endDate: "2027-03-06T13:00:00-06:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Lakeside Grappling",
        address: { "@type": "PostalAddress", addressLocality: "Chicago", postalCode: "60601" },
      },
      eventSchedule: {
        "@type": "Schedule",
        repeatFrequency: "P1W",
        startTime: "11:00:00",
        endTime: "13:00:00",
        scheduleTimezone: ZONE,
      },
    });
    expect(saturday?.eventSchedule).not.toHaveProperty("byMonthWeek");
    // The 2nd Thursday is before the clock change, the last Sunday after it: each has its own offset.
    expect(thursday).toMatchObject({
      startDate: "2027-03-11T19:00:00-06:00",
      eventSchedule: {
        repeatFrequency: "P1M",
        byMonthWeek: [2, 4],
        startTime: "19:00:00",
        endTime: "21:00:00",
      },
    });
    expect(sunday).toMatchObject({
      startDate: "2027-03-28T10:00:00-05:00",
      eventSchedule: { repeatFrequency: "P1M", byMonthWeek: [-1], startTime: "10:00:00" },
    });
    expect(sunday).not.toHaveProperty("endDate");
    expect(sunday?.eventSchedule).not.toHaveProperty("endTime");
  });

  it("gives a season its first and last dates, and a dated session a dated Event of its own", () => {
    const events =
      ld(school("Wed 6pm-8pm (from Mar 17, 2027) (until May 26, 2027); Saturday, March 20, 2027 3pm-5pm"))
        .event ?? [];
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      startDate: "2027-03-17T18:00:00-05:00",
      eventSchedule: { repeatFrequency: "P1W", startDate: "2027-03-17", endDate: "2027-05-26" },
    });
    expect(events[1]).toMatchObject({
      name: "Open mat at Lakeside Grappling",
      startDate: "2027-03-20T15:00:00-05:00",
      endDate: "2027-03-20T17:00:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
    });
    expect(events[1]).not.toHaveProperty("eventSchedule");
  });

  it("leaves out a session with no occurrence in the weeks listed, and a day with no time", () => {
    const s = school("Fri 6pm (from Jun 4, 2027); Saturday, February 27, 2027 3pm; Mon (time not listed)");
    expect(s.sessions).toHaveLength(2);
    expect(ld(s)).not.toHaveProperty("event");
  });

  it("marks upcoming cancellations and moves, in the schedule and as Events of their own", () => {
    const events =
      ld(school(SCHEDULE), [
        { date: "2027-03-13", startMinute: 660, reason: "Seminar" },
        {
          date: "2027-03-25",
          startMinute: 1140,
          reason: "Hall booked",
          moveTo: { date: "2027-03-26", start: 1170, end: 1290 },
        },
        { date: "2027-03-20", startMinute: null, reason: "Closed" },
      ]).event ?? [];
    const saturday = events.find((e) => String(e.name).includes("(Gi)") && e.eventSchedule);
    expect(saturday?.eventSchedule).toHaveProperty("exceptDate", [
      "2027-03-13T11:00:00-06:00",
      "2027-03-20T11:00:00-05:00",
    ]);
    const thursday = events.find(
      (e) => (e.eventSchedule as { byMonthWeek?: number[] })?.byMonthWeek?.[0] === 2,
    );
    expect(thursday?.eventSchedule).toHaveProperty("exceptDate", ["2027-03-25T19:00:00-05:00"]);
    const dated = events.filter((e) => !e.eventSchedule);
    expect(dated.map((e) => [e.startDate, e.eventStatus, e.previousStartDate])).toEqual([
      ["2027-03-13T11:00:00-06:00", "https://schema.org/EventCancelled", undefined],
      ["2027-03-20T11:00:00-05:00", "https://schema.org/EventCancelled", undefined],
      ["2027-03-26T19:30:00-05:00", "https://schema.org/EventRescheduled", "2027-03-25T19:00:00-05:00"],
    ]);
    for (const event of events) {
      expect(event.name).toBeString();
      expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect((event.location as { address: unknown }).address).toBeDefined();
    }
  });
});
