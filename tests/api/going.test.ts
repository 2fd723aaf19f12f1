/**
 * Going to an open mat (issue 22): POST and DELETE …/going with every refusal (past, started,
 * cancelled, not on the schedule, twice, taken back after the start), the counts on the
 * occurrences API, who sees whose name (showGoing x follows x blocks), the setting itself,
 * and a verified check-in marking those going as having come ('N went last week').
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  type GoingChange,
  type GoingNames,
  goingTexts,
  type OccurrenceGoing,
} from "../../src/common/schemas/going";
import type { OccurrenceView } from "../../src/common/schemas/schedule-exceptions";
import { addSchool, northOf } from "../support/checkins";
import { changeOpenMat, going, goingRows, type Member, registerAdmin } from "../support/going";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "going-admin@example.com";
// Friday 20 November 2026, noon in New York.
let now = new Date("2026-11-20T17:00:00.000Z");
let t: TestApp;
let adminCookie: string;
let gym: Awaited<ReturnType<typeof addSchool>>;
let a: Member;
let b: Member;

const FRI_EVENING = { date: "2026-11-20", startMinute: 1140 };
const FRI_MORNING = { date: "2026-11-20", startMinute: 540 };
const SUNDAY = { date: "2026-11-22", startMinute: 600 };
const NEXT_FRIDAY = { date: "2026-11-27", startMinute: 1140 };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => now });
  adminCookie = await registerAdmin(t, ADMIN_EMAIL, "goingadmin");
  gym = await addSchool(t, {
    gym: "Going Academy",
    sessions: [
      [5, "09:00"],
      [5, "19:00"],
      [0, "10:00"],
    ],
  });
  a = await registerMember(t, "goinga");
  b = await registerMember(t, "goingb");
});
afterAll(() => t.close());

const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as GoingChange });
const occurrences = async (cookie?: string) =>
  (
    (await (
      await t.request(`/api/schools/${gym.id}/occurrences`, { headers: cookie ? { cookie } : {} })
    ).json()) as { occurrences: (OccurrenceView & OccurrenceGoing)[] }
  ).occurrences;

describe("saying you are going", () => {
  it("201 the first time, with the count and the start; 200 and the same answer again", async () => {
    const first = await answer(await going(t, "POST", gym.id, FRI_EVENING, a.cookie));
    expect(first).toEqual({
      status: 201,
      body: { going: true, count: 1, startsAt: "2026-11-20T19:00:00-05:00" },
    });
    const again = await answer(await going(t, "POST", gym.id, FRI_EVENING, a.cookie));
    expect(again).toEqual({ ...first, status: 200 });
    expect(await goingRows(t, gym.id)).toEqual([
      {
        slot: "2026-11-20@1140",
        userId: a.id,
        startsAt: "2026-11-21T00:00:00.000Z",
        came: false,
        reminded: false,
      },
    ]);
  });

  it("the occurrences API counts them for everyone, and tells a member whether they are going", async () => {
    expect((await going(t, "POST", gym.id, FRI_EVENING, b.cookie)).status).toBe(201);
    const of = (list: (OccurrenceView & OccurrenceGoing)[]) =>
      list.find((o) => o.date === FRI_EVENING.date && o.start === FRI_EVENING.startMinute);
    expect(of(await occurrences())).toMatchObject({ goingCount: 2 });
    expect(of(await occurrences())?.viewerGoing).toBeUndefined();
    expect(of(await occurrences(a.cookie))).toMatchObject({ goingCount: 2, viewerGoing: true });
    const other = await registerMember(t, "goingother");
    expect(of(await occurrences(other.cookie))).toMatchObject({ goingCount: 2, viewerGoing: false });
    expect((await occurrences()).find((o) => o.date === SUNDAY.date)).toMatchObject({ goingCount: 0 });
  });

  it.each([
    ["one that has started", FRI_MORNING, 422, goingTexts.started],
    ["a past date", { date: "2026-11-13", startMinute: 1140 }, 422, goingTexts.started],
    ["a slot with no open mat", { date: "2026-11-21", startMinute: 1140 }, 404, goingTexts.noOccurrence],
    ["another start that day", { date: "2026-11-20", startMinute: 1141 }, 404, goingTexts.noOccurrence],
  ])("refuses %s, changing nothing", async (_what, slot, status, message) => {
    const before = await goingRows(t, gym.id);
    const res = await going(t, "POST", gym.id, slot, a.cookie);
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([status, message]);
    expect(await goingRows(t, gym.id)).toEqual(before);
  });

  it("refuses a cancelled open mat with 409", async () => {
    expect((await changeOpenMat(t, adminCookie, gym.id, { ...SUNDAY, reason: "Tournament" })).status).toBe(
      201,
    );
    const res = await going(t, "POST", gym.id, SUNDAY, a.cookie);
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
      409,
      goingTexts.cancelled,
    ]);
    expect((await goingRows(t, gym.id)).filter((r) => r.slot.startsWith(SUNDAY.date))).toEqual([]);
  });

  it("a moved open mat is gone to by its own slot and starts at its new time; its new slot is not one", async () => {
    const moved = await changeOpenMat(t, adminCookie, gym.id, {
      ...NEXT_FRIDAY,
      reason: "Seminar",
      moveTo: { date: "2026-11-28", start: 720 },
    });
    expect(moved.status).toBe(201);
    expect(await answer(await going(t, "POST", gym.id, NEXT_FRIDAY, a.cookie))).toEqual({
      status: 201,
      body: { going: true, count: 1, startsAt: "2026-11-28T12:00:00-05:00" },
    });
    expect((await going(t, "POST", gym.id, { date: "2026-11-28", startMinute: 720 }, a.cookie)).status).toBe(
      404,
    );
    const listed = (await occurrences(a.cookie)).find((o) => o.movedFrom?.date === NEXT_FRIDAY.date);
    expect(listed).toMatchObject({ date: "2026-11-28", start: 720, goingCount: 1, viewerGoing: true });
  });

  it("asks a guest to sign in; names a bad slot or school", async () => {
    expect((await going(t, "POST", gym.id, FRI_EVENING)).status).toBe(401);
    const bad = async (path: string) => {
      const res = await t.json("POST", path, undefined, { cookie: a.cookie });
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    const base = `/api/schools/${gym.id}/occurrences`;
    expect(await bad(`${base}/2026-02-30/600/going`)).toEqual([400, goingTexts.dateInvalid]);
    expect(await bad(`${base}/2026-11-22/1440/going`)).toEqual([400, goingTexts.startMinuteInvalid]);
    expect(await bad(`${base}/2026-11-22/ten/going`)).toEqual([400, goingTexts.startMinuteInvalid]);
    expect(await bad("/api/schools/999999/occurrences/2026-11-22/600/going")).toEqual([
      404,
      goingTexts.schoolNotFound,
    ]);
  });
});

describe("taking it back", () => {
  it("until the open mat starts: 200 with the new count, again 200; after the start, 422 and it stays", async () => {
    const other = await registerMember(t, "goingtakeback");
    expect((await going(t, "POST", gym.id, FRI_EVENING, other.cookie)).status).toBe(201);
    expect(await answer(await going(t, "DELETE", gym.id, FRI_EVENING, other.cookie))).toEqual({
      status: 200,
      body: { going: false, count: 2 },
    });
    expect((await answer(await going(t, "DELETE", gym.id, FRI_EVENING, other.cookie))).status).toBe(200);
    const saved = now;
    now = new Date("2026-11-21T00:01:00.000Z");
    try {
      const late = await going(t, "DELETE", gym.id, FRI_EVENING, a.cookie);
      expect([late.status, ((await late.json()) as { message: string }).message]).toEqual([
        422,
        goingTexts.takeBackStarted,
      ]);
      expect(
        (await goingRows(t, gym.id)).some((r) => r.slot === "2026-11-20@1140" && r.userId === a.id),
      ).toBe(true);
    } finally {
      now = saved;
    }
  });
});

describe("who is going: names as each one's showGoing allows", () => {
  it("everyone, followers (those who follow them) and nobody, with blocks; the count is whole for all", async () => {
    const school = await addSchool(t, { gym: "Names Academy", sessions: [[0, "10:00"]] });
    const [open, shy, hidden, follower, stranger, blocker] = await Promise.all(
      ["gopen", "gshy", "ghidden", "gfollower", "gstranger", "gblocker"].map((p) => registerMember(t, p)),
    );
    if (!open || !shy || !hidden || !follower || !stranger || !blocker) throw new Error("members");
    const patch = async (m: Member, showGoing: string) =>
      (await t.json("PATCH", "/api/settings", { showGoing }, { cookie: m.cookie })).status;
    expect(await patch(open, "everyone")).toBe(200);
    expect(await patch(hidden, "nobody")).toBe(200);
    // `shy` keeps the default: followers.
    for (const m of [open, shy, hidden])
      expect((await going(t, "POST", school.id, SUNDAY, m.cookie)).status).toBe(201);
    const follow = (who: Member, whom: Member) =>
      t.json("POST", "/api/users/follow", { followingId: whom.id }, { cookie: who.cookie });
    expect((await follow(follower, shy)).status).toBeLessThan(300);
    expect((await follow(follower, hidden)).status).toBeLessThan(300);
    // `shy` follows `stranger`: that is not `stranger` following `shy`.
    expect((await follow(shy, stranger)).status).toBeLessThan(300);
    const block = await t.json("POST", "/api/users/block", { userId: open.id }, { cookie: blocker.cookie });
    expect(block.status).toBeLessThan(300);
    const names = async (m?: Member) => {
      const body = (await (await going(t, "GET", school.id, SUNDAY, m?.cookie)).json()) as GoingNames;
      return { count: body.count, names: body.names.map((n) => n.username), viewerGoing: body.viewerGoing };
    };
    expect(await names(follower)).toEqual({
      count: 3,
      names: [open.username, shy.username],
      viewerGoing: false,
    });
    expect(await names(stranger)).toEqual({ count: 3, names: [open.username], viewerGoing: false });
    expect(await names(blocker)).toEqual({ count: 3, names: [], viewerGoing: false });
    expect(await names(hidden)).toEqual({
      count: 3,
      names: [open.username, hidden.username],
      viewerGoing: true,
    });
    expect(await names(shy)).toEqual({ count: 3, names: [open.username, shy.username], viewerGoing: true });
    expect(await names()).toEqual({ count: 3, names: [], viewerGoing: false });
  });

  it("showGoing is one of three words, kept on the settings", async () => {
    const m = await registerMember(t, "gsettings");
    const get = async () =>
      (
        (await (await t.request("/api/settings", { headers: { cookie: m.cookie } })).json()) as {
          showGoing: string;
        }
      ).showGoing;
    expect(await get()).toBe("followers");
    const bad = await t.json("PATCH", "/api/settings", { showGoing: "friends" }, { cookie: m.cookie });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      400,
      goingTexts.showGoingInvalid,
    ]);
    expect(await get()).toBe("followers");
    expect(
      (await t.json("PATCH", "/api/settings", { showGoing: "nobody" }, { cookie: m.cookie })).status,
    ).toBe(200);
    expect(await get()).toBe("nobody");
  });
});

describe("the school page", () => {
  it("each scheduled open mat has 'I'm going' with its count; the member's own state only on a member's page", async () => {
    const slug = (
      await t.app.context.database.client.execute({
        sql: "SELECT slug FROM schools WHERE id = ?",
        args: [gym.id],
      })
    ).rows[0]?.slug;
    const page = async (cookie?: string) =>
      (await t.request(`/schools/${slug}`, { headers: cookie ? { cookie } : {} })).text();
    const propsOf = (html: string) =>
      [...html.matchAll(/<script type="application\/json" id="island-\d+-props">([^<]*)<\/script>/g)]
        .map((m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>)
        .filter((p) => p.slot !== undefined);
    const evening = (html: string) =>
      propsOf(html).find((p) => JSON.stringify(p.slot) === JSON.stringify(FRI_EVENING));
    // Tonight's 7 PM open mat has two going (a and b, from the tests above).
    expect(evening(await page())).toEqual({
      schoolId: gym.id,
      slot: FRI_EVENING,
      count: 2,
      viewerGoing: null,
      signedIn: false,
      label: "Fri, Nov 20, 7:00 PM",
      started: false,
    });
    expect(evening(await page(a.cookie))).toMatchObject({ count: 2, viewerGoing: true, signedIn: true });
    // A guest's page, served again from the cache, still names nobody's own state.
    expect(evening(await page())?.viewerGoing).toBeNull();
    // This morning's has started: its count only; Sunday's is cancelled: no control at all.
    expect(
      propsOf(await page()).find((p) => JSON.stringify(p.slot) === JSON.stringify(FRI_MORNING)),
    ).toMatchObject({
      started: true,
    });
    expect(propsOf(await page()).some((p) => JSON.stringify(p.slot) === JSON.stringify(SUNDAY))).toBe(false);
  });
});

describe("came, and 'N went last week'", () => {
  it("a verified check-in at the open mat marks those going as having come; the school page counts them", async () => {
    const school = await addSchool(t, { gym: "Came Academy", sessions: [[5, "19:00"]] });
    const [goer, other] = [await registerMember(t, "gcame"), await registerMember(t, "gnotcame")];
    expect((await going(t, "POST", school.id, FRI_EVENING, goer.cookie)).status).toBe(201);
    expect((await going(t, "POST", school.id, FRI_EVENING, other.cookie)).status).toBe(201);
    const slug = (
      await t.app.context.database.client.execute({
        sql: "SELECT slug FROM schools WHERE id = ?",
        args: [school.id],
      })
    ).rows[0]?.slug;
    const schoolPage = async () => (await t.request(`/schools/${slug}`)).text();
    expect(await schoolPage()).not.toContain("went last week");
    const saved = now;
    now = new Date("2026-11-21T00:10:00.000Z");
    try {
      const checkin = await t.json(
        "POST",
        "/api/checkins",
        { schoolId: school.id, ...northOf(school, 0) },
        { cookie: goer.cookie },
      );
      expect(checkin.status).toBe(201);
      expect((await goingRows(t, school.id)).map((r) => [r.userId, r.came])).toEqual([
        [goer.id, true],
        [other.id, false],
      ]);
      now = new Date("2026-11-23T17:00:00.000Z");
      expect(await schoolPage()).toContain(goingTexts.wentLastWeek(1));
      now = new Date("2026-11-29T17:00:00.000Z");
      expect(await schoolPage()).not.toContain("went last week");
    } finally {
      now = saved;
    }
  });
});
