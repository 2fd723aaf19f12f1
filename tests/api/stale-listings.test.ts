import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import { scheduleReviewTexts } from "../../src/common/schemas/schedule-review";
import { type StalePage, staleMessages } from "../../src/common/schemas/stale-listings";
import { adminOnlyApiMessage } from "../../src/server/policy/guard";
import { addSchool } from "../support/checkins";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "stale-admin@example.com";
const NOW = new Date("2026-11-20T12:00:00.000Z");
const DAY = 86_400_000;
let t: TestApp;
let memberCookie: string;
let adminCookie: string;
const ids: Record<"fresh" | "old" | "never" | "flagged" | "edge" | "unsure" | "untimed", number> = {
  fresh: 0,
  old: 0,
  never: 0,
  flagged: 0,
  edge: 0,
  unsure: 0,
  untimed: 0,
};
const AMPM = '"2-4": am or pm is not written; read as 2:00 PM–4:00 PM';

const run = (sql: string, args: (string | number)[]) => t.app.context.database.client.execute({ sql, args });
/** Confirms one of the school's sessions `daysAgo` days before NOW, as a verified check-in would. */
const confirmedDaysAgo = (schoolId: number, daysAgo: number) =>
  run("UPDATE open_mat_sessions SET last_confirmed_at = ? WHERE school_id = ? AND weekday = 6", [
    NOW.getTime() - daysAgo * DAY,
    schoolId,
  ]);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  memberCookie = (await registerMember(t, "stalemember")).cookie;
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "staleadmin",
    email: ADMIN_EMAIL,
    password: "stale admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
  const sessions: [number, string][] = [
    [6, "10:00"],
    [0, "10:00"],
  ];
  ids.fresh = (await addSchool(t, { gym: "Fresh Academy", sessions })).id;
  ids.old = (await addSchool(t, { gym: "Old Academy", sessions })).id;
  ids.never = (await addSchool(t, { gym: "Never Academy", sessions })).id;
  ids.flagged = (await addSchool(t, { gym: "Flagged Academy", sessions })).id;
  ids.edge = (await addSchool(t, { gym: "Edge Academy", sessions })).id;
  await confirmedDaysAgo(ids.fresh, 10);
  await confirmedDaysAgo(ids.old, 100);
  await confirmedDaysAgo(ids.flagged, 5);
  await confirmedDaysAgo(ids.edge, 89);
  await run("UPDATE schools SET schedule_unparsed = ? WHERE id = ?", [
    JSON.stringify(["Ten Round thing at noonish", "<script>x</script>"]),
    ids.flagged,
  ]);
  // A session read with a review reason (confirmed by a check-in lately: still to check), and
  // a day with no time listed.
  ids.unsure = (await addSchool(t, { gym: "Unsure Academy", sessions })).id;
  await confirmedDaysAgo(ids.unsure, 3);
  await run(
    "UPDATE open_mat_sessions SET start_minute = 840, end_minute = 960, review = ? WHERE school_id = ? AND weekday = 6",
    [JSON.stringify([AMPM]), ids.unsure],
  );
  ids.untimed = (await addSchool(t, { gym: "Untimed Academy", sessions })).id;
  await confirmedDaysAgo(ids.untimed, 4);
  await run("UPDATE schools SET schedule_untimed = ? WHERE id = ?", [
    JSON.stringify([{ weekday: 3, start: null, end: null, notes: [], timeNotListed: true }]),
    ids.untimed,
  ]);
});
afterAll(() => t.close());

const get = (query: string, cookie?: string) =>
  t.request(`/api/admin/stale-schools${query}`, { headers: cookie ? { cookie } : {} });
async function page(query: string): Promise<StalePage> {
  const res = await get(query, adminCookie);
  expect(res.status).toBe(200);
  return (await res.json()) as StalePage;
}

