import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type CheckinResult, type CheckinView, checkinMessages } from "../../src/common/schemas/checkins";
import { staleSchools } from "../../src/server/features/checkins/service";
import { addSchool, EVERY_DAY, northOf } from "../support/checkins";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
/** The app's clock: Saturday 2026-07-11, 11:00 in New York, unless a test moves it. */
const SAT_11_NY = new Date("2026-07-11T11:00:00-04:00");
let clock = SAT_11_NY;
type Member = Awaited<ReturnType<typeof registerMember>>;
type School = Awaited<ReturnType<typeof addSchool>>;
let gym: School;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  gym = await addSchool(t, { sessions: EVERY_DAY("11:00") });
});
afterAll(() => t.close());

const sql = async (q: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql: q, args })).rows;
const send = (method: string, path: string, m: Member | undefined, body?: unknown) =>
  t.json(method, path, body, m ? { cookie: m.cookie } : {});
const checkIn = (m: Member, school: School, meters = 0, extra: Record<string, unknown> = {}) =>
  send("POST", "/api/checkins", m, { schoolId: school.id, ...northOf(school, meters), ...extra });
const at = (iso: string) => {
  clock = new Date(iso);
};

describe("guards and bad input", () => {
  let m: Member;
  beforeAll(async () => {
    clock = SAT_11_NY;
    m = await registerMember(t);
  });

  it.each([
    ["GET", "/api/checkins"],
    ["POST", "/api/checkins"],
    ["PATCH", "/api/checkins/1/verify"],
    ["GET", "/api/checkins/user/1"],
    ["DELETE", "/api/checkins/1"],
  ])("%s %s is 401 for a guest", async (method, path) => {
    const res = await send(method, path, undefined, method === "GET" ? undefined : {});
    expect(res.status).toBe(401);
  });

  const ok = () => ({ schoolId: gym.id, latitude: gym.latitude, longitude: gym.longitude });
  it.each([
    ["latitude as a string", { latitude: "40.7" }],
    ["latitude null (no position)", { latitude: null }],
    ["longitude missing", { longitude: undefined }],
    ["latitude above 90", { latitude: 90.5 }],
    ["latitude below -90", { latitude: -91 }],
    ["longitude above 180", { longitude: 181 }],
    ["schoolId as a string", { schoolId: "1" }],
    ["schoolId 0", { schoolId: 0 }],
    ["schoolId fractional", { schoolId: 1.5 }],
    ["pending not a boolean", { pending: "yes" }],
  ])("%s is 400 and stores nothing", async (_name, change) => {
    const res = await send("POST", "/api/checkins", m, { ...ok(), ...change });
    expect(res.status).toBe(400);
    expect(await sql("select count(*) from checkins where user_id = ?", [m.id])).toEqual([
      expect.objectContaining({ 0: 0 }),
    ]);
  });

  it("a missing position says location required", async () => {
    const res = await send("POST", "/api/checkins", m, { ...ok(), latitude: null });
    expect(JSON.stringify(await res.json())).toContain(checkinMessages.locationRequired);
  });

  it("an unknown school is 404", async () => {
    const res = await send("POST", "/api/checkins", m, { ...ok(), schoolId: 987654 });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(checkinMessages.schoolNotFound);
  });

  it("bad ids in the path are 400", async () => {
    expect((await send("DELETE", "/api/checkins/abc", m)).status).toBe(400);
    expect((await send("GET", "/api/checkins/user/-1", m)).status).toBe(400);
  });
});

describe("distance", () => {
  it("60 m passes, 62 m fails with the rounded distance", async () => {
    clock = SAT_11_NY;
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const far = await checkIn(a, gym, 62);
    expect(far.status).toBe(400);
    // In feet a person reads (issue 23), rounded up: 62 m is 203 ft, never shown as "200 feet".
    expect(((await far.json()) as { message: string }).message).toBe(
      "Too far away: You must be within 200 feet of the gym to check in. You are 210 feet away.",
    );
    const near = await checkIn(b, gym, 60);
    expect(near.status).toBe(201);
    const body = (await near.json()) as CheckinResult;
    expect(body.verified).toBe(true);
    expect(body.distanceMeters).toBeCloseTo(60, 3);
    expect(body.school).toEqual({
      gym: gym.gym,
      city: "Testville",
      slug: expect.any(String),
      timeZone: expect.any(String),
    });
    expect(body.newBadges.map((b) => b.code)).toEqual(["novice"]);
    expect(await sql("select count(*) from checkins where user_id = ?", [a.id])).toEqual([
      expect.objectContaining({ 0: 0 }),
    ]);
  });

  it("never stores the position", async () => {
    const columns = (await sql("select name from pragma_table_info('checkins')")).map((r) => r[0]);
    expect(columns).not.toContain("latitude");
    expect(columns).not.toContain("longitude");
  });
});

