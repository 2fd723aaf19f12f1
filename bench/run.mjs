/**
 * `npm run bench`: loads the built binary, dist/openmat, beside a bare Bun.serve "ceiling"
 * started in the same run, and prints a Markdown table (also bench/results/latest.json).
 * It asserts nothing: on a shared machine absolute numbers drift, so the targets are
 * read as ratios to the ceiling and as medians. See bench/README.md.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { atExit } from "./lib/cleanup.mjs";
import { LOAD, load } from "./lib/load.mjs";
import { measureStartup, startOpenmat } from "./lib/openmat.mjs";
import { progress } from "./lib/progress.mjs";
import { markdown, writeJson } from "./lib/report.mjs";
import { freePort, startServer } from "./lib/server.mjs";
import { soak } from "./lib/soak.mjs";
import { summarize } from "./lib/summary.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const BINARY = join(repo, "dist/openmat");
const RESULTS = join(repo, "bench/results/latest.json");
const DURATION_SECONDS = Number(process.env.BENCH_DURATION || 5);
// The first start migrates a new database; later starts are what a restart or deploy pays.
const WARM_STARTS = 5;
const GOALS = { coldStartMs: 150, rssMb: 120 };
// The soak: RSS of one server after this many requests of `/` in a row (cumulative).
const SOAK_REQUESTS = Number(process.env.BENCH_SOAK_REQUESTS || 100_000);
// The first checkpoint is past the warm-up (JIT, caches, the allocator's first arenas).
const SOAK_CHECKPOINTS = [Math.max(1, Math.min(10_000, Math.round(SOAK_REQUESTS / 10))), SOAK_REQUESTS];
// Memory has levelled off when the last checkpoint is at most this much above the first.
const SOAK_MAX_GROWTH_PERCENT = 25;
// Live delivery: open streams on one server, and events timed from append to stream.
const LIVE_STREAMS = 1_000;
const LIVE_EVENTS = Number(process.env.BENCH_LIVE_EVENTS || 300);
const LIVE_GOAL_P99_MS = 250;

/**
 * What is loaded against OpenMat, one after another. A scenario is
 * `{ name, path, headers?, setup?(baseUrl), minPercentOfCeiling? }`: `setup` runs once against
 * the running server before the load and may return extra headers (e.g. register a user and
 * return `{ cookie }`); `minPercentOfCeiling` is the target for its req/s.
 */
const scenarios = [
  { name: "GET /about", path: "/about", minPercentOfCeiling: 25 },
  { name: "GET /", path: "/" },
  { name: "GET /healthz", path: "/healthz" },
  {
    name: "GET /api/auth/me (signed in)",
    path: "/api/auth/me",
    minPercentOfCeiling: 30,
    setup: registerBenchUser,
  },
];

