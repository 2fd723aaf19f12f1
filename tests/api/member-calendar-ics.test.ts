/**
 * Issue 22: a member's calendar, expanded by an independent parser (ical.js) as a calendar
 * app would (a RECURRENCE-ID override replacing its instance), holds exactly the open mats
 * their saved gyms' `GET /api/schools/{id}/occurrences` lists as scheduled, plus the ones
 * they are going to elsewhere, across New York's spring clock change, in each gym's own
 * zone, with cancellations as EXDATEs (a saved gym's) or a cancelled event (one they were
 * going to at a gym they have not saved). The ones they are going to say so, once each.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import ICAL from "ical.js";
import { zonedIso } from "../../src/common/schedule/occurrences";
import type { CalendarAddress } from "../../src/common/schemas/member-calendar";
import type { OccurrenceView } from "../../src/common/schemas/schedule-exceptions";
import type { SchoolView } from "../../src/common/schemas/school";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { upsertSchool } from "../../src/server/features/schools/ingest";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "member-calendar-admin@example.com";
// Saturday 20 February 2027, noon in New York; its clocks spring forward on 14 March.
const NOW = new Date("2027-02-20T17:00:00.000Z");
const FROM = "2027-02-20";
const TO = "2027-04-10";

const NEW_YORK = { zone: "America/New_York", latitude: 40.7128, longitude: -74.006 };
const PHOENIX = { zone: "America/Phoenix", latitude: 33.4484, longitude: -112.074 };

let t: TestApp;
let adminCookie: string;
/** The app's clock: NOW, until a test moves it. */
let clock = NOW;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => clock });
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "calicsadmin",
    email: ADMIN_EMAIL,
    password: "member calendar admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
});
afterAll(() => t.close());

async function importSchool(gym: string, place: typeof NEW_YORK, dayAndTime: string) {
  const { id } = await upsertSchool(
    { db: t.app.context.database.db, now: () => NOW, timeZoneAt },
    {
      gym,
      address: "1 Main St, Somewhere",
      city: "Somewhere",
      state: "NY",
      latitude: place.latitude,
      longitude: place.longitude,
      dayAndTime,
    },
  );
  const view = (await (await t.request(`/api/schools/${id}`)).json()) as SchoolView;
  expect(view.timeZone).toBe(place.zone);
  return view;
}

async function exception(schoolId: number, body: Record<string, unknown>) {
  const res = await t.json("POST", `/api/schools/${schoolId}/exceptions`, body, { cookie: adminCookie });
  expect(res.status).toBe(201);
}

async function occurrences(schoolId: number) {
  const res = await t.request(`/api/schools/${schoolId}/occurrences?from=${FROM}&to=${TO}`);
  return ((await res.json()) as { occurrences: OccurrenceView[] }).occurrences;
}