describe("the open-mat window, in the gym's own zone", () => {
  let ny: School;
  let springNy: School;
  let fallNy: School;
  let phoenix: School;
  let honolulu: School;
  beforeAll(async () => {
    ny = await addSchool(t, { sessions: [[6, "11:00"]] });
    springNy = await addSchool(t, { sessions: [[0, "01:30"]] });
    fallNy = await addSchool(t, { sessions: [[0, "00:30"]] });
    phoenix = await addSchool(t, {
      state: "AZ",
      latitude: 33.4484,
      longitude: -112.074,
      timeZone: "America/Phoenix",
      sessions: [[6, "09:00"]],
    });
    honolulu = await addSchool(t, {
      state: "HI",
      latitude: 21.2766,
      longitude: -157.8277,
      timeZone: "Pacific/Honolulu",
      sessions: [[6, "18:00"]],
    });
  });

  const cases: [string, () => School, string, number][] = [
    ["19 min before", () => ny, "2026-07-11T10:41:00-04:00", 201],
    ["21 min before", () => ny, "2026-07-11T10:39:00-04:00", 400],
    ["120 min after", () => ny, "2026-07-11T13:00:00-04:00", 201],
    // The same minute as the one before, whose schedule this copy keeps: judged at the instant.
    ["120½ min after", () => ny, "2026-07-11T13:00:30-04:00", 400],
    ["121 min after", () => ny, "2026-07-11T13:01:00-04:00", 400],
    ["spring forward: 120 real minutes after 1:30 EST", () => springNy, "2026-03-08T04:30:00-04:00", 201],
    ["spring forward: 121 real minutes after", () => springNy, "2026-03-08T04:31:00-04:00", 400],
    ["fall back: first 1:40 AM (70 min after 12:30)", () => fallNy, "2026-11-01T01:40:00-04:00", 201],
    ["fall back: second 1:40 AM (130 min after)", () => fallNy, "2026-11-01T01:40:00-05:00", 400],
    ["Phoenix 11:00 MST (UTC-7 in July)", () => phoenix, "2026-07-11T18:00:00Z", 201],
    ["Phoenix 11:01 MST", () => phoenix, "2026-07-11T18:01:00Z", 400],
    ["Honolulu 18:30 HST across the mainland change", () => honolulu, "2026-03-08T04:30:00Z", 201],
    ["Honolulu 20:01 HST", () => honolulu, "2026-03-08T06:01:00Z", 400],
  ];
  it.each(cases)("%s", async (_name, school, iso, status) => {
    at(iso); // registered at the same instant, so the session is fresh
    const m = await registerMember(t);
    const res = await checkIn(m, school());
    const body = (await res.json()) as { message?: string };
    expect([res.status, body.message ?? ""]).toEqual([
      status,
      status === 400 ? checkinMessages.noOpenMat : "",
    ]);
    clock = SAT_11_NY;
  });

  it("stores the gym's local date", async () => {
    const m = await registerMember(t);
    at("2026-07-12T04:30:00Z"); // Sat 18:30 in Honolulu, already Sunday in UTC
    const res = await checkIn(m, honolulu);
    expect(((await res.json()) as CheckinView).localDate).toBe("2026-07-11");
    clock = SAT_11_NY;
  });
});

describe("one check-in per school per local day", () => {
  it("parallel POSTs: one 201, the rest 409; the next local day is allowed", async () => {
    clock = SAT_11_NY;
    const m = await registerMember(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkIn(m, gym)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) {
      expect(((await r.json()) as { message: string }).message).toBe(checkinMessages.alreadyToday);
    }
    expect((await checkIn(m, gym)).status).toBe(409);
    at("2026-07-12T11:00:00-04:00");
    expect((await checkIn(m, gym)).status).toBe(201);
    clock = SAT_11_NY;
    expect(await sql("select count(*) from checkins where user_id = ?", [m.id])).toEqual([
      expect.objectContaining({ 0: 2 }),
    ]);
  });
});