/** Registers a member and returns their session cookie, so /api/auth/me answers 200. */
async function registerBenchUser(baseUrl, name = "bench_user") {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: "a long bench password",
    }),
  });
  if (res.status !== 201) throw new Error(`bench registration failed: ${res.status} ${await res.text()}`);
  const { user } = await res.json();
  return {
    id: user.id,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

const SAVED_GYMS = 1_250;
const collectors = new Map();

/**
 * A member who saved SAVED_GYMS schools, through the API as a member would (once per
 * server): the favourites scenarios load with their cookie.
 */
function collector(baseUrl) {
  if (!collectors.has(baseUrl)) collectors.set(baseUrl, registerCollector(baseUrl));
  return collectors.get(baseUrl);
}

async function registerCollector(baseUrl) {
  const member = await registerBenchUser(baseUrl, "bench_collector");
  progress(`saving ${SAVED_GYMS} gyms for a member`);
  const ids = [];
  for (let offset = 0; ids.length < SAVED_GYMS; offset += 200) {
    const { schools } = await (await fetch(`${baseUrl}/api/schools?limit=200&offset=${offset}`)).json();
    if (!schools.length) throw new Error(`only ${ids.length} schools to save, ${SAVED_GYMS} wanted`);
    ids.push(...schools.map((s) => s.id));
  }
  const headers = { "content-type": "application/json", origin: baseUrl, cookie: member.cookie };
  for (const schoolId of ids.slice(0, SAVED_GYMS)) {
    const res = await fetch(`${baseUrl}/api/favorites`, {
      method: "POST",
      headers,
      body: JSON.stringify({ schoolId }),
    });
    if (res.status !== 200) throw new Error(`saving a gym failed: ${res.status} ${await res.text()}`);
  }
  return member;
}

const SCHOOL_COUNT = Number(process.env.BENCH_SCHOOLS || 20_000);

/** The school scenarios run on their own database of SCHOOL_COUNT generated schools. */
const schoolScenarios = [
  {
    name: `GET /api/schools/pins (${SCHOOL_COUNT.toLocaleString("en-US")} schools)`,
    path: "/api/schools/pins",
    minPercentOfCeiling: 50,
  },
  {
    name: "GET /api/schools/search?q=Austin, TX",
    path: `/api/schools/search?q=${encodeURIComponent("Austin, TX")}`,
  },
  {
    name: "GET /api/schools/radius (40 mi)",
    path: "/api/schools/radius?lat=30.2672&lng=-97.7431&radius=40",
    maxP99Ms: 10,
  },
  { name: "GET /api/suggestions?query=aus", path: "/api/suggestions?query=aus", maxP99Ms: 10 },
  { name: "GET /schools/{slug}", path: "/schools/", setup: firstSchoolSlug },
  // The guest's home page on this database, beside the member's below.
  { name: `GET / (guest, ${SCHOOL_COUNT.toLocaleString("en-US")} schools)`, path: "/" },
  {
    name: `GET /api/favorites/user/{id} (${SAVED_GYMS.toLocaleString("en-US")} saved gyms)`,
    path: "/api/favorites/user/",
    async setup(baseUrl) {
      const member = await collector(baseUrl);
      return { cookie: member.cookie, pathSuffix: String(member.id) };
    },
  },
  {
    name: `GET / (signed in, ${SAVED_GYMS.toLocaleString("en-US")} saved gyms)`,
    path: "/",
    async setup(baseUrl) {
      return { cookie: (await collector(baseUrl)).cookie };
    },
  },
];

const MEMBER_COUNT = 10_000;
const MEMBER_PASSWORD = "a long bench password";

/**
 * The member scenarios, on the school database with MEMBER_COUNT generated members added
 * (bench/seed-members.ts): one of them signs in through the API and loads the profile page
 * of a member they follow, and a username search matching about 50 members.
 */
function memberScenarios(seeded) {
  const members = seeded.members.toLocaleString("en-US");
  let signedIn;
  const cookie = async (baseUrl) => {
    signedIn ??= signIn(baseUrl, seeded.viewer.username, MEMBER_PASSWORD);
    return { cookie: await signedIn };
  };
  return [
    {
      name: `GET /users/{id} (a followed member, ${members} members)`,
      path: "/users/",
      async setup(baseUrl) {
        return { ...(await cookie(baseUrl)), pathSuffix: String(seeded.subject.id) };
      },
    },
    {
      name: `GET /api/users/search?q=${seeded.search.q} (${seeded.search.matches} of ${members} members match)`,
      path: `/api/users/search?q=${encodeURIComponent(seeded.search.q)}`,
      setup: cookie,
    },
  ];
}

const CHECKINS_PER_MEMBER = 50;
const CHECKIN_ACTIVE_MEMBERS = 200;
const CHECKIN_OPEN_SCHOOLS = 1_000;

/**
 * The check-in scenarios, on a copy of the member database with CHECKINS_PER_MEMBER verified
 * check-ins per member (bench/seed-checkins.ts). `POST /api/checkins` walks the pairs
 * (member, open school) so each request is a real insert with its badge award statement in
 * the same batch; the pairs run out after CHECKIN_ACTIVE_MEMBERS × CHECKIN_OPEN_SCHOOLS
 * requests, far more than a run sends, and any 409 or other non-2xx is counted in the row.
 */
function checkinScenarios(seeded) {
  const checkins = seeded.checkins.toLocaleString("en-US");
  const members = seeded.members.toLocaleString("en-US");
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
  ];
}

const FEED_POSTS = 200_000;
const FEED_FOLLOWS = 50;
const FEED_SIGNED_IN = 20;

