import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { CheckinView } from "../../src/common/schemas/checkins";
import type { PostView } from "../../src/common/schemas/posts";
import { northOf } from "../support/checkins";
import { postClient } from "../support/posts";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember, sessionCookieFrom } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 19 part 3: with showCheckInGymNames off, nothing that shows the owner's check-ins
 * tells another viewer which gym they were at: not its id (which /api/schools/{id} would
 * name), slug, link, name, city, state, zone or position. Every endpoint and page that shows
 * check-ins is fetched as a stranger, a follower, an admin and a guest, and its raw body
 * (island props included) is searched for each of those. The same sweep with the flag on
 * finds the gym, so the search is known to look in the right places.
 */

let t: TestApp;
let api: ReturnType<typeof postClient>;
/** Saturday 2026-07-11, 11:00 in New York: the gym's open mat is on. */
const clock = new Date("2026-07-11T11:00:00-04:00");
type Member = Awaited<ReturnType<typeof registerMember>>;
let owner: Member;
let follower: Member;
let stranger: Member;
let admin: Member;
let cardId: number;

/** A gym whose every identifying value is a string found nowhere else in these answers. */
const GYM = {
  id: 987_654,
  gym: "Secret Lair Grappling",
  slug: "secret-lair-grappling-qx",
  city: "Hiddenburg",
  state: "VT",
  address: "77 Quietude Lane",
  latitude: 44.4759317,
  longitude: -73.2120813,
  timeZone: "America/New_York",
};
const traces = [
  String(GYM.id),
  GYM.gym,
  GYM.slug,
  GYM.city,
  `"${GYM.state}"`,
  GYM.address,
  "44.4759",
  "-73.212",
  GYM.timeZone,
  // A gym's local date beside the instant tells its UTC offset: only null may be sent.
  '"localDate":"',
  '"schoolId":9',
];
const tracesIn = (body: string) => traces.filter((trace) => body.includes(trace));

async function insertGym() {
  const client = t.app.context.database.client;
  await client.execute({
    sql: `INSERT INTO schools (id, slug, source_key, gym, location, address, city, state, latitude, longitude,
            time_zone, day_and_time, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Daily 11am', 0, 0)`,
    args: [
      GYM.id,
      GYM.slug,
      `hidden-gym|${GYM.id}`,
      GYM.gym,
      `${GYM.address}, ${GYM.city}, ${GYM.state}`,
      GYM.address,
      GYM.city,
      GYM.state,
      GYM.latitude,
      GYM.longitude,
      GYM.timeZone,
    ],
  });
  for (let weekday = 0; weekday < 7; weekday++) {
    await client.execute({
      sql: "INSERT INTO open_mat_sessions (school_id, weekday, start_minute, end_minute, notes) VALUES (?, ?, 660, NULL, '[]')",
      args: [GYM.id, weekday],
    });
  }
}

async function registerAdmin(): Promise<Member> {
  const details = { username: "hiddengymadmin", email: "boss@example.com", password: "boss password" };
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", details);
  expect(res.status).toBe(201);
  const body = (await res.json()) as { user: { id: number } };
  await confirmEmail(t, details.email);
  return { ...details, id: body.user.id, cookie: sessionCookieFrom(res) ?? "" };
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "boss@example.com" }, { now: () => clock });
  api = postClient(t);
  await insertGym();
  [owner, follower, stranger, admin] = await Promise.all([
    registerMember(t, "hider"),
    registerMember(t, "follower"),
    registerMember(t, "stranger"),
    registerAdmin(),
  ]);
  await api.follow(follower, owner.id);
  // Today's verified check-in (with its feed card), and an older pending one.
  const res = await api.send("POST", "/api/checkins", owner, { schoolId: GYM.id, ...northOf(GYM, 0) });
  expect(res.status).toBe(201);
  await t.app.context.database.client.execute({
    sql: `INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified, distance_meters, session_id)
          VALUES (?, ?, ?, '2026-07-04', 0, 500, NULL)`,
    args: [owner.id, GYM.id, new Date("2026-07-04T15:00:00Z").getTime()],
  });
  const card = (await api.feed(owner)).find((p) => p.kind === "checkin") as PostView;
  cardId = card.id;
  // The follower likes the card: the owner's bell gets a notification about it.
  await api.like(follower, cardId);
});
afterAll(() => t.close());