describe("check-ins sent at once by different members", () => {
  it("each is its own: one row, one feed card and the first badge each, with its own answer", async () => {
    clock = SAT_11_NY;
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t)));
    // A member already checked in today is refused with 409 beside the others, changing nothing of theirs.
    const again = members[0] as Member;
    expect((await checkIn(again, gym)).status).toBe(201);
    const answers = await Promise.all(members.map((m) => checkIn(m, gym)));
    expect(answers.map((r) => r.status)).toEqual([409, 201, 201, 201, 201, 201]);
    for (const [i, res] of answers.entries()) {
      if (i === 0) continue;
      const body = (await res.json()) as CheckinResult;
      const [row] = await sql("select user_id, school_id from checkins where id = ?", [body.id]);
      expect(Number(row?.[0])).toBe((members[i] as Member).id);
      expect(Number(row?.[1])).toBe(gym.id);
      expect(body.newBadges.map((b) => b.code)).toContain("novice");
    }
    for (const m of members) {
      const [cards] = await sql("select count(*) from posts where user_id = ? and checkin_id is not null", [
        m.id,
      ]);
      expect(Number(cards?.[0])).toBe(1);
      const [rows] = await sql("select count(*) from checkins where user_id = ?", [m.id]);
      expect(Number(rows?.[0])).toBe(1);
    }
  });
});

describe("listing freshness", () => {
  it("a verified check-in confirms its session and school in the same write", async () => {
    clock = SAT_11_NY;
    const school = await addSchool(t, {
      sessions: [
        [6, "10:30"],
        [3, "19:00"],
      ],
    });
    const m = await registerMember(t);
    expect((await staleSchools(t.app.context.database.db, clock, 90, 10_000)).map((s) => s.id)).toContain(
      school.id,
    );
    expect((await checkIn(m, school)).status).toBe(201);
    const sessions = await sql(
      "select weekday, last_confirmed_at from open_mat_sessions where school_id = ? order by weekday",
      [school.id],
    );
    expect(sessions.map((r) => [r[0], r[1]])).toEqual([
      [3, null],
      [6, clock.getTime()],
    ]);
    expect((await sql("select last_verified_at from schools where id = ?", [school.id]))[0]?.[0]).toBe(
      clock.getTime(),
    );
    const stale = await staleSchools(t.app.context.database.db, clock, 90, 10_000);
    expect(stale.map((s) => s.id)).not.toContain(school.id);
    // Another check-in within the hour leaves the confirmation as it is; one after it moves it.
    const confirmedAt = async () => [
      (await sql("select last_verified_at from schools where id = ?", [school.id]))[0]?.[0],
      (
        await sql("select last_confirmed_at from open_mat_sessions where school_id = ? and weekday = 6", [
          school.id,
        ])
      )[0]?.[0],
    ];
    const first = clock.getTime();
    clock = new Date(first + 30 * 60_000);
    expect((await checkIn(await registerMember(t), school)).status).toBe(201);
    expect(await confirmedAt()).toEqual([first, first]);
    clock = new Date(first + 61 * 60_000);
    expect((await checkIn(await registerMember(t), school)).status).toBe(201);
    expect(await confirmedAt()).toEqual([clock.getTime(), clock.getTime()]);
    clock = new Date(first);
    // 91 days on it is stale again.
    const later = new Date(clock.getTime() + 91 * 86_400_000);
    expect((await staleSchools(t.app.context.database.db, later, 90, 10_000)).map((s) => s.id)).toContain(
      school.id,
    );
    expect(await staleSchools(t.app.context.database.db, later, 90, 1)).toHaveLength(1);
  });
});

describe("all in one transaction", () => {
  it("a failing badge insert leaves no check-in and no freshness", async () => {
    clock = SAT_11_NY;
    const school = await addSchool(t, { sessions: [[6, "11:00"]] });
    const m = await registerMember(t);
    await sql(
      "CREATE TRIGGER badge_awards_fail BEFORE INSERT ON badge_awards BEGIN SELECT RAISE(ABORT, 'no awards'); END",
    );
    try {
      const res = await checkIn(m, school);
      expect(res.status).toBe(500);
    } finally {
      await sql("DROP TRIGGER badge_awards_fail");
    }
    expect(await sql("select count(*) from checkins where user_id = ?", [m.id])).toEqual([
      expect.objectContaining({ 0: 0 }),
    ]);
    expect((await sql("select last_verified_at from schools where id = ?", [school.id]))[0]?.[0]).toBeNull();
    expect((await checkIn(m, school)).status).toBe(201);
  });
});

