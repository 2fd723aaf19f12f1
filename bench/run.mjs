/**
 * `npm run bench`: loads the built binary, dist/openmat, beside a bare Bun.serve "ceiling"
 * started in the same run, and prints a Markdown table (also bench/results/latest.json).
 * It asserts nothing: on a shared machine absolute numbers drift, so the issue's targets are
 * read as ratios to the ceiling and as medians. See bench/README.md.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { calendarSize, calendarSizeRow } from "./lib/calendar.mjs";
import { atExit } from "./lib/cleanup.mjs";
import { LOAD, load } from "./lib/load.mjs";
import { MEMBER_PASSWORD } from "./lib/members.mjs";
import { measureStartup, startOpenmat } from "./lib/openmat.mjs";
import { pinsRows, pinsSize, uniqueNamesPinsSize } from "./lib/pins.mjs";
import { progress } from "./lib/progress.mjs";
import { markdown, writeJson } from "./lib/report.mjs";
import {
  CHECKINS_PER_MEMBER,
  checkinScenarioStems,
  checkinScenarios,
  demoPinsScenario,
  demoScenarios,
  FEED_FOLLOWS,
  feedScenarioStems,
  feedScenarios,
  memberScenarioStems,
  memberScenarios,
  schoolScenarios,
} from "./lib/scenarios.mjs";
import { freePort, startServer } from "./lib/server.mjs";
import { soak } from "./lib/soak.mjs";
import { summarize } from "./lib/summary.mjs";
import { databaseMode, startTarget } from "./lib/targets.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
// BENCH_BINARY loads another build (e.g. a copy of the binary before a change) in the same way.
const BINARY = process.env.BENCH_BINARY || join(repo, "dist/openmat");
const DB_MODE = databaseMode();
const RESULTS = join(repo, `bench/results/latest${DB_MODE === "file" ? "" : `-${DB_MODE}`}.json`);
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

const SCHOOL_COUNT = Number(process.env.BENCH_SCHOOLS || 20_000);
const MEMBER_COUNT = 10_000;
const CHECKIN_ACTIVE_MEMBERS = 200;
const CHECKIN_OPEN_SCHOOLS = 1_000;
const FEED_POSTS = 200_000;
const FEED_SIGNED_IN = 20;
const PINS_GOAL_GZIP_KB = 150;
// The quotas and the limits are not what is measured: a signed-in search row would use up
// the member's daily quota within a second. The limits are still counted on every write
// (their cost is in the rows), only never reached; builds from before they existed ignore them.
const UNLIMITED = {
  SEARCH_LIMIT_GUEST: "100000000",
  SEARCH_LIMIT_MEMBER: "100000000",
  SIGNUP_LIMIT: "100000",
  ...Object.fromEntries(
    ["MESSAGES", "CONVERSATIONS", "FAVORITES", "CHECKINS", "POSTS", "LIKES", "FOLLOWS"].map((what) => [
      `LIMIT_${what}_PER_HOUR`,
      "100000000",
    ]),
  ),
};

/**
 * `BENCH_ONLY=<regex>` keeps the rows whose name matches (e.g. `BENCH_ONLY='about|auth/me'`);
 * a database is seeded and a server started only when one of its rows is kept.
 */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : undefined;
const wanted = (name) => !ONLY || ONLY.test(name);
const anyWanted = (names) => names.some(wanted);
const keep = (list) => list.filter((scenario) => wanted(scenario.name));

const demoPinsRow = "pins body, 1,250 demo schools (KB raw / gzip)";
const bigPinsRow = `pins body, ${SCHOOL_COUNT.toLocaleString("en-US")} schools (KB raw / gzip)`;
// Issue 25: the same schools with a name of their own each (the goal is judged on this one).
const uniquePinsLabel = `${SCHOOL_COUNT.toLocaleString("en-US")} schools with unique names`;
const uniquePinsRow = `pins body, ${uniquePinsLabel} (KB raw / gzip)`;
const liveRow = "live delivery";
const soakRowName = "RSS soak of GET /";

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

/** A bench/*.ts seeder run in Bun, whose stdout is JSON (or nothing). */
function seed(script, args) {
  const out = execFileSync(join(repo, "node_modules/.bin/bun"), [join(repo, "bench", script), ...args], {
    maxBuffer: 64 * 2 ** 20,
  }).toString();
  return out.trim() ? JSON.parse(out) : undefined;
}