/** A member going to an occurrence, as the going feature stores it (its slot, and when it starts). */
async function going(userId: number, school: SchoolView, date: string, startMinute: number) {
  await t.app.context.database.client.execute({
    sql: `INSERT INTO occurrence_going (school_id, date, start_minute, user_id, starts_at, created_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [
      school.id,
      date,
      startMinute,
      userId,
      Date.parse(zonedIso(date, startMinute, school.timeZone)),
      NOW.getTime(),
    ],
  });
}

interface Instance {
  at: number;
  summary: string;
  cancelled: boolean;
  zone: string;
}

/** Every instance from FROM to TO, as a calendar app expands it: overrides replace their instance. */
function expand(text: string): Instance[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const byUid = Map.groupBy(calendar.getAllSubcomponents("vevent"), (c) =>
    String(c.getFirstPropertyValue("uid")),
  );
  const first = Date.parse("2027-02-20T00:00:00Z");
  const end = Date.parse("2027-04-11T12:00:00Z");
  const out: Instance[] = [];
  for (const components of byUid.values()) {
    const master = components.find((c) => !c.hasProperty("recurrence-id"));
    expect(master).toBeDefined();
    const event = new ICAL.Event(master, {
      strictExceptions: true,
      exceptions: components.filter((c) => c.hasProperty("recurrence-id")),
    });
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const at = details.startDate.toJSDate().getTime();
      if (at >= end) break;
      if (at < first) continue;
      out.push({
        at,
        summary: details.item.summary,
        cancelled: details.item.component.getFirstPropertyValue("status") === "CANCELLED",
        zone: details.startDate.zone?.tzid ?? "",
      });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

const startOf = (o: OccurrenceView) => Date.parse(o.startsAt ?? "");

describe("a member's calendar in ical.js", () => {
  it("is their saved gyms' scheduled open mats and the ones they go to, across a clock change and cancellations", async () => {
    const ny = await importSchool(
      "Saved Gym NYC",
      NEW_YORK,
      "Sunday 10am-12pm; 2nd & 4th Thursday 7pm-9pm; Wed 6pm-8pm (from Mar 10, 2027); Saturday, March 27, 2027 3:30pm-5pm",
    );
    const phx = await importSchool("Saved Gym Phoenix", PHOENIX, "Tue 6pm-8pm; Sat 11am-1pm");
    const other = await importSchool("Unsaved Gym", NEW_YORK, "Fri 6pm-8pm (No-Gi)");
    await importSchool("Nobody's Gym", NEW_YORK, "Mon 6pm-8pm");
    await exception(ny.id, { date: "2027-03-14", startMinute: 600, reason: "Clock change" });
    await exception(ny.id, { date: "2027-03-11", startMinute: 1140, reason: "Coach away" });
    await exception(ny.id, {
      date: "2027-03-21",
      startMinute: 600,
      reason: "Tournament",
      moveTo: { date: "2027-03-22", start: 1140, end: 1260 },
    });
    await exception(phx.id, { date: "2027-03-16", startMinute: 1080, reason: "Mats cleaned" });
    await exception(other.id, { date: "2027-03-19", startMinute: 1080, reason: "Called off" });

    const member = await registerMember(t, "calics");
    for (const school of [ny, phx]) {
      const res = await t.json("POST", "/api/favorites", { schoolId: school.id }, { cookie: member.cookie });
      expect(res.status).toBeLessThan(300);
    }
    // Going: in a saved gym's series before and after the change, a cancelled one, a moved
    // one, the dated one-off; in Phoenix; and three at a gym not saved (one cancelled, one past).
    for (const [school, date, start] of [
      [ny, "2027-03-07", 600],
      [ny, "2027-03-28", 600],
      [ny, "2027-03-14", 600],
      [ny, "2027-03-21", 600],
      [ny, "2027-03-27", 930],
      [phx, "2027-03-20", 660],
      [other, "2027-03-12", 1080],
      [other, "2027-03-19", 1080],
      [other, "2027-03-26", 1080],
      [other, "2027-02-12", 1080],
    ] as const)
      await going(member.id, school, date, start);

    const res = await t.json("GET", "/api/account/calendar", undefined, { cookie: member.cookie });
    const { https } = (await res.json()) as CalendarAddress;
    const feed = await t.request(new URL(https ?? "").pathname);
    expect(feed.status).toBe(200);
    const text = await feed.text();
    const instances = expand(text);

    const saved = [...(await occurrences(ny.id)), ...(await occurrences(phx.id))];
    const elsewhere = (await occurrences(other.id)).filter((o) =>
      ["2027-03-12@1080", "2027-03-26@1080"].includes(`${o.date}@${o.start}`),
    );
    expect(elsewhere).toHaveLength(2);
    const expected = [...saved.filter((o) => o.status === "scheduled"), ...elsewhere].map(startOf);
    expect(instances.filter((i) => !i.cancelled).map((i) => i.at)).toEqual(expected.sort((a, b) => a - b));
    // Sanity: the range holds both sides of the change, and the cancelled slots are not in it.
    expect(expected).toContain(Date.parse("2027-03-07T15:00:00Z"));
    expect(expected).toContain(Date.parse("2027-03-28T14:00:00Z"));
    expect(expected).not.toContain(Date.parse("2027-03-14T14:00:00Z"));

    // The ones they go to say so, each once, at its own time; nothing else does.
    const goingAt = instances.filter((i) => i.summary.startsWith("Going:"));
    expect(goingAt.map((i) => new Date(i.at).toISOString())).toEqual([
      "2027-03-07T15:00:00.000Z", // 10 AM EST, in the series
      "2027-03-12T23:00:00.000Z", // 6 PM EST, not saved
      "2027-03-20T18:00:00.000Z", // 11 AM in Phoenix
      "2027-03-22T23:00:00.000Z", // moved to Monday 7 PM EDT
      "2027-03-26T22:00:00.000Z", // 6 PM EDT, not saved
      "2027-03-27T19:30:00.000Z", // the dated one-off, 3:30 PM EDT
      "2027-03-28T14:00:00.000Z", // 10 AM EDT, in the series
    ]);
    expect(goingAt.find((i) => i.at === Date.parse("2027-03-20T18:00:00Z"))?.zone).toBe(PHOENIX.zone);
    expect(goingAt.filter((i) => i.zone !== PHOENIX.zone).every((i) => i.zone === NEW_YORK.zone)).toBe(true);
    // The one cancelled at a gym they have not saved: an event marked cancelled, with why.
    const cancelled = instances.filter((i) => i.cancelled);
    expect(cancelled.map((i) => [new Date(i.at).toISOString(), i.summary])).toEqual([
      ["2027-03-19T22:00:00.000Z", "Cancelled: Open mat at Unsaved Gym (No-Gi)"],
    ]);

    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("EXDATE;TZID=America/New_York:20270314T100000");
    expect(unfolded).toContain("EXDATE;TZID=America/Phoenix:20270316T180000");
    expect(unfolded).toContain("RECURRENCE-ID;TZID=America/New_York:20270328T100000");
    expect(unfolded).toContain("RECURRENCE-ID;TZID=America/New_York:20270307T100000");
    expect(unfolded).toContain("The gym cancelled this open mat: Called off.");
    // The gym no one here saved or goes to, and the past one, are not in it.
    expect(unfolded).not.toContain("Nobody's Gym");
    expect(unfolded).not.toContain("20270212");
    for (const zone of [NEW_YORK.zone, PHOENIX.zone])
      expect(unfolded).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}`);
  });
});

