import { calendarScenarios } from "./calendar.mjs";
import { ownerApiScenarios, schoolApiScenarios, schoolApiStems } from "./member-apis.mjs";
import { schoolOwner, schoolWithGoingAndRatings, withConversations } from "./member-pages.mjs";
import { collector, MEMBER_PASSWORD, messageSender, SAVED_GYMS, signedIn, signIn } from "./members.mjs";

/**
 * What is loaded against OpenMat, per database. A scenario is `{ name, path, headers?,
 * setup?(baseUrl), minPercentOfCeiling?, maxP99Ms?, goalText? }`: `setup` runs once against
 * the running server before the load and may return extra headers (e.g. `{ cookie }`), a
 * `pathSuffix` or autocannon `requests`; the two goals are the issue's targets, shown
 * beside the row (both must hold when both are given). `relativeTo` (another row's name) with
 * `maxSlowerPercent` is a goal against that row, measured in the same run (`relativeGoalText`
 * words it, when "within N% of unfiltered" does not fit).
 */

const count = (n) => n.toLocaleString("en-US");

/**
 * The rows that issue 14 sets goals for, on a database of `schools` schools ("these goals
 * also hold on the 1,250 demo schools", so they run on both databases).
 */
function issue14Rows(schools) {
  const at = `${count(schools)} schools`;
  return [
    { name: `GET / (guest, ${at})`, path: "/", minPercentOfCeiling: 15, maxP99Ms: 5 },
    {
      name: `GET /schools/{slug} (${at})`,
      path: "/schools/",
      minPercentOfCeiling: 25,
      setup: firstSchoolSlug,
    },
    {
      name: `GET /api/schools/search?q=Austin, TX (signed in, ${at})`,
      path: `/api/schools/search?q=${encodeURIComponent("Austin, TX")}`,
      minPercentOfCeiling: 20,
      maxP99Ms: 5,
      setup: signedIn,
    },
    {
      name: `GET /api/schools/radius (40 mi, signed in, ${at})`,
      path: "/api/schools/radius?lat=30.2672&lng=-97.7431&radius=40",
      minPercentOfCeiling: 20,
      maxP99Ms: 5,
      setup: signedIn,
    },
  ];
}

/**
 * Issue 21: the home screen and the radius search filtered by a visitor rule (No-Gi, which
 * about a third of the generated schools have), each right after its unfiltered row, with
 * the goal "within 10% of unfiltered".
 */
function withRuleFilteredRows(rows, schools) {
  const at = `${count(schools)} schools`;
  const filtered = {
    [`GET / (guest, ${at})`]: { name: `GET /?rules=nogi (guest, filtered, ${at})`, path: "/?rules=nogi" },
    [`GET /api/schools/radius (40 mi, signed in, ${at})`]: {
      name: `GET /api/schools/radius?rules=nogi (40 mi, signed in, filtered, ${at})`,
      path: "/api/schools/radius?lat=30.2672&lng=-97.7431&radius=40&rules=nogi",
      setup: signedIn,
    },
  };
  return rows.flatMap((row) => {
    const twin = filtered[row.name];
    return twin ? [row, { ...twin, relativeTo: row.name, maxSlowerPercent: 10 }] : [row];
  });
}

export const demoPinsScenario = "GET /api/schools/pins (1,250 schools)";

/** On the demo database (1,250 demo schools, no members but the bench's own). */
export const demoScenarios = [
  { name: "GET /about", path: "/about", minPercentOfCeiling: 30 },
  { name: "GET /healthz", path: "/healthz" },
  { name: "GET /api/auth/me (signed in)", path: "/api/auth/me", minPercentOfCeiling: 30, setup: signedIn },
  // A member's page without data of its own: what the header (stream position, unread counts) costs.
  { name: "GET /about (signed in)", path: "/about", setup: signedIn, minPercentOfCeiling: 25 },
  { name: demoPinsScenario, path: "/api/schools/pins", minPercentOfCeiling: 40 },
  ...issue14Rows(1_250),
  // Issue 19: every write is charged against its member limit; this one stays under it.
  {
    name: "POST /api/conversations/{id}/messages (a member's message, under its limit)",
    path: "/api/conversations/",
    setup: messageSender,
  },
];