/** Seeds what the wanted rows need, in the order each database builds on the last. */
function seededDatabases(dir) {
  const stems = { members: memberScenarioStems, checkins: checkinScenarioStems, feed: feedScenarioStems };
  const need = {
    feed: anyWanted(stems.feed),
    checkins: anyWanted(stems.checkins),
    members: anyWanted(stems.members),
    schools: anyWanted([
      ...schoolScenarios(SCHOOL_COUNT).map((s) => s.name),
      bigPinsRow,
      uniquePinsRow,
      calendarSizeRow,
    ]),
  };
  need.checkins ||= need.feed;
  need.members ||= need.checkins;
  need.schools ||= need.members;
  const out = {};
  if (!need.schools) return out;
  progress(`generating ${SCHOOL_COUNT} schools`);
  out.schoolsDb = join(dir, "schools.db");
  seed("seed-schools.ts", [out.schoolsDb, String(SCHOOL_COUNT)]);
  if (!need.members) return out;
  progress(`generating ${MEMBER_COUNT} members`);
  out.members = seed("seed-members.ts", [out.schoolsDb, String(MEMBER_COUNT), MEMBER_PASSWORD]);
  if (!need.checkins) return out;
  progress(`adding ${CHECKINS_PER_MEMBER} check-ins to each of ${MEMBER_COUNT} members`);
  out.checkinsDb = join(dir, "checkins.db");
  copyFileSync(out.schoolsDb, out.checkinsDb);
  out.checkins = seed("seed-checkins.ts", [
    out.checkinsDb,
    String(CHECKINS_PER_MEMBER),
    String(CHECKIN_ACTIVE_MEMBERS),
    String(CHECKIN_OPEN_SCHOOLS),
  ]);
  if (!need.feed) return out;
  progress(`adding ${FEED_POSTS} posts and ${FEED_FOLLOWS} follows each to ${MEMBER_COUNT} members`);
  out.feedDb = join(dir, "feed.db");
  copyFileSync(out.checkinsDb, out.feedDb);
  out.feed = seed("seed-posts.ts", [
    out.feedDb,
    String(FEED_POSTS),
    String(FEED_FOLLOWS),
    String(FEED_SIGNED_IN),
  ]);
  return out;
}

/** Starts a server on `database`, loads the `list` rows it keeps, and stops it. */
async function onServer(binary, dir, database, list, measured, extra) {
  const server = await startTarget({ repo, binary, dir, database, env: UNLIMITED, mode: DB_MODE });
  await runScenarios(keep(list), server, measured);
  const extras = await extra?.(server);
  await server.stop();
  return extras;
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

  const startup = await measureStartup(binary, dir, database, wanted("cold start") ? WARM_STARTS : 0);
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
  const measured = [];
  const extraRows = [];
  if (anyWanted([...demoScenarios.map((s) => s.name), demoPinsRow])) {
    const pins = await onServer(binary, dir, database, demoScenarios, measured, (s) => pinsSize(s.baseUrl));
    if (wanted(demoPinsRow))
      extraRows.push({
        name: demoPinsRow,
        value: `${pins.rawKb.toFixed(1)} / ${pins.gzipKb.toFixed(1)}`,
        goal: { text: "< 30 KB gzipped", met: pins.gzipKb < 30 },
      });
    const pinsRun = measured.find((m) => m.scenario.name === demoPinsScenario);
    if (pinsRun) extraRows.push(await sameSizeCeilingRow(ceiling.baseUrl, pinsRun.result, pins.gzipKb));
  }

  // Live delivery appends straight into the database file, and the soak is about the
  // process's memory: both run in the file mode only.
  if (DB_MODE === "file" && wanted(liveRow)) {
    progress(`live delivery: ${LIVE_STREAMS} open streams, ${LIVE_EVENTS} messages`);
    const liveDb = join(dir, "live.db");
    copyFileSync(database, liveDb);
    const liveServer = await startOpenmat(binary, dir, liveDb);
    extraRows.push(...liveRows(liveDelivery(liveServer, liveDb)));
    await liveServer.stop();
  }

  const seeded = seededDatabases(dir);
  if (seeded.schoolsDb) {
    const list = [
      ...schoolScenarios(SCHOOL_COUNT),
      ...(seeded.members ? memberScenarios(seeded.members) : []),
    ];
    const [pins, calendar] = await onServer(binary, dir, seeded.schoolsDb, list, measured, (s) =>
      Promise.all([pinsSize(s.baseUrl), wanted(calendarSizeRow) ? calendarSize(s.baseUrl) : null]),
    );
    if (calendar)
      extraRows.push({
        name: calendarSizeRow,
        value: `${calendar.rawKb.toFixed(1)} / ${calendar.gzipKb.toFixed(1)}`,
      });
    if (wanted(bigPinsRow))
      extraRows.push(...pinsRows(`${SCHOOL_COUNT.toLocaleString("en-US")} schools`, pins, PINS_GOAL_GZIP_KB));
    if (wanted(uniquePinsRow)) {
      const unique = await uniqueNamesPinsSize(repo, binary, dir, seeded.schoolsDb);
      extraRows.push(...pinsRows(uniquePinsLabel, unique, PINS_GOAL_GZIP_KB));
    }
  }
  if (seeded.checkinsDb) {
    await onServer(binary, dir, seeded.checkinsDb, checkinScenarios(seeded.checkins), measured);
  }
  if (seeded.feedDb) await onServer(binary, dir, seeded.feedDb, feedScenarios(seeded.feed), measured);
  const ceilingAfter = await measure("ceiling again", `${ceiling.baseUrl}/`);
  await ceiling.stop();

  // Last and alone, on a fresh server: does memory level off under home-page traffic?
  let soakRun;
  if (DB_MODE === "file" && wanted(soakRowName)) {
    const soaked = await startOpenmat(binary, dir, soakDb);
    soakRun = await soak(`${soaked.baseUrl}/`, soaked, SOAK_CHECKPOINTS);
    await soaked.stop();
    extraRows.push(soakRow(soakRun));
  }

  const results = summarize({
    database: DB_MODE,
    durationSeconds: DURATION_SECONDS,
    goals: GOALS,
    loadAverageBefore,
    startup,
    ceilingRuns: [ceilingBefore, ceilingAfter],
    measured,
    binaryMb: statSync(BINARY).size / 2 ** 20,
  });
  if (wanted("password hash")) {
    results.startup.push({
      name: "password hash, argon2id, median of 10 (ms)",
      value: Math.round(passwordHashMs()),
    });
  }
  if (wanted("profile photo")) {
    results.startup.push({
      name: "one profile photo, 12 MP JPEG to 96 + 512 px WebP, median of 5 (ms / peak RSS MB)",
      value: ((p) => `${Math.round(p.medianMs)} / ${Math.round(p.peakRssMb)}`)(profilePhoto()),
    });
  }
  results.startup.push(...extraRows);
  if (soakRun && (soakRun.non2xx || soakRun.errors)) {
    results.warnings.push(`soak of /: ${soakRun.non2xx} non-2xx responses and ${soakRun.errors} errors.`);
  }
  console.log(markdown(results));
  writeJson(RESULTS, results);
  console.error(`\nwrote ${RESULTS}`);
}

