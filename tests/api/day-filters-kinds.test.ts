/**
 * Issue 20: "the day filters (a monthly Thursday is a Thursday)". A school is listed under a
 * day by its flags, which every kind of session sets (schools/session-rows.ts
 * scheduleDayFlags): a monthly session, a day named with no time, a dated session still ahead
 * (one past sets nothing). The home screen filters the schools the search and list APIs answer
 * by those flags (common/home.ts matchesDays) and the map by the pins' day bits.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type DayKey, dayBit, matchesDays, type SchoolLike, toSchoolSummary } from "../../src/common/home";
import { decodePins } from "../../src/common/pins-codec";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { createTestApp, type TestApp } from "../support/test-app";

const DAY = 86_400_000;
/** "Friday, January 8, 2027": a date written in full, `days` from now, moved on to a `weekday`. */
function dateOn(days: number, weekday: number) {
  let at = new Date(Date.now() + days * DAY);
  while (at.getUTCDay() !== weekday) at = new Date(at.getTime() + DAY);
  return at.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

const austin = (gym: string, dayAndTime: string, n: number): SchoolDraft => ({
  gym,
  address: `${n} Congress Ave, Austin, TX 78701`,
  city: "Austin",
  state: "TX",
  latitude: 30.26 + n / 1000,
  longitude: -97.74,
  dayAndTime,
});
const drafts = {
  monthly: austin("Second Thursday Grappling", "2nd & 4th Thursday 7pm", 1),
  untimed: austin("Call Ahead Wednesday BJJ", "Wednesdays (call for times)", 2),
  lastSunday: austin("Last Sunday Rolls", "last Sunday of the month 9am", 3),
  dated: austin("One Friday Only", `${dateOn(20, 5)} 6pm`, 4),
  past: austin("Was Once On A Monday", `${dateOn(-30, 1)} 6pm`, 5),
  weekly: austin("Every Saturday Club", "Sat 10am", 6),
};
type Name = keyof typeof drafts;
/** The days each school is listed under. */
const expected: Record<Name, DayKey[]> = {
  monthly: ["thursday"],
  untimed: ["wednesday"],
  lastSunday: ["sunday"],
  dated: ["friday"],
  past: [],
  weekly: ["saturday"],
};
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

let t: TestApp;
const ids = {} as Record<Name, number>;
const deps = () => ({ db: t.app.context.database.db, now: () => new Date(), timeZoneAt });

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, draft] of Object.entries(drafts))
    ids[name as Name] = (await upsertSchool(deps(), draft)).id;
});
afterAll(() => t.close());

const daysOf = (school: SchoolLike) => DAYS.filter((day) => matchesDays(toSchoolSummary(school).days, [day]));
const pins = async () =>
  new Map(
    decodePins(new Uint8Array(await (await t.request("/api/schools/pins")).arrayBuffer())).map((p) => [
      p.id,
      p,
    ]),
  );

describe("the day filters honour every kind of session", () => {
  it("each school's own view is listed under its days", async () => {
    for (const name of Object.keys(drafts) as Name[]) {
      const school = (await (await t.request(`/api/schools/${ids[name]}`)).json()) as SchoolLike;
      expect({ name, days: daysOf(school) }).toEqual({ name, days: expected[name] });
    }
    const monthly = (await (await t.request(`/api/schools/${ids.monthly}`)).json()) as SchoolLike;
    expect(monthly.sessions).toEqual([expect.objectContaining({ weekday: 4, ordinals: [2, 4] })]);
    // The past one-off is still stored as a dated session: it is the date that lists it under no day.
    const past = (await (await t.request(`/api/schools/${ids.past}`)).json()) as SchoolLike;
    expect(past.sessions).toEqual([expect.objectContaining({ weekday: 1, date: expect.any(String) })]);
  });

  it("the search and the list of all schools answer them so that the Thursday and Wednesday filters find them", async () => {
    const search = (await (await t.request("/api/schools/search?q=Austin%2C%20TX")).json()) as {
      schools: SchoolLike[];
    };
    const all = (await (await t.request("/api/schools/all")).json()) as SchoolLike[];
    for (const list of [search.schools, all]) {
      expect(list.length).toBe(Object.keys(drafts).length);
      const under = (day: DayKey) =>
        list
          .filter((s) => matchesDays(toSchoolSummary(s).days, [day]))
          .map((s) => s.id)
          .sort();
      expect(under("thursday")).toEqual([ids.monthly]);
      expect(under("wednesday")).toEqual([ids.untimed]);
      expect(under("friday")).toEqual([ids.dated]);
      expect(under("monday")).toEqual([]);
      expect(under("sunday")).toEqual([ids.lastSunday]);
    }
  });

  it("the map's pins carry the same day bits", async () => {
    const byId = await pins();
    for (const name of Object.keys(drafts) as Name[]) {
      const mask = expected[name].reduce((m, day) => m | dayBit[day], 0);
      expect({ name, days: byId.get(ids[name])?.days }).toEqual({ name, days: mask });
    }
  });

  it("a schedule changed to another kind moves the school to its new day, on the pins too", async () => {
    await upsertSchool(deps(), { ...drafts.untimed, dayAndTime: "last Friday 7pm" });
    const school = (await (await t.request(`/api/schools/${ids.untimed}`)).json()) as SchoolLike;
    expect(daysOf(school)).toEqual(["friday"]);
    expect((await pins()).get(ids.untimed)?.days).toBe(dayBit.friday);
  });
});
