import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import ICAL from "ical.js";
import { zonedIso } from "../../src/common/schedule/occurrences";
import type { OccurrenceView } from "../../src/common/schemas/schedule-exceptions";
import { addSchool } from "../support/checkins";
import { confirmEmail, jsonFrom, nextPeerIp } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "ics-exceptions-admin@example.com";
// Saturday 20 February 2027; New York moves its clocks on 14 March, Phoenix never does.
const NOW = new Date("2027-02-20T17:00:00.000Z");
const FROM = "2027-02-20";
const TO = "2027-05-01"; // ten weeks and a day
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "icsexcadmin",
    email: ADMIN_EMAIL,
    password: "ics exceptions admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
});
afterAll(() => t.close());

/** Every instant the calendar's events happen from `FROM` to `TO` in the zone, EXDATEs applied, as a calendar app expands them. */
function calendarStarts(text: string, timeZone: string): number[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const first = Date.parse(zonedIso(FROM, 0, timeZone));
  const end = Date.parse(zonedIso("2027-05-02", 0, timeZone));
  const starts: number[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const iterator = new ICAL.Event(component).iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const at = next.toJSDate().getTime();
      if (at >= end) break;
      if (at >= first) starts.push(at);
    }
  }
  return starts.sort((a, b) => a - b);
}

describe("the .ics with cancellations", () => {
  for (const timeZone of ["America/New_York", "America/Phoenix"]) {
    it(`expands, EXDATEs applied, to /occurrences without the cancelled ones, over 10 weeks in ${timeZone}`, async () => {
      const school = await addSchool(t, {
        gym: `Calendar ${timeZone}`,
        timeZone,
        sessions: [
          [0, "10:00"],
          [0, "17:30"],
          [3, "19:00"],
        ],
      });
      const cancellations = [
        { date: "2027-03-07", startMinute: 600, reason: "Seminar" },
        // The day New York's clocks spring forward.
        { date: "2027-03-14", startMinute: 1050, reason: "Clock change party" },
        { date: "2027-03-17", reason: "Closed for St Patrick's Day" },
        { date: "2027-04-25", reason: "Tournament weekend" },
      ];
      for (const body of cancellations) {
        const res = await t.json("POST", `/api/schools/${school.id}/exceptions`, body, {
          cookie: adminCookie,
        });
        expect(res.status).toBe(201);
      }
      const listed = (await (
        await t.request(`/api/schools/${school.id}/occurrences?from=${FROM}&to=${TO}`)
      ).json()) as { occurrences: OccurrenceView[] };
      const cancelled = listed.occurrences.filter((o) => o.status === "cancelled");
      expect(cancelled.map((o) => `${o.date}@${o.start}`)).toEqual([
        "2027-03-07@600",
        "2027-03-14@1050",
        "2027-03-17@1140",
        "2027-04-25@600",
        "2027-04-25@1050",
      ]);
      const expected = listed.occurrences
        .filter((o) => o.status === "scheduled")
        .map((o) => Date.parse(o.startsAt as string));
      expect(expected.length).toBe(30 - 5);

      const row = await t.app.context.database.client.execute({
        sql: "SELECT slug FROM schools WHERE id = ?",
        args: [school.id],
      });
      const ics = await (await t.request(`/schools/${String(row.rows[0]?.slug)}.ics`)).text();
      expect(ics).toContain(`EXDATE;TZID=${timeZone}:20270307T100000`);
      expect(calendarStarts(ics, timeZone)).toEqual(expected);
    });
  }
});
