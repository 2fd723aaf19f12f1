// What the check-in rows need at the hour of the run, on a copy of a (possibly cached)
// check-in database: bun bench/seed-open-now.ts FILE ACTIVE_MEMBERS OPEN_SCHOOLS
// OPEN_SCHOOLS schools get one session on every weekday that started 30 minutes before now,
// on their own wall clock, so the check-in window (20 minutes before to 120 after a start)
// holds for the next 90 minutes; a real gym's handful of sessions, not a listing open all
// day (which costs the window search dozens of time-zone conversions). ACTIVE_MEMBERS members
// get a session cookie. The POST scenario pairs each cookie with each open school, so every
// request is a real insert (member, school, today) until ACTIVE_MEMBERS × OPEN_SCHOOLS.
// Prints JSON: the cookies and the open schools' positions.
import { wallClockAt } from "../src/common/schedule/zoned-time";
import { openDatabase } from "../src/db/client";
import { createSession } from "../src/server/features/auth/sessions";
import { multiRowInserts } from "./lib/multi-row-inserts";

const [file, active, open] = process.argv.slice(2);
if (!file || !active || !open)
  throw new Error("usage: bun bench/seed-open-now.ts FILE ACTIVE_MEMBERS OPEN_SCHOOLS");
const ACTIVE = Number(active);
const OPEN = Number(open);

const database = await openDatabase(`file:${file}`);
const { client } = database;
const schools = (
  await client.execute(`SELECT id, latitude, longitude, time_zone FROM schools ORDER BY id LIMIT ${OPEN}`)
).rows.map((r) => ({
  id: Number(r.id),
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  timeZone: String(r.time_zone),
}));
if (schools.length < OPEN) throw new Error(`only ${schools.length} schools, ${OPEN} wanted open`);
const now = new Date();
const sessionRows: string[] = [];
for (const s of schools) {
  const start = (wallClockAt(now, s.timeZone).minutes - 30 + 1440) % 1440;
  for (let weekday = 0; weekday < 7; weekday++) sessionRows.push(`(${s.id}, ${weekday}, ${start}, '[]')`);
}
await client.batch(
  multiRowInserts("INSERT INTO open_mat_sessions (school_id, weekday, start_minute, notes)", sessionRows),
  "write",
);

const activeIds = (await client.execute(`SELECT id FROM users ORDER BY id LIMIT ${ACTIVE}`)).rows.map((r) =>
  Number(r.id),
);
const cookies: string[] = [];
for (const userId of activeIds) {
  const { token } = await createSession(database.db, userId, now);
  cookies.push(`om_session=${token}`);
}
await database.close();

console.log(
  JSON.stringify({
    cookies,
    memberIds: activeIds,
    schools: schools.map(({ id, latitude, longitude }) => ({ id, latitude, longitude })),
  }),
);