describe("GET /api/admin/stale-schools", () => {
  it("answers a guest 401 and a member 403, as the other admin endpoints do", async () => {
    const guest = await get("");
    expect([guest.status, ((await guest.json()) as { message: string }).message]).toEqual([
      401,
      authMessages.notSignedIn,
    ]);
    const member = await get("?kind=flagged", memberCookie);
    expect([member.status, ((await member.json()) as { message: string }).message]).toEqual([
      403,
      adminOnlyApiMessage,
    ]);
    // The same answers as the reports queue's.
    expect((await t.request("/api/admin/reports")).status).toBe(401);
    expect((await t.request("/api/admin/reports", { headers: { cookie: memberCookie } })).status).toBe(403);
  });

  it("lists the schools no check-in confirmed in 90 days, never-confirmed first, flagged ones left out", async () => {
    const body = await page("?kind=unconfirmed");
    expect(body.kind).toBe("unconfirmed");
    expect(body.schools.map((s) => s.id)).toEqual([ids.never, ids.old]);
    expect(body.total).toBe(2);
    expect(body.nextOffset).toBeNull();
    const [never, old] = body.schools;
    expect(never).toMatchObject({
      gym: "Never Academy",
      city: "Testville",
      state: "NY",
      lastConfirmedAt: null,
    });
    expect(never?.slug).toMatch(/^checkin-test-/);
    expect(old?.lastConfirmedAt).toBe(new Date(NOW.getTime() - 100 * DAY).toISOString());
    expect(old?.unparsed).toEqual([]);
    // 'unconfirmed' is the default list.
    expect((await page("")).schools.map((s) => s.id)).toEqual([ids.never, ids.old]);
  });

  it("lists the schedules to check with their unreadable lines and readings, whatever their check-ins", async () => {
    const body = await page("?kind=flagged");
    const listed = (id: number, gym: string, daysAgo: number) => ({
      id,
      slug: expect.stringMatching(/^checkin-test-/),
      gym,
      city: "Testville",
      state: "NY",
      lastConfirmedAt: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
      unparsed: [],
      dayAndTime: "see sessions",
      checks: [],
    });
    expect(body.schools).toEqual([
      {
        ...listed(ids.flagged, "Flagged Academy", 5),
        unparsed: ["Ten Round thing at noonish", "<script>x</script>"],
      },
      {
        ...listed(ids.untimed, "Untimed Academy", 4),
        checks: [{ session: "Wed (time not listed)", reasons: [scheduleReviewTexts.noStartTime] }],
      },
      {
        ...listed(ids.unsure, "Unsure Academy", 3),
        checks: [{ session: "Sat 2:00 PM–4:00 PM", reasons: [AMPM] }],
      },
    ]);
    expect([body.total, body.nextOffset]).toEqual([3, null]);
  });

  it("pages with limit and offset", async () => {
    const first = await page("?kind=unconfirmed&limit=1");
    expect(first.schools.map((s) => s.id)).toEqual([ids.never]);
    expect([first.total, first.nextOffset]).toEqual([2, 1]);
    const second = await page(`?kind=unconfirmed&limit=1&offset=${first.nextOffset}`);
    expect(second.schools.map((s) => s.id)).toEqual([ids.old]);
    expect(second.nextOffset).toBeNull();
    expect((await page("?kind=unconfirmed&offset=50")).schools).toEqual([]);
  });

  it("refuses a bad query with a 400 and its message", async () => {
    const cases: [string, string][] = [
      ["?kind=everything", staleMessages.kindInvalid],
      ["?limit=0", staleMessages.limitInvalid],
      ["?limit=101", staleMessages.limitInvalid],
      ["?limit=ten", staleMessages.limitInvalid],
      ["?offset=-1", staleMessages.offsetInvalid],
      ["?offset=1.5", staleMessages.offsetInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await get(query, adminCookie);
      expect([query, res.status, ((await res.json()) as { message: string }).message]).toEqual([
        query,
        400,
        message,
      ]);
    }
  });
});

describe("Stale listings and the admin's confirmation", () => {
  const confirm = (id: number, body: unknown = {}) =>
    t.json("POST", `/api/admin/schools/${id}/schedule/confirm`, body, { cookie: adminCookie });
  const flaggedIds = async () => (await page("?kind=flagged&limit=100")).schools.map((s) => s.id);

  it("a confirmed reading leaves the flagged list, and joins the unconfirmed one if no check-in confirmed it", async () => {
    expect(await flaggedIds()).toEqual([ids.flagged, ids.untimed, ids.unsure]);
    expect((await confirm(ids.unsure, { dayAndTime: "see sessions" })).status).toBe(200);
    expect((await confirm(ids.flagged)).status).toBe(200);
    expect(await flaggedIds()).toEqual([ids.untimed]);
    // Flagged Academy's last check-in was 5 days ago, Unsure Academy's 3: neither is stale.
    expect((await page("?kind=unconfirmed")).schools.map((s) => s.id)).toEqual([ids.never, ids.old]);
    await run("UPDATE open_mat_sessions SET last_confirmed_at = NULL WHERE school_id = ?", [ids.unsure]);
    const unconfirmed = await page("?kind=unconfirmed");
    expect(unconfirmed.schools.map((s) => s.id)).toEqual([ids.never, ids.unsure, ids.old]);
    // On the unconfirmed list a school has nothing to check.
    expect(unconfirmed.schools[1]?.checks).toEqual([]);
  });

  it("a changed schedule text brings the school back to check", async () => {
    await run("UPDATE schools SET day_and_time = 'Sat 2-4' WHERE id = ?", [ids.unsure]);
    // Never confirmed by a check-in now: first.
    expect(await flaggedIds()).toEqual([ids.unsure, ids.untimed]);
    const unsure = (await page("?kind=flagged")).schools.find((s) => s.id === ids.unsure);
    expect(unsure?.dayAndTime).toBe("Sat 2-4");
  });
});
