// In-process timing of POST /api/checkins as `npm run bench` loads it (issue 25), without HTTP
// or a load generator:
//   NODE_ENV=production [CONCURRENCY=10] bun bench/checkin-write.ts [ITERATIONS=1000] [PER_MEMBER=50]
//   NODE_ENV=production bun --cpu-prof --cpu-prof-dir=DIR bench/checkin-write.ts 3000
// On a copy of the database bench/member-pages.ts seeds (run it once first), with PER_MEMBER
// verified check-ins per member and 1,000 open schools added by bench/seed-checkins.ts (the
// result is kept beside it). Each request is the next (member, open school) pair, so every
// one is a real insert with its badge statements, as in run.mjs. CONCURRENCY requests at a time
// (default 1; the bench's load has 10) share their commits (see db/grouped-batch.ts). The open
// mats are opened again when the template is over half an hour old. Prints CPU ms per request
// with a guest's /about beside, and the statuses seen. EXPLAIN=1 also prints the query plan
// of every statement the write path runs (recorded by wrapping the libSQL client) and stops.
import { copyFileSync, existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchApp, ORIGIN, timePerRequest } from "./lib/in-process";

const iterations = Number(process.argv[2] ?? 1000);
const perMember = Number(process.argv[3] ?? 50);
const source = join(tmpdir(), "openmat-bench-member-pages.db");
if (!existsSync(source)) throw new Error("run bench/member-pages.ts once first: it seeds the database");
const template = join(tmpdir(), `openmat-bench-checkin-write-${perMember}.db`);
// seed-checkins opens its schools' sessions 30 minutes before it runs: later they close.
const TEMPLATE_FRESH_MS = 30 * 60_000;
const fresh = (path: string) => existsSync(path) && Date.now() - statSync(path).mtimeMs < TEMPLATE_FRESH_MS;
if (!fresh(`${template}.json`)) {
  copyFileSync(source, template);
  const seeded = Bun.spawnSync(
    ["bun", "bench/seed-checkins.ts", template, String(perMember), "200", "1000"],
    {
      stderr: "inherit",
    },
  );
  if (seeded.exitCode !== 0) throw new Error("seed-checkins failed");
  await Bun.write(`${template}.json`, seeded.stdout);
}
const seeded = JSON.parse(await Bun.file(`${template}.json`).text()) as {
  checkins: number;
  cookies: string[];
  schools: { id: number; latitude: number; longitude: number }[];
};
const bench = await benchApp(template, { LIMIT_CHECKINS_PER_HOUR: "100000000" });

let n = 0;
const statuses = new Map<number, number>();
async function checkin() {
  const cookie = seeded.cookies[n % seeded.cookies.length] ?? "";
  const school = seeded.schools[Math.floor(n / seeded.cookies.length) % seeded.schools.length];
  n++;
  const res = await bench.app.handle(
    new Request(`${ORIGIN}/api/checkins`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, cookie, "accept-encoding": "gzip" },
      body: JSON.stringify({
        schoolId: school?.id,
        latitude: school?.latitude,
        longitude: school?.longitude,
      }),
    }),
  );
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return res;
}

const concurrency = Number(process.env.CONCURRENCY ?? 1);
const time = (run: () => Promise<Response>) => timePerRequest(run, iterations, 100, concurrency);

if (process.env.EXPLAIN) {
  const client = bench.app.context.database.client;
  const seen = new Map<string, unknown>();
  let recording = true;
  const record = (stmt: unknown) => {
    if (!recording) return;
    const s = typeof stmt === "string" ? { sql: stmt, args: [] } : (stmt as { sql: string; args?: unknown });
    if (!seen.has(s.sql)) seen.set(s.sql, s.args ?? []);
  };
  const original = { execute: client.execute.bind(client), batch: client.batch.bind(client) };
  // biome-ignore lint/suspicious/noExplicitAny: a bench probe around the client's two entry points
  (client as any).execute = (stmt: unknown, ...rest: unknown[]) => {
    record(stmt);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (original.execute as any)(stmt, ...rest);
  };
  // biome-ignore lint/suspicious/noExplicitAny: as above
  (client as any).batch = (stmts: unknown[], ...rest: unknown[]) => {
    for (const s of stmts) record(s);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (original.batch as any)(stmts, ...rest);
  };
  await checkin();
  recording = false;
  for (const [sql, args] of seen) {
    if (/^\s*(BEGIN|COMMIT|ROLLBACK)/i.test(sql)) continue;
    console.log(`\n${sql.replace(/\s+/g, " ").slice(0, 200)}`);
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the recorded arguments, as they were sent
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as any });
      for (const r of plan.rows) console.log(`  ${String(r.detail)}`);
    } catch (error) {
      console.log(`  (no plan: ${String(error).slice(0, 100)})`);
    }
  }
  // The probe stays on the client: a plan-only run.
  await bench.close();
  process.exit(0);
}

const about = await time(() => bench.get("/about"));
console.log(`GET /about (guest): ${about.cpu.toFixed(3)} ms CPU, ${about.wall.toFixed(3)} ms wall`);
statuses.clear();
const { cpu, wall } = await time(checkin);
console.log(
  `POST /api/checkins (${seeded.checkins} check-ins, ${concurrency} at a time): ${cpu.toFixed(3)} ms CPU, ${wall.toFixed(3)} ms wall,` +
    ` ${(cpu / about.cpu).toFixed(1)}× /about; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
);
await bench.close();