/**
 * The feed scenarios, on a copy of the check-in database with FEED_POSTS posts and
 * FEED_FOLLOWS follows per member (bench/seed-posts.ts). Each request is from the next of
 * FEED_SIGNED_IN members in turn, so no one member's page stays hot in a cache.
 */
function feedScenarios(seeded) {
  const members = seeded.members.toLocaleString("en-US");
  const posts = seeded.posts.toLocaleString("en-US");
  const rotating = (path) => {
    let n = 0;
    const next = (req) => ({
      ...req,
      headers: { ...req.headers, cookie: seeded.cookies[n++ % seeded.cookies.length] },
    });
    return async () => ({ requests: [{ method: "GET", path, setupRequest: next }] });
  };
  const shape = `${members} members, ${posts} posts, ${FEED_FOLLOWS} follows each; ${seeded.cookies.length} members in turn`;
  return [
    {
      name: `GET /api/posts/feed?limit=10 (${shape})`,
      path: "/api/posts/feed?limit=10",
      maxP99Ms: 15,
      goalText: "feed API p99 < 15 ms at 10 connections",
      setup: rotating("/api/posts/feed?limit=10"),
    },
    { name: `GET /feed (${shape})`, path: "/feed", setup: rotating("/feed") },
  ];
}

/** Signs a member in through the API and returns their session cookie. */
async function signIn(baseUrl, identifier, password) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ identifier, password }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Appends a real school's slug to the scenario's path. */
async function firstSchoolSlug(baseUrl) {
  const { schools } = await (await fetch(`${baseUrl}/api/schools?limit=1`)).json();
  return { pathSuffix: schools[0].slug };
}

/** Size of the pins body, raw and gzipped. */
async function pinsSize(baseUrl) {
  const raw = await (
    await fetch(`${baseUrl}/api/schools/pins`, { headers: { "accept-encoding": "identity" } })
  ).arrayBuffer();
  // The server keeps a level-9 gzip of this body; the same compression of the raw bytes has its size.
  return { rawKb: raw.byteLength / 1024, gzipKb: gzipSync(Buffer.from(raw), { level: 9 }).byteLength / 1024 };
}

/** One argon2id hash, timed in Bun with the app's settings. */
function passwordHashMs() {
  const out = execFileSync(join(repo, "node_modules/.bin/bun"), [join(repo, "bench/password-hash.ts")]);
  return JSON.parse(out.toString()).medianMs;
}

/**
 * Live delivery on its own server: LIVE_STREAMS members each hold an event stream while
 * bench/live-delivery.ts appends LIVE_EVENTS messages, as another copy would, and times each
 * to its recipient's stream. Its own process holds the streams (Bun's fetch is allowed that
 * many connections), so the server's RSS is the server's alone.
 */
function liveDelivery(server, databasePath) {
  const out = execFileSync(
    join(repo, "node_modules/.bin/bun"),
    [
      join(repo, "bench/live-delivery.ts"),
      databasePath,
      server.baseUrl,
      String(server.pid),
      String(LIVE_STREAMS),
      String(LIVE_EVENTS),
    ],
    { env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(LIVE_STREAMS + 100) }, maxBuffer: 2 ** 20 },
  );
  return JSON.parse(out.toString());
}

/** One profile photo (a 12 MP JPEG) through the app's image pipeline, in a process of its own. */
function profilePhoto() {
  const out = execFileSync(join(repo, "node_modules/.bin/bun"), [join(repo, "bench/profile-photo.ts")]);
  return JSON.parse(out.toString());
}