/** Live delivery's two rows: latency to the stream, and memory per open stream. */
function liveRows(live) {
  return [
    {
      name: `live delivery, append to the recipient's stream event, ${LIVE_STREAMS.toLocaleString("en-US")} open streams, ${live.events} messages (p50 / p99 ms)`,
      value: `${Math.round(live.p50Ms)} / ${Math.round(live.p99Ms)}`,
      goal: { text: `p99 < ${LIVE_GOAL_P99_MS} ms`, met: live.p99Ms < LIVE_GOAL_P99_MS },
    },
    {
      name: `RSS per 1,000 open streams (MB; ${Math.round(live.rssBeforeMb)} before, ${Math.round(live.rssAfterMb)} with ${LIVE_STREAMS.toLocaleString("en-US")})`,
      value: Math.round(live.rssPer1000StreamsMb * 10) / 10,
    },
  ];
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

async function runScenarios(list, { baseUrl, countRoundTrips }, measured) {
  for (const scenario of list) {
    const { pathSuffix = "", requests, ...extra } = (await scenario.setup?.(baseUrl)) ?? {};
    const headers = { ...scenario.headers, ...extra };
    const result = await measure(scenario.name, baseUrl + scenario.path + pathSuffix, headers, requests);
    if (countRoundTrips) {
      progress(`${scenario.name}: counting database round trips`);
      const { roundTrips, countedNon2xx } = await countRoundTrips(
        scenario.path + pathSuffix,
        headers,
        requests,
      );
      result.roundTrips = roundTrips;
      result.non2xx += countedNon2xx;
    }
    measured.push({ scenario, result });
  }
}

/**
 * The demo pins' req/s as a share of a bare Bun.serve sending a body of the same size: what
 * is left once the bytes themselves are paid for (see bench/ceiling.ts).
 */
async function sameSizeCeilingRow(ceilingUrl, pinsResult, gzipKb) {
  const bytes = Math.round(gzipKb * 1024);
  const bare = await measure(`ceiling with a ${gzipKb.toFixed(1)} KB body`, `${ceilingUrl}/bytes/${bytes}`);
  return {
    name: `${demoPinsScenario}: % of a bare Bun.serve sending the same ${gzipKb.toFixed(1)} KB (${bare.reqPerSec.toLocaleString("en-US")} req/s)`,
    value: `${((100 * pinsResult.reqPerSec) / bare.reqPerSec).toFixed(1)}%`,
  };
}

function measure(name, url, headers = {}, requests = undefined) {
  progress(`${name}: ${LOAD.warmupSeconds} s warm-up, then ${DURATION_SECONDS} s`);
  return load(url, { durationSeconds: DURATION_SECONDS, headers, requests });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
