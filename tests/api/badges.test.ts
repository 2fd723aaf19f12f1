import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  BADGE_CODES,
  BADGE_DEFINITIONS,
  type BadgeAwardView,
  type BadgeDefinition,
  type BadgeProgressView,
  badgeDefinition,
} from "../../src/common/badges";
import type { CheckinResult } from "../../src/common/schemas/checkins";
import { addSchool, EVERY_DAY, insertVerifiedCheckins, northOf } from "../support/checkins";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
const clock = new Date("2026-07-11T11:00:00-04:00");
type Member = Awaited<ReturnType<typeof registerMember>>;
type School = Awaited<ReturnType<typeof addSchool>>;
/** 60 gyms in 60 made-up states, named from A to Z in turn ("A Pool 0", "B Pool 1", …). */
let pool: School[];
/** Two gyms open now: Lima (TX) and Oscar (OK). */
let lima: School;
let oscar: School;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  pool = [];
  for (let i = 0; i < 60; i++) {
    pool.push(await addSchool(t, { gym: `${String.fromCharCode(65 + (i % 26))} Pool ${i}`, state: `P${i}` }));
  }
  lima = await addSchool(t, { gym: "Lima Live", state: "TX", sessions: EVERY_DAY("11:00") });
  oscar = await addSchool(t, { gym: "Oscar Live", state: "OK", sessions: EVERY_DAY("11:00") });
});
afterAll(() => t.close());

const send = (method: string, path: string, m: Member | undefined, body?: unknown) =>
  t.json(method, path, body, m ? { cookie: m.cookie } : {});
