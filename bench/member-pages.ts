// In-process timing of the member pages and APIs (issue 14's bar for later issues: a page
// that reads the database costs no more than a few times a static one), without HTTP or a
// load generator, so two runs on this shared machine compare fairly:
//   bun bench/member-pages.ts [ITERATIONS=500] [FILTER]
// Seeds (once, kept in the temp directory) 2,000 schools, 10,000 members and 200,000 posts
// with 50 follows each (bench/seed-*.ts), then prints CPU ms per request for each row, with
// a guest's `/about` (a static page) to compare with. Run it with NODE_ENV=production, as the
// binary is built, or React runs its development build.
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchApp } from "./lib/in-process";

const iterations = Number(process.argv[2] ?? 500);
const filter = process.argv[3] ? new RegExp(process.argv[3], "i") : undefined;

function seed(script: string, args: string[]) {
  const proc = Bun.spawnSync(["bun", `bench/${script}`, ...args], { stderr: "inherit" });
  if (proc.exitCode !== 0) throw new Error(`${script} failed`);
  return JSON.parse(proc.stdout.toString());
}

const template = join(tmpdir(), "openmat-bench-member-pages.db");
const seededJson = `${template}.json`;
if (!existsSync(seededJson)) {
  rmSync(template, { force: true });
  seed("seed-schools.ts", [template, "2000"]);
  const members = seed("seed-members.ts", [template, "10000", "bench password 1"]);
  const posts = seed("seed-posts.ts", [template, "200000", "50", "5"]);
  await Bun.write(seededJson, JSON.stringify({ members, posts }));
}
const { members, posts } = JSON.parse(await Bun.file(seededJson).text());
const bench = await benchApp(template);
const app = bench.app;
const cookie: string = posts.cookies[0];
const viewerId: number = posts.memberIds[0];
const followed = await app.context.database.client.execute({
  sql: "SELECT following_id FROM follows WHERE follower_id = ? LIMIT 1",
  args: [viewerId],
});
const friendId = Number(followed.rows[0]?.[0]);

const rows: { name: string; path: string; guest?: boolean }[] = [
  { name: "GET /about (guest)", path: "/about", guest: true },
  { name: "GET /about (member)", path: "/about" },
  { name: "GET /api/posts/feed?limit=10", path: "/api/posts/feed?limit=10" },
  { name: "GET /feed", path: "/feed" },
  { name: "GET /users/{followed}", path: `/users/${friendId}` },
  { name: "GET /api/posts/user/{followed}", path: `/api/posts/user/${friendId}` },
  { name: `GET /api/users/search?q=${members.search.q}`, path: `/api/users/search?q=${members.search.q}` },
  { name: "GET /messages", path: "/messages" },
  { name: "GET /api/notifications", path: "/api/notifications" },
];

/** CPU time per request (user + system, in ms): on a shared machine, wall time mostly measures the neighbours. */
async function time(run: () => Promise<Response>) {
  for (let i = 0; i < Math.min(100, iterations); i++) await (await run()).arrayBuffer();
  const started = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await (await run()).arrayBuffer();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / iterations;
}

let aboutMs = 0;
for (const row of rows) {
  if (filter && !filter.test(row.name) && !row.guest) continue;
  const request = () => bench.get(row.path, row.guest ? {} : { cookie });
  const status = (await request()).status;
  const ms = await time(request);
  if (row.guest) aboutMs = ms;
  const ratio = aboutMs ? ` (${(ms / aboutMs).toFixed(1)}× a guest's /about)` : "";
  console.log(`${row.name}: ${ms.toFixed(2)} ms${ratio} (status ${status})`);
}
await bench.close();
