// In-process timing of the pages and APIs that read the schools (issue 14), without HTTP
// or a load generator, so that two runs on this shared machine compare fairly:
//   NODE_ENV=production bun bench/db-reads.ts [SCHOOLS=20000] [ITERATIONS=2000]
// (NODE_ENV=production loads React's production build, as the binary does.)
// Prints ms per request and database statements per request for each row.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/server/app";
import { loadEnv } from "../src/server/env";
import { silentLogger } from "../src/server/log";
import { countStatements } from "../tests/support/sql-counter";

const schools = Number(process.argv[2] ?? 20_000);
const iterations = Number(process.argv[3] ?? 2000);
const ORIGIN = "http://localhost:3000";

const template = join(tmpdir(), `openmat-bench-reads-${schools}.db`);
if (!existsSync(template)) {
  const proc = Bun.spawnSync(["bun", "bench/seed-schools.ts", template, String(schools)], {
    stderr: "inherit",
  });
  if (proc.exitCode !== 0) throw new Error("seeding failed");
}
const dir = mkdtempSync(join(tmpdir(), "openmat-bench-reads-"));
copyFileSync(template, join(dir, "db.db"));
const env = loadEnv({
  NODE_ENV: "production",
  PUBLIC_URL: ORIGIN,
  DATABASE_URL: `file:${join(dir, "db.db")}`,
  DEMO_DATA: "false",
  SEARCH_LIMIT_MEMBER: "100000000",
  SIGNUP_LIMIT: "1000",
});
const app = await createApp({ env, logger: silentLogger });
const handle = (path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`${ORIGIN}${path}`, { headers: { "accept-encoding": "gzip", ...headers } }));

const register = await app.handle(
  new Request(`${ORIGIN}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({
      username: "bench_reads",
      email: "bench.reads@example.com",
      password: "a long bench password",
    }),
  }),
);
const cookie = (register.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
if (!cookie) throw new Error(`register: ${register.status} ${await register.text()}`);
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
await app.close();
rmSync(dir, { recursive: true, force: true });
