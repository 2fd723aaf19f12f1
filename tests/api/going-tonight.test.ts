/**
 * The Tonight view (issue 22): GET /api/schools/tonight?lat=&lng= lists the open mats within
 * 40 miles that start in the next 6 hours, soonest first by the real instant (gyms in other
 * zones, and past local midnight, included), cancelled and moved ones as they now stand, each
 * with how many are going.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { goingTexts, type TonightItem } from "../../src/common/schemas/going";
import { addSchool } from "../support/checkins";
import { changeOpenMat, going, registerAdmin } from "../support/going";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "tonight-admin@example.com";
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
// Friday 20 November 2026, 7:30 PM in Austin (America/Chicago), 6:30 PM in Denver.
const NOW = new Date("2026-11-21T01:30:00.000Z");
let t: TestApp;
let adminCookie: string;
const gyms: Record<string, number> = {};

const near = (n: number) => ({ latitude: AUSTIN.latitude + n * 0.01, longitude: AUSTIN.longitude });
const CHICAGO = "America/Chicago";

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  adminCookie = await registerAdmin(t, ADMIN_EMAIL, "tonightadmin");
  const add = async (name: string, n: number, timeZone: string, sessions: [number, string][]) => {
    gyms[name] = (await addSchool(t, { gym: name, ...near(n), timeZone, sessions })).id;
  };
  // Friday is 5, Saturday 6.
  await add("Half Hour BJJ", 1, CHICAGO, [[5, "20:00"]]);
  await add("Late Night BJJ", 2, CHICAGO, [[5, "23:30"]]);
  await add("After Midnight BJJ", 3, CHICAGO, [[6, "01:00"]]);
  await add("Too Late BJJ", 4, CHICAGO, [[6, "02:00"]]);
  await add("Started BJJ", 5, CHICAGO, [[5, "19:00"]]);
  // Its wall clock says 7:15 PM, earlier than 8:00 PM in Chicago, but it starts later.
  await add("Mountain Time BJJ", 6, "America/Denver", [[5, "19:15"]]);
  await add("Cancelled BJJ", 7, CHICAGO, [[5, "21:00"]]);
  await add("Moved BJJ", 8, CHICAGO, [[5, "22:00"]]);
  await add("Moved Away BJJ", 9, CHICAGO, [[5, "21:30"]]);
  await addSchool(t, {
    gym: "Dallas BJJ",
    latitude: 32.7767,
    longitude: -96.797,
    timeZone: CHICAGO,
    sessions: [[5, "20:00"]],
  });
  const friday = "2026-11-20";
  const change = async (name: string, body: Parameters<typeof changeOpenMat>[3]) =>
    expect((await changeOpenMat(t, adminCookie, gyms[name] ?? 0, body)).status).toBe(201);
  await change("Cancelled BJJ", { date: friday, startMinute: 1260, reason: "Plumbing" });
  await change("Moved BJJ", {
    date: friday,
    startMinute: 1320,
    reason: "Late class",
    moveTo: { date: friday, start: 1350 },
  });
  await change("Moved Away BJJ", {
    date: friday,
    startMinute: 1290,
    reason: "Tomorrow",
    moveTo: { date: "2026-11-21", start: 600 },
  });
});
afterAll(() => t.close());

const tonight = async (cookie?: string, at = AUSTIN) => {
  const res = await t.request(`/api/schools/tonight?lat=${at.latitude}&lng=${at.longitude}`, {
    headers: cookie ? { cookie } : {},
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { occurrences: TonightItem[] }).occurrences;
};

describe("GET /api/schools/tonight", () => {
  it("lists the next 6 hours near the point, soonest first by the real instant, across zones and local midnight", async () => {
    const list = await tonight();
    expect(list.map((o) => [o.school.gym, o.date, o.startMinute, o.start, o.startsAt])).toEqual([
      ["Half Hour BJJ", "2026-11-20", 1200, 1200, "2026-11-20T20:00:00-06:00"],
      ["Mountain Time BJJ", "2026-11-20", 1155, 1155, "2026-11-20T19:15:00-07:00"],
      // Moved from 10:00 PM: listed at its new time, named by its own slot.
      ["Moved BJJ", "2026-11-20", 1320, 1350, "2026-11-20T22:30:00-06:00"],
      ["Late Night BJJ", "2026-11-20", 1410, 1410, "2026-11-20T23:30:00-06:00"],
      ["After Midnight BJJ", "2026-11-21", 60, 60, "2026-11-21T01:00:00-06:00"],
    ]);
    expect(list[0]).toMatchObject({
      school: { gym: "Half Hour BJJ", timeZone: CHICAGO, city: "Testville" },
      distance: 0.7,
      goingCount: 0,
    });
    expect(list[0]?.viewerGoing).toBeUndefined();
  });

  it("counts those going, and tells a member whether they are", async () => {
    const [a, b] = [await registerMember(t, "tonighta"), await registerMember(t, "tonightb")];
    const slot = { date: "2026-11-20", startMinute: 1410 };
    expect((await going(t, "POST", gyms["Late Night BJJ"] ?? 0, slot, a.cookie)).status).toBe(201);
    const late = (list: TonightItem[]) => list.find((o) => o.school.gym === "Late Night BJJ");
    expect(late(await tonight())).toMatchObject({ goingCount: 1 });
    expect(late(await tonight(a.cookie))).toMatchObject({ goingCount: 1, viewerGoing: true });
    expect(late(await tonight(b.cookie))).toMatchObject({ goingCount: 1, viewerGoing: false });
  });

  it("is kept per viewer and point for the minute: a repeat counts no one again, an RSVP shows at once", async () => {
    const m = await registerMember(t, "tonightc");
    const client = t.app.context.database.client;
    const counted: string[] = [];
    const { execute } = client;
    client.execute = ((statement: string | { sql: string }, ...rest: unknown[]) => {
      const text = typeof statement === "string" ? statement : statement.sql;
      if (/json_each/.test(text) && /occurrence_going/.test(text)) counted.push(text);
      return (execute as (...a: unknown[]) => ReturnType<typeof execute>).call(client, statement, ...rest);
    }) as typeof execute;
    try {
      const first = await tonight(m.cookie);
      expect(counted).toHaveLength(1);
      expect(await tonight(m.cookie)).toEqual(first);
      expect(counted).toHaveLength(1);
      const slot = { date: "2026-11-20", startMinute: 1200 };
      expect((await going(t, "POST", gyms["Half Hour BJJ"] ?? 0, slot, m.cookie)).status).toBe(201);
      const after = await tonight(m.cookie);
      expect(counted).toHaveLength(2);
      expect(after.find((o) => o.school.gym === "Half Hour BJJ")).toMatchObject({ viewerGoing: true });
      expect((await going(t, "DELETE", gyms["Half Hour BJJ"] ?? 0, slot, m.cookie)).status).toBe(200);
    } finally {
      client.execute = execute;
    }
  });

  it("the home screen keeps Tonight in its URL: the chip is pressed and the list is Tonight's", async () => {
    const html = await (await t.request("/?open=tonight")).text();
    expect(html).toMatch(/<button[^>]*value="tonight"[^>]*aria-pressed="true"[^>]*>Tonight<\/button>/);
    expect(html).toContain(goingTexts.tonightTitle);
  });

  it("lists nothing far from every gym, and refuses a point that is not one", async () => {
    expect(await tonight(undefined, { latitude: 45, longitude: -120 })).toEqual([]);
    const bad = await t.request("/api/schools/tonight?lng=-97.7");
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      400,
      goingTexts.latitude,
    ]);
    const wide = await t.request("/api/schools/tonight?lat=30&lng=-197");
    expect([wide.status, ((await wide.json()) as { message: string }).message]).toEqual([
      400,
      goingTexts.longitude,
    ]);
  });
});