const getJson = async <T>(path: string, m: Member) => {
  const res = await send("GET", path, m);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const checkIn = async (m: Member, school: School) => {
  const res = await send("POST", "/api/checkins", m, { schoolId: school.id, ...northOf(school, 5) });
  expect(res.status).toBe(201);
  return (await res.json()) as CheckinResult;
};
const codes = (r: CheckinResult) => r.newBadges.map((b) => b.code);

describe("every threshold: just below is not awarded, reaching it is", () => {
  const cases: [string, (T: number) => School[]][] = [];
  for (const d of BADGE_CODES.map((c) => badgeDefinition(c)).filter((d) => d !== undefined)) {
    if (d.code === "novice") continue;
    const T = d.threshold;
    const prior = (): School[] => {
      switch (d.criteriaType) {
        case "total_checkins":
          return Array.from({ length: T - 2 }, () => pool[0] as School);
        case "unique_gyms":
        case "unique_states":
          return pool.slice(0, T - 2);
        case "alphabet_completion":
          // Every letter but L and O: Lima and Oscar bring those two.
          return pool.slice(0, 26).filter((s) => !/^[LO] /.test(s.gym));
      }
    };
    cases.push([d.code, prior]);
  }

  it("novice on the first verified check-in", async () => {
    const m = await registerMember(t);
    const first = await checkIn(m, lima);
    expect(first.newBadges).toEqual([
      expect.objectContaining({ code: "novice", badgeCode: "novice", metricValue: 1, name: "Novice" }),
    ]);
  });

  it.each(cases)("%s", async (code, prior) => {
    const definition = badgeDefinition(code) as BadgeDefinition;
    const m = await registerMember(t);
    await insertVerifiedCheckins(
      t,
      m.id,
      prior(definition.threshold).map((s) => s.id),
    );
    expect(codes(await checkIn(m, lima))).not.toContain(code);
    const reached = await checkIn(m, oscar);
    expect(codes(reached)).toContain(code);
    expect(reached.newBadges.find((b) => b.code === code)?.metricValue).toBe(definition.threshold);
    const mine = await getJson<BadgeAwardView[]>("/api/badges", m);
    expect(mine.filter((b) => b.badgeCode === code)).toHaveLength(1);
  });

  it("every badge in reach at once, each with its metric's value; the next check-in only what it reaches", async () => {
    const m = await registerMember(t);
    // 9 gyms (A to I) in 9 states, then Lima (L, TX): 10 of everything.
    await insertVerifiedCheckins(
      t,
      m.id,
      pool.slice(0, 9).map((s) => s.id),
    );
    const reachedBy = (n: number) => BADGE_DEFINITIONS.filter((d) => d.threshold <= n).map((d) => d.code);
    const first = await checkIn(m, lima);
    expect(codes(first).sort()).toEqual(reachedBy(10).sort());
    expect(first.newBadges.every((b) => b.metricValue === 10)).toBe(true);
    // Oscar (O, OK) makes 11 of everything: only a threshold of exactly 11 is new.
    const second = await checkIn(m, oscar);
    const exactly11 = BADGE_DEFINITIONS.filter((d) => d.threshold === 11).map((d) => d.code);
    expect(codes(second).sort()).toEqual(exactly11.sort());
    const mine = await getJson<BadgeAwardView[]>("/api/badges", m);
    expect(mine.map((b) => b.badgeCode).sort()).toEqual(reachedBy(11).sort());
  });

  it("a badge in reach is awarded even while the member holds others no longer in reach", async () => {
    const m = await registerMember(t);
    // 9 check-ins at A, then Lima: novice, apprentice and transplant.
    await insertVerifiedCheckins(
      t,
      m.id,
      Array.from({ length: 9 }, () => (pool[0] as School).id),
    );
    expect(codes(await checkIn(m, lima)).sort()).toEqual(["apprentice", "novice", "transplant"]);
    // The check-ins at A go; the badges stay (as many held as now in reach, but not the same).
    await t.app.context.database.client.execute({
      sql: "DELETE FROM checkins WHERE user_id = ? AND school_id = ?",
      args: [m.id, (pool[0] as School).id],
    });
    await insertVerifiedCheckins(t, m.id, [(pool[1] as School).id]);
    // Lima, B and Oscar: three gyms in three states.
    expect(codes(await checkIn(m, oscar)).sort()).toEqual(["hopper", "nomad"]);
  });

  it("unverified check-ins count for nothing", async () => {
    const m = await registerMember(t);
    await insertVerifiedCheckins(
      t,
      m.id,
      [pool[1] as School].map((s) => s.id),
    );
    await t.app.context.database.client.execute({
      sql: "update checkins set verified = 0 where user_id = ?",
      args: [m.id],
    });
    const progress = await getJson<BadgeProgressView>("/api/badges/progress", m);
    expect(progress.totalCheckins).toBe(0);
  });
});

describe("reading badges", () => {
  let owner: Member;
  let other: Member;
  beforeAll(async () => {
    owner = await registerMember(t);
    other = await registerMember(t);
    await insertVerifiedCheckins(
      t,
      owner.id,
      pool.slice(0, 2).map((s) => s.id),
    );
    await checkIn(owner, lima); // 3 check-ins, 3 gyms, 3 states: novice, hopper, transplant, nomad
  });

  it.each([
    ["GET", "/api/badges"],
    ["GET", "/api/badges/1"],
    ["GET", "/api/badges/progress"],
    ["GET", "/api/badges/uncelebrated"],
    ["POST", "/api/badges/1/celebrated"],
    ["GET", "/api/badge-definitions"],
  ])("%s %s is 401 for a guest", async (method, path) => {
    expect((await send(method, path, undefined)).status).toBe(401);
  });

  it("definitions: the 17, for members", async () => {
    const defs = await getJson<BadgeDefinition[]>("/api/badge-definitions", other);
    expect(defs.map((d) => d.code)).toEqual([...BADGE_CODES]);
    expect(Object.keys(defs[0] ?? {}).sort()).toEqual(
      ["category", "code", "criteriaType", "description", "id", "name", "sortOrder", "threshold"].sort(),
    );
  });

  it("own awards and progress with the next closest", async () => {
    const mine = await getJson<BadgeAwardView[]>("/api/badges", owner);
    expect(mine.map((b) => b.badgeCode).sort()).toEqual(["hopper", "nomad", "novice", "transplant"]);
    const progress = await getJson<BadgeProgressView>("/api/badges/progress", owner);
    expect(progress).toEqual({
      totalCheckins: 3,
      uniqueGyms: 3,
      uniqueStates: 3,
      alphabetProgress: 3,
      alphabetLetters: ["A", "B", "L"],
      nextClosest: [
        expect.objectContaining({ code: "apprentice", current: 3, threshold: 10, percent: 30 }),
        expect.objectContaining({ code: "adept", percent: 12 }),
        expect.objectContaining({ code: "expert", percent: 6 }),
        expect.objectContaining({ code: "master", percent: 3 }),
      ],
    });
  });

  it("another member's list and count follow showBadgeCount; a block is 404", async () => {
    const path = `/api/badges/${owner.id}`;
    // showBadgeCount is off by default: no list, and the profile's count is null.
    expect(await getJson<BadgeAwardView[]>(path, other)).toEqual([]);
    expect(
      (await getJson<{ badgeCount: number | null }>(`/api/users/${owner.id}`, other)).badgeCount,
    ).toBeNull();
    expect((await getJson<{ badgeCount: number | null }>(`/api/users/${owner.id}`, owner)).badgeCount).toBe(
      4,
    );
    expect((await send("PATCH", "/api/settings", owner, { showBadgeCount: true })).status).toBe(200);
    expect((await getJson<BadgeAwardView[]>(path, other)).map((b) => b.badgeCode).sort()).toEqual([
      "hopper",
      "nomad",
      "novice",
      "transplant",
    ]);
    expect((await getJson<{ badgeCount: number | null }>(`/api/users/${owner.id}`, other)).badgeCount).toBe(
      4,
    );
    expect((await send("GET", "/api/badges/99999999", other)).status).toBe(404);
    expect((await send("POST", "/api/users/block", other, { userId: owner.id })).status).toBeLessThan(300);
    expect((await send("GET", path, other)).status).toBe(404);
  });

  it("celebration: each new badge once; another member's award is 404", async () => {
    const pending = await getJson<BadgeAwardView[]>("/api/badges/uncelebrated", owner);
    expect(pending).toHaveLength(4);
    const first = pending[0] as BadgeAwardView;
    expect((await send("POST", `/api/badges/${first.id}/celebrated`, other)).status).toBe(404);
    const res = await send("POST", `/api/badges/${first.id}/celebrated`, owner);
    expect([res.status, await res.json()]).toEqual([200, { celebrated: true }]);
    expect((await send("POST", `/api/badges/${first.id}/celebrated`, owner)).status).toBe(200);
    const left = await getJson<BadgeAwardView[]>("/api/badges/uncelebrated", owner);
    expect(left.map((b) => b.id)).not.toContain(first.id);
    expect(left).toHaveLength(3);
    expect((await send("POST", "/api/badges/99999999/celebrated", owner)).status).toBe(404);
  });
});
