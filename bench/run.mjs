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
import { measureStartup, startOpenmat } from "./lib/openmat.mjs";
import { pinsRows, pinsSize, uniqueNamesPinsSize } from "./lib/pins.mjs";
import { progress } from "./lib/progress.mjs";
import { atScale, benchScale, isMemberSchoolRow, localTwin, sqldRatioRow } from "./lib/relative-rows.mjs";
import { markdown, writeJson } from "./lib/report.mjs";
import {
  checkinScenarioStems,
  checkinScenarios,
  demoPinsScenario,
  demoScenarios,
  feedScenarioStems,
  feedScenarios,
  memberScenarioStems,
  memberScenarios,
  schoolScenarios,
} from "./lib/scenarios.mjs";
import { seeder, signInMembers } from "./lib/seeding.mjs";
import { freePort, startServer } from "./lib/server.mjs";
import { MEMBER_SOAK_PAGES, memberPageRequests, peaksLevelOff, soak, soakCheckpoints } from "./lib/soak.mjs";
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
// BENCH_SCALE=10: the member rows also at 100,000 members, 5,000,000 check-ins, 2,000,000 posts.
const SCALE = benchScale();
// Issue 25's member soak: SOAKED_MEMBERS members signed in, their pages in turn.
// Seconds of load: each half a minute or more, so each holds a turn of the minute (every
// kept page made again) and several full collections.
const MEMBER_SOAK_SECONDS = Number(process.env.BENCH_MEMBER_SOAK_SECONDS || 120);
const MEMBER_SOAK_SAMPLE_MS = 100;
const SOAKED_MEMBERS = 200;
const MEMBER_SOAK_MAX_GROWTH_PERCENT = 10;
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
const memberSoakRowName = "RSS soak of member pages";

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

/** What the wanted rows need seeded, each database building on the one before. */
function seedNeeds() {
  const stems = { members: memberScenarioStems, checkins: checkinScenarioStems, feed: feedScenarioStems };
  const need = {
    feed: anyWanted(stems.feed) || (DB_MODE === "file" && wanted(memberSoakRowName)),
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
  // At the larger size, only the member databases whose rows are kept (no school-only rows).
  const larger = {
    feed: anyWanted(stems.feed),
    checkins: anyWanted(stems.checkins),
    members: anyWanted([...stems.members, "saved gyms", "a member's calendar"]),
  };
  larger.checkins ||= larger.feed;
  larger.members ||= larger.checkins;
  larger.schools = larger.members;
  // Each larger row is judged against its 1x row, which needs the 1x members too.
  if (SCALE > 1) need.members ||= larger.members;
  need.schools ||= need.members;
  return { need, larger: SCALE > 1 ? larger : { schools: false } };
}

/** Starts a server on `database`, loads the `list` rows it keeps, and stops it. */
async function onServer(binary, dir, database, list, measured, extra, mode = DB_MODE) {
  const server = await startTarget({ repo, binary, dir, database, env: UNLIMITED, mode });
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

  const { need, larger: needLarger } = seedNeeds();
  const seedDatabases = seeder({ repo, schools: SCHOOL_COUNT });
  const seeded = seedDatabases(dir, need);
  const large = seedDatabases(dir, needLarger, SCALE, seeded.members?.search.q);
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
  if (large.members) {
    const rows = (seededMembers) => [...schoolScenarios(SCHOOL_COUNT), ...memberScenarios(seededMembers)];
    const list = atScale(
      rows(seeded.members),
      rows(large.members),
      SCALE,
      (row) => isMemberSchoolRow(row) || !schoolScenarios(SCHOOL_COUNT).some((s) => s.name === row.name),
    );
    await onServer(binary, dir, large.schoolsDb, list, measured);
  }
  if (seeded.checkinsDb) {
    await onServer(binary, dir, seeded.checkinsDb, checkinScenarios(seeded.checkins), measured);
  }
  if (large.checkinsDb) {
    const list = atScale(checkinScenarios(seeded.checkins), checkinScenarios(large.checkins), SCALE);
    await onServer(binary, dir, large.checkinsDb, list, measured);
  }
  const sqldPairs = [];
  for (const [at, list] of [
    [seeded, seeded.feedDb && feedScenarios(seeded.feed)],
    [large, large.feedDb && atScale(feedScenarios(seeded.feed), feedScenarios(large.feed), SCALE)],
  ]) {
    if (!at.feedDb) continue;
    if (DB_MODE === "file") {
      await onServer(binary, dir, at.feedDb, list, measured);
      continue;
    }
    // Against sqld: the feed API also on a local file (sqld copied the file; this one is unchanged).
    const { local, pair } = localTwin(keep(list));
    await onServer(binary, dir, at.feedDb, list, measured);
    if (local.length) {
      await onServer(binary, dir, at.feedDb, local, measured, undefined, "file");
      sqldPairs.push(pair);
    }
  }
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
  // Then over member pages, many members signed in: what the server keeps per viewer is bounded.
  let memberSoakRun;
  if (DB_MODE === "file" && wanted(memberSoakRowName) && seeded.feedDb) {
    const soakedDb = join(dir, "soak-members.db");
    copyFileSync(seeded.feedDb, soakedDb);
    const viewers = signInMembers(repo, soakedDb, SOAKED_MEMBERS);
    const soaked = await startOpenmat(binary, dir, soakedDb, UNLIMITED);
    const checkpoints = soakCheckpoints(MEMBER_SOAK_SECONDS, [0.125, 0.25, 0.5, 0.75, 1]);
    memberSoakRun = await soak(`${soaked.baseUrl}/about`, soaked, checkpoints, {
      requests: memberPageRequests(viewers),
      sampleEveryMs: MEMBER_SOAK_SAMPLE_MS,
      seconds: true,
    });
    await soaked.stop();
    extraRows.push(memberSoakRow(memberSoakRun, viewers.cookies.length));
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
  if (memberSoakRun && (memberSoakRun.non2xx || memberSoakRun.errors)) {
    results.warnings.push(
      `soak of member pages: ${memberSoakRun.non2xx} non-2xx responses and ${memberSoakRun.errors} errors.`,
    );
  }
  for (const pair of sqldPairs) results.startup.push(sqldRatioRow(DB_MODE, results.throughput, pair));
  // How long the member databases took to seed (when they were made; later runs copy them).
  for (const [label, at] of [
    ["1x", seeded],
    [`${SCALE}x`, large],
  ]) {
    const times = ["members", "checkins", "feed"].filter((k) => at[k]).map((k) => at[k].seedSeconds);
    if (times.length)
      results.startup.push({
        name: `seeding the ${label} member databases (s; members / check-ins / posts, each when first made, then cached)`,
        value: times.join(" / "),
      });
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

/** The member soak as one row: RSS at start, each checkpoint's highest and idle reading, and whether it levelled off. */
function memberSoakRow({ startMb, points }, members) {
  const stretches = points.map((p) => `${p.seconds} s`).join(" / ");
  const requests = points.at(-1).requests;
  return {
    name: `${memberSoakRowName} (${members} members in turn, each ${MEMBER_SOAK_PAGES.join(" ")}; ${requests.toLocaleString("en-US")} requests): at start / highest while running up to ${stretches}, then idle (MB; req/s ${points.map((p) => p.reqPerSec).join(" / ")})`,
    value: [
      Math.round(startMb),
      ...points.map((p) => `${Math.round(p.peakMb ?? p.rssMb)} (${Math.round(p.rssMb)})`),
    ].join(" / "),
    samples: points,
    goal: peaksLevelOff(points, MEMBER_SOAK_MAX_GROWTH_PERCENT),
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
