import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
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
const ids: Record<"fresh" | "old" | "never" | "flagged" | "edge", number> = {
  fresh: 0,
  old: 0,
  never: 0,
  flagged: 0,
  edge: 0,
};

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

  it("lists the flagged schedules with their unreadable lines, whatever their confirmation", async () => {
    const body = await page("?kind=flagged");
    expect(body.schools).toEqual([
      {
        id: ids.flagged,
        slug: expect.stringMatching(/^checkin-test-/),
        gym: "Flagged Academy",
        city: "Testville",
        state: "NY",
        lastConfirmedAt: new Date(NOW.getTime() - 5 * DAY).toISOString(),
        unparsed: ["Ten Round thing at noonish", "<script>x</script>"],
      },
    ]);
    expect([body.total, body.nextOffset]).toEqual([1, null]);
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
