// In-process timing of the member APIs of issue 25 (the feed API, a member's saved gyms, user
// search, a check-in), without HTTP or a load generator, so runs on a shared machine compare:
//   NODE_ENV=production bun bench/member-apis.ts [ITERATIONS=300] [FILTER]
//   NODE_ENV=production bun --cpu-prof --cpu-prof-dir=DIR bench/member-apis.ts 2000 feed
// Uses the database bench/member-pages.ts seeds (2,000 schools, 10,000 members, 200,000
// posts; run it once first), on a copy, with 1,250 saved gyms for one member and 500 open
// schools for check-ins added here. Prints CPU ms per request, with a guest's /about beside.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wallClockAt } from "../src/common/schedule/zoned-time";
import { benchApp, ORIGIN, timePerRequest } from "./lib/in-process";

const iterations = Number(process.argv[2] ?? 300);
const filter = process.argv[3] ? new RegExp(process.argv[3], "i") : undefined;
const template = join(tmpdir(), "openmat-bench-member-pages.db");
if (!existsSync(`${template}.json`))
  throw new Error("run bench/member-pages.ts once first: it seeds the database");
const { members, posts } = JSON.parse(await Bun.file(`${template}.json`).text());
const bench = await benchApp(template, { LIMIT_CHECKINS_PER_HOUR: "100000000" });
const client = bench.app.context.database.client;
const cookie: string = posts.cookies[0];

// 1,250 saved gyms for the viewer (newest first by id), public.
const viewerId: number = posts.memberIds[0];
const now = Date.now();
await client.execute({
  sql: `INSERT OR IGNORE INTO favorites (user_id, school_id, created_at)
    SELECT ?, id, ? + id FROM schools ORDER BY id LIMIT 1250`,
  args: [viewerId, now],
});
const fan = (await bench.signUp("bench_fan")) || "";

/** A check-in per request: each at a school with a session now, by the next member in turn. */
const opened = (
  await client.execute("SELECT id, latitude, longitude, time_zone FROM schools ORDER BY id LIMIT 300")
).rows;
const seededAt = new Date();
for (const s of opened) {
  const start = (wallClockAt(seededAt, String(s.time_zone)).minutes - 30 + 1440) % 1440;
  for (let weekday = 0; weekday < 7; weekday++) {
    await client.execute({
      sql: "INSERT INTO open_mat_sessions (school_id, weekday, start_minute, notes) VALUES (?, ?, ?, '[]')",
      args: [Number(s.id), weekday, start],
    });
  }
}
let n = 0;
const checkinCookies = posts.cookies as string[];
async function checkin() {
  const school = opened[Math.floor(n / checkinCookies.length) % opened.length];
  const who = checkinCookies[n++ % checkinCookies.length] ?? "";
  return bench.app.handle(
    new Request(`${ORIGIN}/api/checkins`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, cookie: who },
      body: JSON.stringify({
        schoolId: Number(school?.id),
        latitude: school?.latitude,
        longitude: school?.longitude,
      }),
    }),
  );
}

/** The first open school: its members check in, rate it and go to its next open mats. */
const goingSchool = Number(opened[0]?.id);
async function send(method: string, path: string, who: string, body?: unknown) {
  const headers: Record<string, string> = { origin: ORIGIN, cookie: who };
  if (body !== undefined) headers["content-type"] = "application/json";
  const init: RequestInit = {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  return bench.app.handle(new Request(ORIGIN + path, init));
}
const occurrencesOf = async () =>
  (await (await send("GET", `/api/schools/${goingSchool}/occurrences`, cookie)).json()).occurrences as {
    date: string;
    start: number | null;
    status: string;
  }[];
const slots = (await occurrencesOf()).filter((o) => o.start !== null && o.status === "scheduled").slice(1, 4);
for (const [i, who] of checkinCookies.entries()) {
  const place = { schoolId: goingSchool, latitude: opened[0]?.latitude, longitude: opened[0]?.longitude };
  await send("POST", "/api/checkins", who, place);
  await send("PUT", `/api/schools/${goingSchool}/rating`, who, {
    stars: 1 + (i % 5),
    review: i % 2 ? "Good." : null,
  });
  for (const o of slots)
    await send("POST", `/api/schools/${goingSchool}/occurrences/${o.date}/${o.start}/going`, who);
}
const slot = slots[0];

const rows: { name: string; run: () => Promise<Response> }[] = [
  { name: "GET /about (guest)", run: () => bench.get("/about") },
  { name: "GET /api/posts/feed?limit=10", run: () => bench.get("/api/posts/feed?limit=10", { cookie }) },
  {
    name: "GET /api/favorites/user/{id} (1,250)",
    run: () => bench.get(`/api/favorites/user/${viewerId}`, { cookie: fan }),
  },
  {
    name: `GET /api/users/search?q=${members.search.q}`,
    run: () => bench.get(`/api/users/search?q=${members.search.q}`, { cookie }),
  },
  { name: "POST /api/checkins", run: checkin },
  { name: "GET /api/schools/pins", run: () => bench.get("/api/schools/pins") },
  {
    name: "GET /api/schools/{id}/occurrences",
    run: () => bench.get(`/api/schools/${goingSchool}/occurrences`, { cookie }),
  },
  {
    name: "GET /api/schools/{id}/occurrences/{date}/{start}/going",
    run: () =>
      bench.get(`/api/schools/${goingSchool}/occurrences/${slot?.date}/${slot?.start}/going`, { cookie }),
  },
  {
    name: "GET /api/schools/{id}/reviews",
    run: () => bench.get(`/api/schools/${goingSchool}/reviews`, { cookie }),
  },
];

const time = (run: () => Promise<Response>) => timePerRequest(run, iterations, 50);

for (const row of rows) {
  if (filter && !filter.test(row.name) && !row.name.includes("guest")) continue;
  const res = await row.run();
  const status = res.status;
  const text = status >= 300 ? ` ${(await res.text()).slice(0, 120)}` : "";
  const { cpu, wall } = await time(row.run);
  console.log(`${row.name}: ${cpu.toFixed(3)} ms CPU, ${wall.toFixed(3)} ms wall (status ${status}${text})`);
}
await bench.close();
