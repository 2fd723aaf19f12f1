import { wallClockAt } from "../../src/common/schedule/zoned-time";
import { openDatabase } from "../../src/db/client";
import { createSession } from "../../src/server/features/auth/sessions";
import { multiRowInserts } from "./multi-row-inserts";

/**
 * What a bench database needs at the hour of the run, apart from its (cacheable) bulk rows:
 * session cookies, and schools open now. Used by bench/seed-open-now.ts and
 * bench/seed-signed-in.ts, and by seed-checkins.ts / seed-posts.ts when given the older
 * arguments (bench/member-pages.ts and bench/checkin-write.ts pass them).
 */

/**
 * OPEN schools get one session on every weekday that started 30 minutes before now, on their
 * own wall clock, so the check-in window (20 minutes before to 120 after a start) holds for
 * the next 90 minutes; a real gym's handful of sessions, not a listing open all day (which
 * costs the window search dozens of time-zone conversions). The first ACTIVE members get a
 * session cookie. The POST scenario pairs each cookie with each open school, so every request
 * is a real insert (member, school, today) until ACTIVE × OPEN.
 */
export async function openNow(file: string, active: number, open: number) {
  const database = await openDatabase(`file:${file}`);
  const { client } = database;
  const schools = (
    await client.execute(`SELECT id, latitude, longitude, time_zone FROM schools ORDER BY id LIMIT ${open}`)
  ).rows.map((r) => ({
    id: Number(r.id),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    timeZone: String(r.time_zone),
  }));
  if (schools.length < open) throw new Error(`only ${schools.length} schools, ${open} wanted open`);
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
  const memberIds = (await client.execute(`SELECT id FROM users ORDER BY id LIMIT ${active}`)).rows.map((r) =>
    Number(r.id),
  );
  const cookies: string[] = [];
  for (const userId of memberIds) {
    const { token } = await createSession(database.db, userId, now);
    cookies.push(`om_session=${token}`);
  }
  await database.close();
  return {
    cookies,
    memberIds,
    schools: schools.map(({ id, latitude, longitude }) => ({ id, latitude, longitude })),
  };
}

/**
 * Session cookies for `count` members spread evenly over them by id (and so over
 * bench/seed-posts.ts's popularity order, a shuffle), so their feeds differ.
 */
export async function signInSpread(file: string, count: number) {
  const database = await openDatabase(`file:${file}`);
  const ids = (await database.client.execute("SELECT id FROM users ORDER BY id")).rows.map((r) =>
    Number(r.id),
  );
  const cookies: string[] = [];
  const memberIds: number[] = [];
  for (let k = 0; k < count; k++) {
    const id = ids[Math.floor(((k + 0.5) * ids.length) / count)] as number;
    const { token } = await createSession(database.db, id, new Date());
    cookies.push(`om_session=${token}`);
    memberIds.push(id);
  }
  await database.close();
  return { cookies, memberIds };
}
