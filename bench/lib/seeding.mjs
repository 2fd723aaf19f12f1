import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { MEMBER_PASSWORD } from "./members.mjs";
import { progress } from "./progress.mjs";
import { CHECKINS_PER_MEMBER, FEED_FOLLOWS } from "./scenarios.mjs";

/**
 * The generated databases, each built on the one before: schools, + members, + check-ins,
 * + posts. `scale` multiplies the member-side sizes (BENCH_SCALE=10: 100,000 members,
 * 5,000,000 check-ins, 2,000,000 posts; the schools stay as they are). The seeded files are
 * cached under node_modules/.cache/bench-db/<key>/, the key a hash of the seeders and of what
 * they read from src (migrations, the demo generators), so a run after the first only copies
 * them; BENCH_SEED_CACHE=0 seeds afresh and leaves the cache alone. What depends on the hour
 * of the run (sessions, schools open now) is added to each run's copy, never to the cache.
 */
export const MEMBER_COUNT = 10_000;
export const FEED_POSTS = 200_000;
const CHECKIN_ACTIVE_MEMBERS = 200;
const CHECKIN_OPEN_SCHOOLS = 1_000;
const FEED_SIGNED_IN = 20;

const KEY_SOURCES = [
  "bench/seed-schools.ts",
  "bench/seed-members.ts",
  "bench/seed-checkins.ts",
  "bench/seed-posts.ts",
  "bench/lib/bulk-insert.ts",
  "src/db/migrations",
  "src/db/seed",
  "src/server/features/demo-community/content.ts",
  "src/server/features/schools/ingest.ts",
  "src/server/features/schools/demo-rules.ts",
];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function cacheKey(repo) {
  const hash = createHash("sha256");
  for (const file of KEY_SOURCES.flatMap((p) => filesUnder(join(repo, p)))) {
    hash.update(relative(repo, file)).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Returns `seedInto(step, dir)` helpers bound to the cache: each cached step is a file and its
 * JSON, made once from the step before (copied) and then only copied into the run's `dir`.
 */
export function seeder({ repo, schools }) {
  const useCache = process.env.BENCH_SEED_CACHE !== "0";
  const root = join(repo, "node_modules/.cache/bench-db");
  const cache = useCache ? join(root, cacheKey(repo)) : undefined;
  const scratch = join(repo, "node_modules/.cache/bench-db-scratch");
  if (cache && !existsSync(cache)) {
    // Older keys' files are stale (a seeder or a migration changed): drop them.
    rmSync(root, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
  }
  const bun = join(repo, "node_modules/.bin/bun");
  const run = (script, args) => {
    const out = execFileSync(bun, [join(repo, "bench", script), ...args], { maxBuffer: 64 * 2 ** 20 });
    const text = out.toString().trim();
    return text ? JSON.parse(text) : undefined;
  };
  const made = new Map();

  /** The cached file of step `name` (made from `from`'s file by `script args` when missing). */
  function step(name, from, label, script, args) {
    if (made.has(name)) return made.get(name);
    const dir = cache ?? scratch;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.db`);
    const json = join(dir, `${name}.json`);
    if (!cache || !existsSync(json)) {
      const fromFile = from ? from().file : undefined;
      const started = performance.now();
      progress(`${label}${cache ? " (cached for the next runs)" : ""}`);
      const temporary = `${file}.part`;
      rmSync(temporary, { force: true });
      if (fromFile) copyFileSync(fromFile, temporary);
      const data = run(script, [temporary, ...args]) ?? {};
      data.seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      rmSync(`${temporary}-wal`, { force: true });
      rmSync(`${temporary}-shm`, { force: true });
      renameSync(temporary, file);
      writeFileSync(json, JSON.stringify(data));
    }
    const result = { file, data: JSON.parse(readFileSync(json, "utf8")) };
    made.set(name, result);
    return result;
  }

  const count = schools;
  const schoolsStep = () =>
    step(`schools-${count}`, undefined, `generating ${count} schools`, "seed-schools.ts", [String(count)]);
  const membersStep = (scale, term) => {
    const n = MEMBER_COUNT * scale;
    return step(`members-${count}-${n}`, schoolsStep, `generating ${n} members`, "seed-members.ts", [
      String(n),
      MEMBER_PASSWORD,
      ...(term ? [term] : []),
    ]);
  };
  const checkinsStep = (scale, term) =>
    step(
      `checkins-${count}-${MEMBER_COUNT * scale}`,
      () => membersStep(scale, term),
      `adding ${CHECKINS_PER_MEMBER} check-ins to each of ${MEMBER_COUNT * scale} members`,
      "seed-checkins.ts",
      [String(CHECKINS_PER_MEMBER)],
    );
  const feedStep = (scale, term) =>
    step(
      `feed-${count}-${MEMBER_COUNT * scale}`,
      () => checkinsStep(scale, term),
      `adding ${FEED_POSTS * scale} posts and ${FEED_FOLLOWS} follows each to ${MEMBER_COUNT * scale} members`,
      "seed-posts.ts",
      [String(FEED_POSTS * scale), String(FEED_FOLLOWS)],
    );

  const copy = (from, to) => {
    copyFileSync(from.file, to);
    return to;
  };

  /**
   * The databases `need` asks for at `scale`, copied into `dir` (file names tagged with the
   * scale) with this run's sessions added. `term`: the search term of the 1x members, so a
   * larger size searches the same word.
   */
  return function seedDatabases(dir, need, scale = 1, term = undefined) {
    const out = {};
    const tag = scale === 1 ? "" : `-${scale}x`;
    if (!need.schools) return out;
    out.schoolsDb = join(dir, `schools${tag}.db`);
    if (!need.members) {
      copy(schoolsStep(), out.schoolsDb);
      return out;
    }
    const members = membersStep(scale, term);
    copy(members, out.schoolsDb);
    out.members = members.data;
    if (need.checkins) {
      const checkins = checkinsStep(scale, term);
      out.checkinsDb = copy(checkins, join(dir, `checkins${tag}.db`));
      const now = run("seed-open-now.ts", [
        out.checkinsDb,
        String(CHECKIN_ACTIVE_MEMBERS),
        String(CHECKIN_OPEN_SCHOOLS),
      ]);
      out.checkins = { ...checkins.data, ...now };
    }
    if (need.feed) {
      const feed = feedStep(scale, term);
      out.feedDb = copy(feed, join(dir, `feed${tag}.db`));
      out.feed = { ...feed.data, ...run("seed-signed-in.ts", [out.feedDb, String(FEED_SIGNED_IN)]) };
    }
    return out;
  };
}

/** Sessions for `n` members of a seeded copy, spread over them (the member soak's viewers). */
export function signInMembers(repo, file, n) {
  const out = execFileSync(join(repo, "node_modules/.bin/bun"), [
    join(repo, "bench/seed-signed-in.ts"),
    file,
    String(n),
  ]);
  return JSON.parse(out.toString());
}
