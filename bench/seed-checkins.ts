// Adds check-ins to a bench database that already has members (bench/seed-members.ts):
// bun bench/seed-checkins.ts FILE PER_MEMBER ACTIVE_MEMBERS OPEN_SCHOOLS
// Every member gets PER_MEMBER verified check-ins (each on a past day of its own, at random
// schools), inserted directly in multi-row INSERTs in one transaction. Then OPEN_SCHOOLS
// schools get one session on every weekday that started 30 minutes before the seeding, on
// their own wall clock, so the check-in window (20 minutes before to 120 after a start)
// holds for the next 90 minutes; a real gym's handful of sessions, not a listing open all
// day (which costs the window search dozens of time-zone conversions). ACTIVE_MEMBERS members
// get a session cookie. The POST scenario pairs each cookie with each open school, so every
// request is a real insert (member, school, today) until ACTIVE_MEMBERS × OPEN_SCHOOLS.
// Prints JSON: the counts, the cookies and the open schools' positions.

import { wallClockAt } from "../src/common/schedule/zoned-time";
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { createSession } from "../src/server/features/auth/sessions";
import { multiRowInserts } from "./lib/multi-row-inserts";

const [file, perMember, active, open] = process.argv.slice(2);
if (!file || !perMember || !active || !open) {
  throw new Error("usage: bun bench/seed-checkins.ts FILE PER_MEMBER ACTIVE_MEMBERS OPEN_SCHOOLS");
}
const PER_MEMBER = Number(perMember);
const ACTIVE = Number(active);
const OPEN = Number(open);

let state = 0x51ed270b;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}

const database = await openDatabase(`file:${file}`);
await migrate(database.client);
const { client } = database;
const userIds = (await client.execute("SELECT id FROM users ORDER BY id")).rows.map((r) => Number(r.id));
const schools = (
  await client.execute("SELECT id, latitude, longitude, time_zone FROM schools ORDER BY id")
).rows.map((r) => ({
  id: Number(r.id),
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  timeZone: String(r.time_zone),
}));
if (schools.length < OPEN) throw new Error(`only ${schools.length} schools, ${OPEN} wanted open`);

const day0 = Date.UTC(2020, 0, 1);
const checkinRows: string[] = [];
for (const userId of userIds) {
  for (let k = 0; k < PER_MEMBER; k++) {
    const school = schools[Math.floor(random() * schools.length)] as (typeof schools)[number];
    const at = day0 + k * 86_400_000 + 18 * 3_600_000;
    const localDate = new Date(at).toISOString().slice(0, 10);
    checkinRows.push(`(${userId}, ${school.id}, ${at}, '${localDate}', 1, 3.5)`);
  }
}
const openSchools = schools.slice(0, OPEN);
const sessionRows: string[] = [];
const seededAt = new Date();
for (const s of openSchools) {
  const start = (wallClockAt(seededAt, s.timeZone).minutes - 30 + 1440) % 1440;
  for (let weekday = 0; weekday < 7; weekday++) sessionRows.push(`(${s.id}, ${weekday}, ${start}, '[]')`);
}

await client.batch(
  [
    ...multiRowInserts(
      "INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified, distance_meters)",
      checkinRows,
    ),
    ...multiRowInserts(
      "INSERT INTO open_mat_sessions (school_id, weekday, start_minute, notes)",
      sessionRows,
    ),
  ],
  "write",
);

const cookies: string[] = [];
const activeIds = userIds.slice(0, ACTIVE);
for (const userId of activeIds) {
  const { token } = await createSession(database.db, userId, new Date());
  cookies.push(`om_session=${token}`);
}
await database.close();

console.log(
  JSON.stringify({
    members: userIds.length,
    checkins: checkinRows.length,
    cookies,
    memberIds: activeIds,
    schools: openSchools.map(({ id, latitude, longitude }) => ({ id, latitude, longitude })),
  }),
);
