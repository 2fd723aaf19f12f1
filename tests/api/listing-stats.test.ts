import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { rmSync } from "node:fs";
import { createClient } from "@libsql/client";
import { authMessages } from "../../src/common/schemas/auth";
import { DAILY_COUNT_MAX, type ListingStats } from "../../src/common/schemas/listing-activity";
import { addSchool, EVERY_DAY, northOf } from "../support/checkins";
import { makeOwner, registerAdmin, rowsOf } from "../support/listing-activity";
import { registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 21 "What the listing does": daily totals per school and kind, and its owners' view of
 * the last 12 weeks. Saturday 11:00 in New York, inside the test schools' 10:30 open mats.
 */
const NOW = new Date("2026-07-11T11:00:00-04:00");
const clock = NOW;
let t: TestApp;
type Member = Awaited<ReturnType<typeof registerMember>>;
let owner: Member;
let stranger: Member;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "stats-admin@example.com" }, { now: () => clock });
  owner = await registerMember(t, "statsowner");
  stranger = await registerMember(t, "statsother");
  admin = await registerAdmin(t, "stats-admin@example.com", "statsadmin");
});
afterAll(() => t.close());

const school = async () => {
  const s = await addSchool(t, { sessions: EVERY_DAY("10:30") });
  await makeOwner(t, s.id, owner.id);
  const [row] = await rowsOf(t, "SELECT slug FROM schools WHERE id = ?", [s.id]);
  return { ...s, slug: String(row?.slug) };
};
const stats = async (id: number, cookie = owner.cookie) => {
  const res = await t.json("GET", `/api/schools/${id}/stats`, undefined, cookie ? { cookie } : {});
  return { status: res.status, body: (await res.json()) as ListingStats & { message?: string } };
};
/** This week's totals (the last of the 12). */
const thisWeek = async (id: number) => (await stats(id)).body.weeks.at(-1);
const beacon = (id: number, kind: unknown, headers: Record<string, string> = {}) =>
  t.json("POST", `/api/schools/${id}/seen`, { kind }, headers);

describe("what is counted", () => {
  it("page views, a guest's cached page too, and calendar downloads", async () => {
    const s = await school();
    for (let i = 0; i < 3; i++) expect((await t.request(`/schools/${s.slug}`)).status).toBe(200);
    // A member's page is rendered for them: counted as well.
    expect((await t.request(`/schools/${s.slug}`, { headers: { cookie: stranger.cookie } })).status).toBe(
      200,
    );
    expect((await t.request(`/schools/${s.slug}.ics`)).status).toBe(200);
    expect(await thisWeek(s.id)).toMatchObject({ view: 4, calendar: 1, detail: 0, directions: 0 });
    // An unknown page counts nothing anywhere.
    expect((await t.request("/schools/no-such-gym")).status).toBe(404);
  });

  it("detail opens and direction taps: a guest's beacon, 204 and no cookie; a bad one is refused and counts nothing", async () => {
    const s = await school();
    const sameOrigin = { "sec-fetch-site": "same-origin" };
    const res = await beacon(s.id, "detail", sameOrigin);
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await beacon(s.id, "directions")).status).toBe(204);
    expect((await beacon(s.id, "directions", { cookie: stranger.cookie })).status).toBe(204);

    const refused = await beacon(s.id, "view");
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([
      400,
      "kind must be one of detail, directions",
    ]);
    expect((await beacon(999_999, "detail")).status).toBe(404);
    const crossSite = await t.request(`/api/schools/${s.id}/seen`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: JSON.stringify({ kind: "detail" }),
    });
    expect(crossSite.status).toBe(403);
    expect(await thisWeek(s.id)).toMatchObject({ detail: 1, directions: 2 });
    // Only the day's totals are stored: school, day, kind and count.
    const rows = await rowsOf(t, "SELECT * FROM school_daily_stats WHERE school_id = ? ORDER BY kind", [
      s.id,
    ]);
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { school_id: s.id, day: "2026-07-11", kind: "detail", count: 1 },
      { school_id: s.id, day: "2026-07-11", kind: "directions", count: 2 },
    ] as never);
  });

  it("beacons sent at once are all counted", async () => {
    const s = await school();
    const answers = await Promise.all(Array.from({ length: 40 }, () => beacon(s.id, "detail")));
    expect(answers.every((r) => r.status === 204)).toBe(true);
    expect((await thisWeek(s.id))?.detail).toBe(40);
  });

  it("a day's count stops at its cap, so a script cannot run one school up without end", async () => {
    const s = await school();
    await rowsOf(t, "INSERT INTO school_daily_stats VALUES (?, '2026-07-11', 'detail', ?)", [
      s.id,
      DAILY_COUNT_MAX - 1,
    ]);
    expect((await beacon(s.id, "detail")).status).toBe(204);
    expect((await beacon(s.id, "detail")).status).toBe(204);
    expect((await thisWeek(s.id))?.detail).toBe(DAILY_COUNT_MAX);
  });

  it("saves, once per member (saving again adds nothing)", async () => {
    const s = await school();
    const save = (who: Member) =>
      t.json("POST", "/api/favorites", { schoolId: s.id }, { cookie: who.cookie });
    expect((await save(stranger)).status).toBeLessThan(300);
    await save(stranger);
    const third = await registerMember(t, "saver");
    expect((await save(third)).status).toBeLessThan(300);
    expect((await thisWeek(s.id))?.save).toBe(2);
  });

  it("verified check-ins: one near now, a far one only once it is verified", async () => {
    const s = await school();
    const near = await t.json(
      "POST",
      "/api/checkins",
      { schoolId: s.id, ...northOf(s, 10) },
      { cookie: stranger.cookie },
    );
    expect(near.status).toBe(201);
    const other = await registerMember(t, "farcheck");
    const far = await t.json(
      "POST",
      "/api/checkins",
      { schoolId: s.id, ...northOf(s, 500), pending: true },
      { cookie: other.cookie },
    );
    expect(far.status).toBe(201);
    expect((await thisWeek(s.id))?.checkin).toBe(1);
    const id = ((await far.json()) as { id: number }).id;
    const verify = () =>
      t.json(
        "PATCH",
        `/api/checkins/${id}/verify`,
        { verified: true, ...northOf(s, 5) },
        { cookie: other.cookie },
      );
    expect((await verify()).status).toBe(200);
    expect((await verify()).status).toBe(409);
    expect((await thisWeek(s.id))?.checkin).toBe(2);
  });
});