describe("pending check-ins and verify", () => {
  it("a far check-in saved pending is hidden today, then verified by a near position", async () => {
    clock = SAT_11_NY;
    const school = await addSchool(t, { sessions: [[6, "11:00"]] });
    const m = await registerMember(t);
    const res = await checkIn(m, school, 500, { pending: true });
    expect(res.status).toBe(201);
    const pending = (await res.json()) as CheckinResult;
    expect([pending.verified, pending.newBadges]).toEqual([false, []]);
    expect((await sql("select last_verified_at from schools where id = ?", [school.id]))[0]?.[0]).toBeNull();
    // Today's unverified check-in is left out of the list.
    const mine = (await (await send("GET", "/api/checkins", m)).json()) as CheckinView[];
    expect(mine.map((c) => c.id)).not.toContain(pending.id);
    // A second one the same day is still 409.
    expect((await checkIn(m, school)).status).toBe(409);

    const verify = (meters: number, extra: Record<string, unknown> = {}) =>
      send("PATCH", `/api/checkins/${pending.id}/verify`, m, {
        verified: true,
        ...northOf(school, meters),
        ...extra,
      });
    const tooFar = await verify(100);
    expect([tooFar.status, ((await tooFar.json()) as { message: string }).message]).toEqual([
      400,
      checkinMessages.tooFar(100),
    ]);
    expect((await verify(10, { verified: false })).status).toBe(400);
    expect((await verify(10, { latitude: "x" })).status).toBe(400);
    const other = await registerMember(t);
    expect(
      (
        await send("PATCH", `/api/checkins/${pending.id}/verify`, other, {
          verified: true,
          ...northOf(school, 0),
        })
      ).status,
    ).toBe(404);

    const ok = await verify(10);
    expect(ok.status).toBe(200);
    const verified = (await ok.json()) as CheckinResult;
    expect(verified.verified).toBe(true);
    expect(verified.newBadges.map((b) => b.code)).toEqual(["novice"]);
    expect((await sql("select last_verified_at from schools where id = ?", [school.id]))[0]?.[0]).toBe(
      clock.getTime(),
    );
    expect((await verify(10)).status).toBe(409);
    const after = (await (await send("GET", "/api/checkins", m)).json()) as CheckinView[];
    expect(after.map((c) => c.id)).toContain(pending.id);
  });

  it("pending outside any window is still 400 no open mat", async () => {
    at("2026-07-11T20:00:00-04:00");
    const school = await addSchool(t, { sessions: [[6, "11:00"]] });
    const m = await registerMember(t);
    expect((await checkIn(m, school, 500, { pending: true })).status).toBe(400);
    clock = SAT_11_NY;
  });
});

describe("lists and delete", () => {
  let owner: Member;
  let viewer: Member;
  let first: CheckinResult;
  beforeAll(async () => {
    clock = SAT_11_NY;
    owner = await registerMember(t);
    viewer = await registerMember(t);
    const a = await addSchool(t, { gym: "Alpha Grappling", sessions: EVERY_DAY("11:00") });
    const b = await addSchool(t, { gym: "Bravo BJJ", sessions: EVERY_DAY("11:00") });
    first = (await (await checkIn(owner, a)).json()) as CheckinResult;
    at("2026-07-12T11:00:00-04:00");
    await checkIn(owner, b);
    clock = SAT_11_NY;
  });

  it("own list: newest first, with schools", async () => {
    const list = (await (await send("GET", "/api/checkins", owner)).json()) as CheckinView[];
    expect(list.map((c) => c.school?.gym)).toEqual(["Bravo BJJ", "Alpha Grappling"]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ["checkedInAt", "id", "localDate", "school", "schoolId", "verified"].sort(),
    );
  });

  it("another member sees them; gym names follow showCheckInGymNames; a block is 404", async () => {
    const path = `/api/checkins/user/${owner.id}`;
    let list = (await (await send("GET", path, viewer)).json()) as CheckinView[];
    expect(list.map((c) => c.school?.gym)).toEqual(["Bravo BJJ", "Alpha Grappling"]);
    expect((await send("PATCH", "/api/settings", owner, { showCheckInGymNames: false })).status).toBe(200);
    list = (await (await send("GET", path, viewer)).json()) as CheckinView[];
    expect(list.map((c) => c.school)).toEqual([null, null]);
    // The owner still sees the names on their own list.
    const own = (await (await send("GET", path, owner)).json()) as CheckinView[];
    expect(own[0]?.school?.gym).toBe("Bravo BJJ");
    expect((await send("GET", "/api/checkins/user/99999999", viewer)).status).toBe(404);
    expect((await send("POST", "/api/users/block", owner, { userId: viewer.id })).status).toBeLessThan(300);
    expect((await send("GET", path, viewer)).status).toBe(404);
  });

  it("another member's check-in cannot be deleted (404); the owner's can, and badges stay", async () => {
    expect((await send("DELETE", `/api/checkins/${first.id}`, viewer)).status).toBe(404);
    const badgesBefore = (await (await send("GET", "/api/badges", owner)).json()) as unknown[];
    expect(badgesBefore.length).toBeGreaterThan(0);
    const res = await send("DELETE", `/api/checkins/${first.id}`, owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, id: first.id });
    expect((await send("DELETE", `/api/checkins/${first.id}`, owner)).status).toBe(404);
    const badgesAfter = (await (await send("GET", "/api/badges", owner)).json()) as unknown[];
    expect(badgesAfter).toEqual(badgesBefore);
  });
});
