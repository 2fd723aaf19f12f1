import { EARTH_RADIUS_M } from "../../src/common/schemas/checkins";
import type { TestApp } from "./test-app";

/** A position `meters` due north of a point (exact on the great-circle sphere the server uses). */
export const northOf = (p: { latitude: number; longitude: number }, meters: number) => ({
  latitude: p.latitude + ((meters / EARTH_RADIUS_M) * 180) / Math.PI,
  longitude: p.longitude,
});

let schoolSeq = 0;

/** A school with its own zone and sessions ([weekday, "HH:MM"]), straight into the tables. */
export async function addSchool(
  t: TestApp,
  o: {
    gym?: string;
    state?: string;
    latitude?: number;
    longitude?: number;
    timeZone?: string;
    sessions?: [number, string][];
  } = {},
) {
  schoolSeq++;
  const client = t.app.context.database.client;
  const school = {
    gym: o.gym ?? `Test Gym ${schoolSeq}`,
    state: o.state ?? "NY",
    latitude: o.latitude ?? 40.7 + schoolSeq * 0.01,
    longitude: o.longitude ?? -74.0,
    timeZone: o.timeZone ?? "America/New_York",
  };
  const res = await client.execute({
    sql: `INSERT INTO schools (slug, source_key, gym, location, address, city, state, latitude, longitude,
            time_zone, day_and_time, created_at, updated_at)
          VALUES (?, ?, ?, 'Somewhere', '1 Main St', 'Testville', ?, ?, ?, ?, 'see sessions', 0, 0) RETURNING id`,
    args: [
      `checkin-test-${schoolSeq}`,
      `checkin-test|${schoolSeq}`,
      school.gym,
      school.state,
      school.latitude,
      school.longitude,
      school.timeZone,
    ],
  });
  const id = Number(res.rows[0]?.[0]);
  for (const [weekday, hhmm] of o.sessions ?? []) {
    const [h, m] = hhmm.split(":").map(Number);
    await client.execute({
      sql: "INSERT INTO open_mat_sessions (school_id, weekday, start_minute, end_minute, notes) VALUES (?, ?, ?, NULL, '[]')",
      args: [id, weekday, (h ?? 0) * 60 + (m ?? 0)],
    });
  }
  return { id, ...school };
}

export const EVERY_DAY = (hhmm: string): [number, string][] => [0, 1, 2, 3, 4, 5, 6].map((d) => [d, hhmm]);

/**
 * HH:MM on a wall clock (addSchool's default zone) `minutes` ago by the real clock: with
 * EVERY_DAY, a session that is open now, for tests on an app that keeps real time.
 */
export function wallClockAgo(minutes: number, timeZone = "America/New_York") {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(Date.now() - minutes * 60_000));
}

let daySeq = 0;

/** Verified check-ins straight into the table, each on a past day of its own, to drive badge metrics. */
export async function insertVerifiedCheckins(t: TestApp, userId: number, schoolIds: number[]) {
  if (schoolIds.length === 0) return;
  const values = schoolIds.map(() => "(?, ?, 0, ?, 1, 0, NULL)").join(", ");
  const args = schoolIds.flatMap((schoolId) => [
    userId,
    schoolId,
    new Date(Date.UTC(2000, 0, 1 + daySeq++)).toISOString().slice(0, 10),
  ]);
  await t.app.context.database.client.execute({
    sql: `INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified, distance_meters, session_id) VALUES ${values}`,
    args,
  });
}