describe("a member's calendar between polls", () => {
  it("is kept while nothing in it changes, and made anew on a cancellation, a going, a new day", async () => {
    const school = await importSchool("Polled Gym", NEW_YORK, "Saturday 10am-12pm");
    const member = await registerMember(t, "calpoll");
    await t.json("POST", "/api/favorites", { schoolId: school.id }, { cookie: member.cookie });
    const res = await t.json("GET", "/api/account/calendar", undefined, { cookie: member.cookie });
    const path = new URL(((await res.json()) as CalendarAddress).https ?? "").pathname;
    const counter = countStatements(t.app.context.database.client);
    const poll = async (etag?: string) => {
      counter.reset();
      const answer = await t.request(path, etag ? { headers: { "if-none-match": etag } } : {});
      const readSchedule = counter.sql.some((sql) => /open_mat_sessions/i.test(sql));
      return {
        status: answer.status,
        etag: answer.headers.get("etag") ?? "",
        body: await answer.text(),
        readSchedule,
      };
    };
    const first = await poll();
    expect(first.status).toBe(200);
    expect(first.readSchedule).toBe(true);
    expect(first.body).toContain("DTSTART;TZID=America/New_York:20270220T100000");
    // Polled again, an hour later the same day: the kept calendar, no schedule read.
    clock = new Date(NOW.getTime() + 3_600_000);
    const again = await poll(first.etag);
    expect(again).toMatchObject({ status: 304, etag: first.etag, readSchedule: false });

    await exception(school.id, { date: "2027-02-27", startMinute: 600, reason: "Seminar" });
    const cancelled = await poll(first.etag);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.replace(/\r\n /g, "")).toContain("EXDATE;TZID=America/New_York:20270227T100000");

    await going(member.id, school, "2027-03-06", 600);
    const marked = await poll(cancelled.etag);
    expect(marked.status).toBe(200);
    expect(marked.body).toContain("RECURRENCE-ID;TZID=America/New_York:20270306T100000");

    // Late Saturday night in New York (already Sunday in UTC, a new DTSTAMP): a new body.
    clock = new Date("2027-02-21T04:30:00.000Z");
    const nextDay = await poll(marked.etag);
    expect(nextDay.status).toBe(200);
    expect(nextDay.body).toContain("DTSTAMP:20270221T000000Z");
    // A week on, the series starts at its next open mat.
    clock = new Date("2027-02-27T17:00:00.000Z");
    const week = await poll(nextDay.etag);
    expect(week.status).toBe(200);
    expect(week.body).toContain("DTSTART;TZID=America/New_York:20270227T100000");
    expect((await poll(week.etag)).status).toBe(304);
    clock = NOW;
  });
});