describe("GET /api/schools/{id}/stats", () => {
  it("is 12 weeks from Monday (UTC), the current one last, each kind's total, weeks with nothing as zeros", async () => {
    const s = await school();
    const put = (day: string, kind: string, count: number) =>
      rowsOf(t, "INSERT INTO school_daily_stats VALUES (?, ?, ?, ?)", [s.id, day, kind, count]);
    await put("2026-07-06", "view", 5); // Monday of this week
    await put("2026-07-11", "view", 2); // Saturday of this week
    await put("2026-07-05", "save", 3); // Sunday: the week before
    await put("2026-04-20", "calendar", 7); // Monday 11 weeks back: the first week listed
    await put("2026-04-19", "calendar", 100); // the Sunday before it: not listed
    const { status, body } = await stats(s.id);
    expect(status).toBe(200);
    expect(body.weeks.map((w) => w.start)).toEqual([
      "2026-04-20",
      "2026-04-27",
      "2026-05-04",
      "2026-05-11",
      "2026-05-18",
      "2026-05-25",
      "2026-06-01",
      "2026-06-08",
      "2026-06-15",
      "2026-06-22",
      "2026-06-29",
      "2026-07-06",
    ]);
    const zero = { view: 0, detail: 0, directions: 0, calendar: 0, save: 0, checkin: 0 };
    expect(body.weeks[0]).toEqual({ start: "2026-04-20", ...zero, calendar: 7 });
    expect(body.weeks[5]).toEqual({ start: "2026-05-25", ...zero });
    expect(body.weeks[10]).toEqual({ start: "2026-06-29", ...zero, save: 3 });
    expect(body.weeks[11]).toEqual({ start: "2026-07-06", ...zero, view: 7 });
  });

  it("is for the school's owners and admins: another member gets the same 404 as for no school, a guest 401", async () => {
    const s = await school();
    expect((await stats(s.id, owner.cookie)).status).toBe(200);
    expect((await stats(s.id, admin.cookie)).status).toBe(200);
    const other = await stats(s.id, stranger.cookie);
    const missing = await stats(999_999, stranger.cookie);
    expect([other.status, other.body.message]).toEqual([404, "School not found"]);
    expect([missing.status, missing.body.message]).toEqual([404, "School not found"]);
    const guest = await stats(s.id, "");
    expect([guest.status, guest.body.message]).toEqual([401, authMessages.notSignedIn]);
  });
});

describe("page views counted in memory", () => {
  it("are written when the copy stops, and the guest's cached page sends no statement for them", async () => {
    const copy = await createTestApp({}, { now: () => clock });
    const s = await addSchool(copy, { sessions: EVERY_DAY("10:30") });
    const [row] = await rowsOf(copy, "SELECT slug FROM schools WHERE id = ?", [s.id]);
    expect((await copy.request(`/schools/${row?.slug}`)).status).toBe(200);
    const counter = countStatements(copy.app.context.database.client);
    for (let i = 0; i < 3; i++) expect((await copy.request(`/schools/${row?.slug}`)).status).toBe(200);
    expect(counter.n).toBe(0);
    await copy.app.close();
    const file = createClient({ url: `file:${copy.dir}/test.db` });
    const counts = await file.execute({
      sql: "SELECT kind, count FROM school_daily_stats WHERE school_id = ?",
      args: [s.id],
    });
    file.close();
    rmSync(copy.dir, { recursive: true, force: true });
    expect(counts.rows.map((r) => [r.kind, r.count])).toEqual([["view", 4]]);
  });
});