/** On the generated database of `schools` schools. */
export function schoolScenarios(schools) {
  return [
    { name: `GET /api/schools/pins (${count(schools)} schools)`, path: "/api/schools/pins" },
    ...withRuleFilteredRows(issue14Rows(schools), schools),
    // Issue 22: Tonight near Austin, beside the radius search it reads its schools from.
    {
      name: `GET /api/schools/tonight (Austin, signed in, ${count(schools)} schools)`,
      path: "/api/schools/tonight?lat=30.2672&lng=-97.7431",
      setup: signedIn,
      relativeTo: `GET /api/schools/radius (40 mi, signed in, ${count(schools)} schools)`,
      maxSlowerPercent: 0,
      relativeGoalText: "at least as fast as the radius search",
    },
    { name: "GET /api/suggestions?query=aus", path: "/api/suggestions?query=aus", maxP99Ms: 10 },
    {
      name: `GET /api/favorites/user/{id} (${count(SAVED_GYMS)} saved gyms)`,
      path: "/api/favorites/user/",
      minPercentOfCeiling: 10,
      async setup(baseUrl) {
        const member = await collector(baseUrl);
        return { cookie: member.cookie, pathSuffix: String(member.id) };
      },
    },
    {
      name: `GET / (signed in, ${count(SAVED_GYMS)} saved gyms)`,
      path: "/",
      minPercentOfCeiling: 10,
      async setup(baseUrl) {
        return { cookie: (await collector(baseUrl)).cookie };
      },
    },
    // Issue 22: a member's calendar, as calendar apps poll it.
    ...calendarScenarios(`${count(schools)} schools`),
  ];
}

/** Names of the member rows before seeding, for BENCH_ONLY to decide whether to seed. */
export const memberScenarioStems = [
  "GET /about (signed in",
  "GET /users/{id}",
  "GET /api/users/search",
  "GET /profile",
  "GET /messages",
  "GET /schools/{slug}/manage",
  "GET /api/schools/{id}/stats",
];

/**
 * The member scenarios, on the school database with generated members added
 * (bench/seed-members.ts): one of them signs in through the API and loads the profile page
 * of a member they follow, and a username search matching about 50 members.
 */
export function memberScenarios(seeded) {
  const members = count(seeded.members);
  let session;
  const cookie = async (baseUrl) => {
    session ??= signIn(baseUrl, seeded.viewer.username, MEMBER_PASSWORD);
    return { cookie: await session };
  };
  return [
    // Issue 25: a member's page without data of its own, here among the generated members
    // (the same row as the demo database's, so BENCH_SCALE=10 has its 1x twin).
    {
      name: `GET /about (signed in, ${members} members)`,
      path: "/about",
      minPercentOfCeiling: 25,
      setup: cookie,
    },
    {
      name: `GET /users/{id} (a followed member, ${members} members)`,
      path: "/users/",
      minPercentOfCeiling: 10,
      async setup(baseUrl) {
        return { ...(await cookie(baseUrl)), pathSuffix: String(seeded.subject.id) };
      },
    },
    {
      name: `GET /api/users/search?q=${seeded.search.q} (${seeded.search.matches} of ${members} members match)`,
      path: `/api/users/search?q=${encodeURIComponent(seeded.search.q)}`,
      minPercentOfCeiling: 10,
      setup: cookie,
    },
    // Issue 25: the member's own profile, and their conversations.
    { name: `GET /profile (${members} members)`, path: "/profile", minPercentOfCeiling: 10, setup: cookie },
    {
      name: `GET /messages (10 conversations, ${members} members)`,
      path: "/messages",
      minPercentOfCeiling: 10,
      setup: withConversations(async (baseUrl) => ({ id: seeded.viewer.id, ...(await cookie(baseUrl)) })),
    },
    // Issue 21: the manage page of a school, for its owner.
    {
      name: `GET /schools/{slug}/manage (its owner, ${members} members)`,
      path: "/schools/",
      minPercentOfCeiling: 10,
      setup: schoolOwner(seeded, MEMBER_PASSWORD),
    },
    ...ownerApiScenarios(seeded, members),
  ];
}

