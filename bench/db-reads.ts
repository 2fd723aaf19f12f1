// In-process timing of the pages and APIs that read the schools (issue 14), without HTTP
// or a load generator, so that two runs on this shared machine compare fairly:
//   NODE_ENV=production bun bench/db-reads.ts [SCHOOLS=20000] [ITERATIONS=2000]
// (NODE_ENV=production loads React's production build, as the binary does.)
// Prints ms per request and database statements per request for each row.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countStatements } from "../tests/support/sql-counter";
import { benchApp } from "./lib/in-process";

const schools = Number(process.argv[2] ?? 20_000);
const iterations = Number(process.argv[3] ?? 2000);

const template = join(tmpdir(), `openmat-bench-reads-${schools}.db`);
if (!existsSync(template)) {
  const proc = Bun.spawnSync(["bun", "bench/seed-schools.ts", template, String(schools)], {
    stderr: "inherit",
  });
  if (proc.exitCode !== 0) throw new Error("seeding failed");
}
const bench = await benchApp(template);
const { app } = bench;
const handle = bench.get;
const cookie = await bench.signUp("bench_reads");
const slug = String(
  (await app.context.database.client.execute("SELECT slug FROM schools ORDER BY id LIMIT 1")).rows[0]?.[0],
);

const rows: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: "GET /about (guest)", path: "/about" },
  { name: "GET / (guest)", path: "/" },
  { name: "GET /schools/{slug}", path: `/schools/${slug}` },
  // Members get a page of their own, rendered per request (the schools still come from memory).
  { name: "GET / (member)", path: "/", headers: { cookie } },
  { name: "GET /schools/{slug} (member)", path: `/schools/${slug}`, headers: { cookie } },
  {
    name: "GET /api/schools/search?q=Austin, TX (member)",
    path: `/api/schools/search?q=${encodeURIComponent("Austin, TX")}`,
    headers: { cookie },
  },
  {
    name: "GET /api/schools/radius 40 mi (member)",
    path: "/api/schools/radius?lat=30.2672&lng=-97.7431&radius=40",
    headers: { cookie },
  },
];

const counter = countStatements(app.context.database.client);
console.log(`| ${schools} schools, ${iterations} requests | ms/req | statements/req | status |`);
console.log("|---|---|---|---|");
for (const row of rows) {
  let status = 0;
  for (let i = 0; i < 200; i++) status = (await handle(row.path, row.headers)).status;
  counter.reset();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await (await handle(row.path, row.headers)).arrayBuffer();
  const ms = (performance.now() - start) / iterations;
  console.log(`| ${row.name} | ${ms.toFixed(3)} | ${(counter.n / iterations).toFixed(2)} | ${status} |`);
}
await bench.close();
