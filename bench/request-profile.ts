// In-process timing of the per-request path that is not about schools (issue 14): the
// pipeline and router on a static page, the session lookup, and a member's page header.
//   bun bench/request-profile.ts [ITERATIONS=5000] [FILTER]
//   bun --cpu-prof bench/request-profile.ts 20000 auth/me   # a profile of one row
// Prints µs per request for each row, and a bare Bun.serve-style handler as the floor.
import { benchApp } from "./lib/in-process";

const iterations = Number(process.argv[2] ?? 5000);
const filter = process.argv[3] ? new RegExp(process.argv[3], "i") : undefined;

const bench = await benchApp(undefined, { DEMO_DATA: process.env.DEMO_DATA ?? "false" });
const cookie = await bench.signUp("profiler");

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
  const request = () => bench.get(row.path, row.headers);
  const status = (await request()).status;
  console.log(`${row.name}: ${(await time(request)).toFixed(1)} µs (status ${status})`);
}
await bench.close();
