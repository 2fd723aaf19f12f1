// In-process timing of the per-request path that is not about schools (issue 14): the
// pipeline and router on a static page, the session lookup, and a member's page header.
//   bun bench/request-profile.ts [ITERATIONS=5000] [FILTER]
//   bun --cpu-prof bench/request-profile.ts 20000 auth/me   # a profile of one row
// Prints µs per request for each row, and a bare Bun.serve-style handler as the floor.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/server/app";
import { loadEnv } from "../src/server/env";
import { silentLogger } from "../src/server/log";

const iterations = Number(process.argv[2] ?? 5000);
const filter = process.argv[3] ? new RegExp(process.argv[3], "i") : undefined;
const ORIGIN = "http://localhost:3000";

const dir = mkdtempSync(join(tmpdir(), "openmat-request-profile-"));
const env = loadEnv({
  NODE_ENV: "production",
  PUBLIC_URL: ORIGIN,
  DATABASE_URL: `file:${join(dir, "db.db")}`,
  DEMO_DATA: process.env.DEMO_DATA ?? "false",
  SIGNUP_LIMIT: "1000",
  SEARCH_LIMIT_MEMBER: "100000000",
});
const app = await createApp({ env, logger: silentLogger });
const register = await app.handle(
  new Request(`${ORIGIN}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({
      username: "profiler",
      email: "profiler@example.com",
      password: "a long password 1",
    }),
  }),
);
const cookie = (register.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
if (!cookie) throw new Error(`register: ${register.status} ${await register.text()}`);

const rows: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: "GET /about (guest)", path: "/about" },
  { name: "GET /healthz", path: "/healthz" },
  { name: "GET /api/auth/me (member)", path: "/api/auth/me", headers: { cookie } },
  { name: "GET /about (member)", path: "/about", headers: { cookie } },
  { name: "GET /notifications (member)", path: "/notifications", headers: { cookie } },
  // Charges the member's daily search quota: one write per request.
  {
    name: "GET /api/schools/radius (member)",
    path: "/api/schools/radius?lat=30.2672&lng=-97.7431&radius=40",
    headers: { cookie },
  },
];

const floor = async () => new Response("ok");
async function time(run: () => Promise<Response>) {
  for (let i = 0; i < Math.min(500, iterations); i++) await (await run()).arrayBuffer();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await (await run()).arrayBuffer();
  return ((performance.now() - started) * 1000) / iterations;
}

console.log(`floor (a handler answering "ok"): ${(await time(floor)).toFixed(1)} µs`);
for (const row of rows) {
  if (filter && !filter.test(row.name)) continue;
  const request = () =>
    app.handle(new Request(ORIGIN + row.path, { headers: { "accept-encoding": "gzip", ...row.headers } }));
  const status = (await request()).status;
  console.log(`${row.name}: ${(await time(request)).toFixed(1)} µs (status ${status})`);
}
await app.close();
rmSync(dir, { recursive: true, force: true });