// No try/finally around the servers: on any error the process exits and lib/cleanup.mjs
// kills whatever is still running, so stop() is only the graceful end of a good run.
async function main() {
  if (!(DURATION_SECONDS > 0)) {
    throw new Error(
      `BENCH_DURATION must be a positive number of seconds, got "${process.env.BENCH_DURATION}"`,
    );
  }
  if (!existsSync(BINARY)) throw new Error("dist/openmat is missing; build it with npm run build");
  // Taken before we start anything, so it is the others' load, not ours.
  const loadAverageBefore = os.loadavg()[0];

  // A fresh directory, so no earlier database or data/ folder changes what the binary does.
  const dir = mkdtempSync(join(os.tmpdir(), "openmat-bench-"));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  const binary = join(dir, "openmat");
  copyFileSync(BINARY, binary);
  const database = join(dir, "bench.db");

  const startup = await measureStartup(binary, dir, database, WARM_STARTS);
  // The soak runs last on its own copy of the migrated database (demo schools, no members).
  const soakDb = join(dir, "soak.db");
  copyFileSync(database, soakDb);

  // The ceiling is loaded before and after OpenMat, so a busy spell elsewhere on the
  // machine shows up as a spread between the two instead of silently skewing the ratios.
  const ceiling = await startServer({
    name: "ceiling",
    command: join(repo, "node_modules/.bin/bun"),
    args: [join(repo, "bench/ceiling.ts")],
    port: await freePort(),
    readyPath: "/",
  });
  const ceilingBefore = await measure("ceiling", `${ceiling.baseUrl}/`);
  const openmat = await startOpenmat(binary, dir, database);
  const measured = [];
  await runScenarios(scenarios, openmat.baseUrl, measured);
  const demoPins = await pinsSize(openmat.baseUrl);
  await openmat.stop();

  progress(`live delivery: ${LIVE_STREAMS} open streams, ${LIVE_EVENTS} messages`);
  const liveDb = join(dir, "live.db");
  copyFileSync(database, liveDb);
  const liveServer = await startOpenmat(binary, dir, liveDb);
  const live = liveDelivery(liveServer, liveDb);
  await liveServer.stop();

  progress(`generating ${SCHOOL_COUNT} schools`);
  const schoolsDb = join(dir, "schools.db");
  execFileSync(join(repo, "node_modules/.bin/bun"), [
    join(repo, "bench/seed-schools.ts"),
    schoolsDb,
    String(SCHOOL_COUNT),
  ]);
  progress(`generating ${MEMBER_COUNT} members`);
  const seededMembers = JSON.parse(
    execFileSync(join(repo, "node_modules/.bin/bun"), [
      join(repo, "bench/seed-members.ts"),
      schoolsDb,
      String(MEMBER_COUNT),
      MEMBER_PASSWORD,
    ]).toString(),
  );
  // Searches would hit the guest quota within a second; the quota is not what is measured.
  const big = await startOpenmat(binary, dir, schoolsDb, { SEARCH_LIMIT_GUEST: "100000000" });
  await runScenarios([...schoolScenarios, ...memberScenarios(seededMembers)], big.baseUrl, measured);
  const bigPins = await pinsSize(big.baseUrl);
  await big.stop();

  progress(`adding ${CHECKINS_PER_MEMBER} check-ins to each of ${MEMBER_COUNT} members`);
  const checkinsDb = join(dir, "checkins.db");
  copyFileSync(schoolsDb, checkinsDb);
  const seededCheckins = JSON.parse(
    execFileSync(
      join(repo, "node_modules/.bin/bun"),
      [
        join(repo, "bench/seed-checkins.ts"),
        checkinsDb,
        String(CHECKINS_PER_MEMBER),
        String(CHECKIN_ACTIVE_MEMBERS),
        String(CHECKIN_OPEN_SCHOOLS),
      ],
      { maxBuffer: 64 * 2 ** 20 },
    ).toString(),
  );
  const withCheckins = await startOpenmat(binary, dir, checkinsDb);
  await runScenarios(checkinScenarios(seededCheckins), withCheckins.baseUrl, measured);
  await withCheckins.stop();

  progress(`adding ${FEED_POSTS} posts and ${FEED_FOLLOWS} follows each to ${MEMBER_COUNT} members`);
  const feedDb = join(dir, "feed.db");
  copyFileSync(checkinsDb, feedDb);
  const seededFeed = JSON.parse(
    execFileSync(
      join(repo, "node_modules/.bin/bun"),
      [
        join(repo, "bench/seed-posts.ts"),
        feedDb,
        String(FEED_POSTS),
        String(FEED_FOLLOWS),
        String(FEED_SIGNED_IN),
      ],
      { maxBuffer: 64 * 2 ** 20 },
    ).toString(),
  );
  const withFeed = await startOpenmat(binary, dir, feedDb);
  await runScenarios(feedScenarios(seededFeed), withFeed.baseUrl, measured);
  await withFeed.stop();
  const ceilingAfter = await measure("ceiling again", `${ceiling.baseUrl}/`);
  await ceiling.stop();

  // Last and alone, on a fresh server: does memory level off under home-page traffic?
  const soaked = await startOpenmat(binary, dir, soakDb);
  const soakRun = await soak(`${soaked.baseUrl}/`, soaked, SOAK_CHECKPOINTS);
  await soaked.stop();

  const results = summarize({
    durationSeconds: DURATION_SECONDS,
    goals: GOALS,
    loadAverageBefore,
    startup,
    ceilingRuns: [ceilingBefore, ceilingAfter],
    measured,
    binaryMb: statSync(BINARY).size / 2 ** 20,
  });
  results.startup.push(
    { name: "password hash, argon2id, median of 10 (ms)", value: Math.round(passwordHashMs()) },
    {
      name: "one profile photo, 12 MP JPEG to 96 + 512 px WebP, median of 5 (ms / peak RSS MB)",
      value: ((p) => `${Math.round(p.medianMs)} / ${Math.round(p.peakRssMb)}`)(profilePhoto()),
    },
    {
      name: "pins body, 1,250 demo schools (KB raw / gzip)",
      value: `${demoPins.rawKb.toFixed(1)} / ${demoPins.gzipKb.toFixed(1)}`,
      goal: { text: "< 30 KB gzipped", met: demoPins.gzipKb < 30 },
    },
    {
      name: `pins body, ${SCHOOL_COUNT.toLocaleString("en-US")} schools (KB raw / gzip)`,
      value: `${bigPins.rawKb.toFixed(1)} / ${bigPins.gzipKb.toFixed(1)}`,
    },
    {
      name: `live delivery, append to the recipient's stream event, ${LIVE_STREAMS.toLocaleString("en-US")} open streams, ${live.events} messages (p50 / p99 ms)`,
      value: `${Math.round(live.p50Ms)} / ${Math.round(live.p99Ms)}`,
      goal: { text: `p99 < ${LIVE_GOAL_P99_MS} ms`, met: live.p99Ms < LIVE_GOAL_P99_MS },
    },
    {
      name: `RSS per 1,000 open streams (MB; ${Math.round(live.rssBeforeMb)} before, ${Math.round(live.rssAfterMb)} with ${LIVE_STREAMS.toLocaleString("en-US")})`,
      value: Math.round(live.rssPer1000StreamsMb * 10) / 10,
    },
    soakRow(soakRun),
  );
  if (soakRun.non2xx || soakRun.errors) {
    results.warnings.push(`soak of /: ${soakRun.non2xx} non-2xx responses and ${soakRun.errors} errors.`);
  }
  console.log(markdown(results));
  writeJson(RESULTS, results);
  console.error(`\nwrote ${RESULTS}`);
}