const setGymNames = async (on: boolean) =>
  expect((await api.send("PATCH", "/api/settings", owner, { showCheckInGymNames: on })).status).toBe(200);

/** Every endpoint and page that shows the owner's check-ins (or cards) to someone else. */
const endpoints = () => [
  `/api/checkins/user/${owner.id}`,
  "/api/posts/feed",
  "/api/posts/community",
  `/api/posts/${cardId}`,
  `/api/posts/user/${owner.id}`,
  `/api/users/${owner.id}`,
  `/api/badges/${owner.id}`,
  `/api/settings/${owner.id}`,
  `/api/favorites/user/${owner.id}`,
  "/api/notifications",
  "/api/users/friends",
  `/users/${owner.id}`,
  "/feed",
  `/users?q=${owner.username}`,
];

const viewers = () => ({ stranger, follower, admin, guest: undefined as Member | undefined });

async function sweep(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  await Promise.all(
    Object.entries(viewers()).flatMap(([name, viewer]) =>
      endpoints().map(async (path) => {
        const res = await t.request(path, { headers: viewer ? { cookie: viewer.cookie } : {} });
        const hits = tracesIn(await res.text());
        if (hits.length > 0) found[`${name} ${path} ${res.status}`] = hits;
      }),
    ),
  );
  return found;
}

const checkinsAs = async (m: Member) =>
  (await (await api.send("GET", `/api/checkins/user/${owner.id}`, m)).json()) as CheckinView[];

describe("a hidden gym stays hidden", () => {
  it("with the flag on, the sweep finds the gym (the search looks in the right places)", async () => {
    await setGymNames(true);
    const found = await sweep();
    // Among others: the list, the card in the follower's feed, the profile page's props.
    expect(found[`stranger /api/checkins/user/${owner.id} 200`]).toContain(String(GYM.id));
    expect(found[`follower /api/posts/${cardId} 200`]).toContain(GYM.gym);
    expect(found["follower /api/posts/feed 200"]).toContain(GYM.slug);
    expect(found[`stranger /users/${owner.id} 200`]).toEqual(expect.arrayContaining([GYM.gym, GYM.city]));
    expect(found["stranger /feed 200"]).toContain(GYM.gym);
    // A guest is shown nothing of it, flag or no flag.
    expect(Object.keys(found).filter((k) => k.startsWith("guest"))).toEqual([]);
  });

  it("with the flag off, no endpoint or page gives any viewer a trace of it", async () => {
    await setGymNames(false);
    expect(await sweep()).toEqual({});
  });

  it("the others still learn that there were check-ins, and when", async () => {
    for (const viewer of [stranger, follower, admin]) {
      expect(await checkinsAs(viewer)).toEqual([
        {
          id: expect.any(Number),
          schoolId: null,
          checkedInAt: clock.toISOString(),
          localDate: null,
          verified: true,
          school: null,
        },
        {
          id: expect.any(Number),
          schoolId: null,
          checkedInAt: "2026-07-04T15:00:00.000Z",
          localDate: null,
          verified: false,
          school: null,
        },
      ]);
    }
    const card = (await (await api.send("GET", `/api/posts/${cardId}`, follower)).json()) as PostView;
    expect([card.kind, card.checkin?.school, card.createdAt]).toEqual(["checkin", null, clock.toISOString()]);
    const html = await (
      await t.request(`/users/${owner.id}`, { headers: { cookie: stranger.cookie } })
    ).text();
    expect(html).toContain("A gym");
  });

  it("the owner still sees their own gym everywhere", async () => {
    const own = await checkinsAs(owner);
    expect(own.map((c) => [c.schoolId, c.school?.gym, c.localDate])).toEqual([
      [GYM.id, GYM.gym, "2026-07-11"],
      [GYM.id, GYM.gym, "2026-07-04"],
    ]);
    const mine = (await (await api.send("GET", "/api/checkins", owner)).json()) as CheckinView[];
    expect(mine.map((c) => c.schoolId)).toEqual([GYM.id, GYM.id]);
    const page = await (await t.request("/profile", { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain(GYM.gym);
    const card = (await api.feed(owner)).find((p) => p.id === cardId);
    expect(card?.checkin?.school?.id).toBe(GYM.id);
  });
});