export const CHECKINS_PER_MEMBER = 50;
export const checkinScenarioStems = [
  "POST /api/checkins",
  "GET /api/badges/progress",
  "GET /schools/{slug} (signed in",
  ...schoolApiStems,
];

/**
 * The check-in scenarios, on a copy of the member database with CHECKINS_PER_MEMBER verified
 * check-ins per member (bench/seed-checkins.ts). `POST /api/checkins` walks the pairs
 * (member, open school) so each request is a real insert with its badge award statement in
 * the same batch; the pairs run out far later than a run sends, and any 409 or other
 * non-2xx is counted in the row.
 */
export function checkinScenarios(seeded) {
  const checkins = count(seeded.checkins);
  const members = count(seeded.members);
  let n = 0;
  const next = (req) => {
    const cookie = seeded.cookies[n % seeded.cookies.length];
    const school = seeded.schools[Math.floor(n / seeded.cookies.length) % seeded.schools.length];
    n++;
    return {
      ...req,
      headers: { ...req.headers, cookie, "content-type": "application/json" },
      body: JSON.stringify({ schoolId: school.id, latitude: school.latitude, longitude: school.longitude }),
    };
  };
  return [
    {
      name: `POST /api/checkins (${members} members, ${checkins} check-ins)`,
      path: "/api/checkins",
      minPercentOfCeiling: 5,
      async setup(baseUrl) {
        return { origin: baseUrl, requests: [{ method: "POST", setupRequest: next }] };
      },
    },
    {
      name: `GET /api/badges/progress (${CHECKINS_PER_MEMBER}+ check-ins)`,
      path: "/api/badges/progress",
      async setup() {
        return { cookie: seeded.cookies.at(-1) };
      },
    },
    // Issues 22 and 25: a school page signed in, with members going and rating it.
    {
      name: `GET /schools/{slug} (signed in, 20 going and rating, ${members} members)`,
      path: "/schools/",
      minPercentOfCeiling: 10,
      setup: schoolWithGoingAndRatings(seeded),
    },
    ...schoolApiScenarios(seeded, members),
  ];
}

export const FEED_FOLLOWS = 50;
export const feedScenarioStems = ["GET /api/posts/feed", "GET /feed"];

/**
 * The feed scenarios, on a copy of the check-in database with generated posts and
 * FEED_FOLLOWS follows per member (bench/seed-posts.ts). Each request is from the next
 * signed-in member in turn, so no one member's page stays hot in a cache.
 */
export function feedScenarios(seeded) {
  const members = count(seeded.members);
  const posts = count(seeded.posts);
  // One ready request per member, which autocannon builds once and sends in turn: a
  // setupRequest that swaps the cookie rebuilds every request in the load generator, which
  // halves what even a bare Bun.serve can be loaded with on two cores (32k against 64k req/s).
  const rotating = (path) => async () => ({
    requests: seeded.cookies.map((cookie) => ({ method: "GET", path, headers: { cookie } })),
  });
  const shape = `${members} members, ${posts} posts, ${FEED_FOLLOWS} follows each; ${seeded.cookies.length} members in turn`;
  return [
    {
      name: `GET /api/posts/feed?limit=10 (${shape})`,
      path: "/api/posts/feed?limit=10",
      // Issue 25 (issue 20 asked for p99 < 15 ms).
      minPercentOfCeiling: 15,
      maxP99Ms: 5,
      setup: rotating("/api/posts/feed?limit=10"),
    },
    { name: `GET /feed (${shape})`, path: "/feed", minPercentOfCeiling: 10, setup: rotating("/feed") },
  ];
}

/** Appends a real school's slug to the scenario's path. */
async function firstSchoolSlug(baseUrl) {
  const { schools } = await (await fetch(`${baseUrl}/api/schools?limit=1`)).json();
  return { pathSuffix: schools[0].slug };
}