/** The soak as one row: RSS at start and at each checkpoint, and whether it levelled off. */
function soakRow({ startMb, points }) {
  const first = points[0];
  const last = points.at(-1);
  const growth = (100 * (last.rssMb - first.rssMb)) / first.rssMb;
  const counts = points.map((p) => `${(p.requests / 1000).toLocaleString("en-US")}k`).join(" / ");
  return {
    name: `RSS soak of GET /: at start / after ${counts} requests (MB)`,
    value: [startMb, ...points.map((p) => p.rssMb)].map((mb) => Math.round(mb)).join(" / "),
    samples: points,
    goal: {
      text: `levels off: last ≤ first checkpoint + ${SOAK_MAX_GROWTH_PERCENT}%`,
      met: growth <= SOAK_MAX_GROWTH_PERCENT,
    },
  };
}

async function runScenarios(list, baseUrl, measured) {
  for (const scenario of list) {
    const { pathSuffix = "", requests, ...extra } = (await scenario.setup?.(baseUrl)) ?? {};
    const headers = { ...scenario.headers, ...extra };
    measured.push({
      scenario,
      result: await measure(scenario.name, baseUrl + scenario.path + pathSuffix, headers, requests),
    });
  }
}

function measure(name, url, headers = {}, requests = undefined) {
  progress(`${name}: ${LOAD.warmupSeconds} s warm-up, then ${DURATION_SECONDS} s`);
  return load(url, { durationSeconds: DURATION_SECONDS, headers, requests });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
