import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { bumpSchoolsVersion } from "../../src/server/features/schools/queries";
import { schoolsChanged } from "../../src/server/features/schools/schools-version";
import type { TestApp } from "./test-app";

/** A small fixed set of schools at real places, for search and schedule tests. */
export const fixtureSchools: SchoolDraft[] = [
  {
    gym: "Capital City Grappling",
    address: "100 Congress Ave, Austin, TX 78701",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    latitude: 30.2655,
    longitude: -97.7437,
    dayAndTime: "Sat 11am-1pm (Gi), Sun 10am",
    website: "https://capital.example.com/",
    communityNotes: "Bring a white gi.",
    phone: "(512) 555-0100",
  },
  {
    gym: "Eastside Jiu-Jitsu",
    address: "2200 E 6th St, Austin, TX 78702",
    city: "Austin",
    state: "TX",
    zipCode: "78702",
    latitude: 30.2617,
    longitude: -97.7197,
    dayAndTime: "Fri 7pm to 9pm",
  },
  {
    gym: "Round Rock Rollers",
    address: "1 Main St, Round Rock, TX 78664",
    city: "Round Rock",
    state: "TX",
    latitude: 30.5083,
    longitude: -97.6789,
    dayAndTime: "Saturdays 9:00 AM - 11:00 AM",
  },
  {
    gym: "Big D Submission Club",
    address: "500 Elm St, Dallas, TX 75202",
    city: "Dallas",
    state: "TX",
    latitude: 32.7815,
    longitude: -96.8011,
    dayAndTime: "Sun 12 PM & Wed 7:30 PM",
  },
  {
    gym: "Desert Heat BJJ",
    address: "10 W Washington St, Phoenix, AZ 85003",
    city: "Phoenix",
    state: "AZ",
    latitude: 33.4484,
    longitude: -112.074,
    dayAndTime: "Saturday 11:00 AM - 1:00 PM",
  },
  {
    gym: "Aloha Grappling",
    address: "1 Kalakaua Ave, Honolulu, HI 96815",
    city: "Honolulu",
    state: "HI",
    latitude: 21.2766,
    longitude: -157.8277,
    dayAndTime: "Sun 9am",
  },
];

export async function seedFixtureSchools(t: TestApp, now = () => new Date()) {
  const ids: Record<string, number> = {};
  for (const draft of fixtureSchools) {
    const { id } = await upsertSchool({ db: t.app.context.database.db, now, timeZoneAt }, draft);
    ids[draft.gym] = id;
  }
  return ids;
}

/**
 * Adds `count` schools in two statements (one session each, Saturday 10:00 to 12:00),
 * scattered over about 0.1 degree from `near`, and bumps the schools version as the app's
 * own writes do. For large counts, where seeding through the ingest path would be slow.
 */
export async function insertManySchools(
  t: TestApp,
  count: number,
  near: { latitude: number; longitude: number },
  prefix = "bulk",
) {
  const client = t.app.context.database.client;
  const now = Date.now();
  await client.execute({
    sql: `INSERT INTO schools (slug, source_key, gym, location, address, city, state, latitude, longitude,
            time_zone, day_and_time, saturday, created_at, updated_at)
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          SELECT ? || '-' || i, ? || '|' || i, 'Gym ' || ? || ' ' || i, 'Somewhere', i || ' Main St', 'Somewhere', 'TX',
            ? + (i % 200) * 0.0005, ? + (i / 200) * 0.0005, 'America/Chicago', 'Sat 10am-12pm', 1, ?, ?
          FROM n`,
    args: [count, prefix, prefix, prefix, near.latitude, near.longitude, now, now],
  });
  await client.execute({
    sql: `INSERT INTO open_mat_sessions (school_id, weekday, start_minute, end_minute, notes)
          SELECT id, 6, 600, 720, '[]' FROM schools WHERE slug LIKE ? || '-%'`,
    args: [prefix],
  });
  await bumpSchoolsVersion(t.app.context.database.db);
  schoolsChanged(t.app.context.database.db);
}
