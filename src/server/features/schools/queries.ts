import { and, asc, between, eq, inArray, like, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { rawStatement } from "../../../db/raw-statement";
import { openMatSessions, schools } from "../../../db/schema";

export type SchoolRow = typeof schools.$inferSelect;
export type SessionRow = typeof openMatSessions.$inferSelect;

export const findSchoolById = (db: Db, id: number) =>
  db.query.schools.findFirst({ where: eq(schools.id, id) });

export const findSchoolBySlug = (db: Db, slug: string) =>
  db.query.schools.findFirst({ where: eq(schools.slug, slug) });

export const findSchoolBySourceKey = (db: Db, key: string) =>
  db.query.schools.findFirst({ where: eq(schools.sourceKey, key) });

export const slugTaken = async (db: Db, slug: string) =>
  Boolean(await db.query.schools.findFirst({ where: eq(schools.slug, slug), columns: { id: true } }));

/** Ids per `IN (…)` list: far below SQLite's limit on bound variables (32,766). */
export const IN_LIST_MAX = 500;

/** The sessions of these schools, each school's by weekday and start; long id lists are read in chunks. */
export async function sessionsOf(db: Db, schoolIds: number[]): Promise<SessionRow[]> {
  const out: SessionRow[] = [];
  for (let i = 0; i < schoolIds.length; i += IN_LIST_MAX) {
    const chunk = await db
      .select()
      .from(openMatSessions)
      .where(inArray(openMatSessions.schoolId, schoolIds.slice(i, i + IN_LIST_MAX)))
      .orderBy(asc(openMatSessions.weekday), asc(openMatSessions.startMinute));
    out.push(...chunk);
  }
  return out;
}

/** Every session in one pass, grouped by school (then by weekday and start), with no id list. */
export const allSessionsBySchool = (db: Db) =>
  db
    .select()
    .from(openMatSessions)
    .orderBy(asc(openMatSessions.schoolId), asc(openMatSessions.weekday), asc(openMatSessions.startMinute));

export const listSchools = (db: Db, limit: number, offset = 0) =>
  db.select().from(schools).orderBy(asc(schools.gym), asc(schools.id)).limit(limit).offset(offset);

/** Every school by name, in one statement (the all-schools list, built once per version). */
export const allSchoolsByName = (db: Db) =>
  db.select().from(schools).orderBy(asc(schools.gym), asc(schools.id));

export const countSchools = async (db: Db) =>
  (await db.select({ n: sql<number>`count(*)` }).from(schools))[0]?.n ?? 0;

export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * Squared distance from a point in degrees of latitude: the longitude difference (taken the
 * short way round the antimeridian) is scaled by the cosine of the mean latitude, written as
 * its Taylor polynomial so that no SQL math functions are needed. It ranks schools by
 * distance closely enough to choose candidates; callers rank those by true distance.
 */
function approxDistanceSq(latitude: number, longitude: number) {
  const dLat = sql`(${schools.latitude} - ${latitude})`;
  const dLng = sql`min(abs(${schools.longitude} - ${longitude}), 360 - abs(${schools.longitude} - ${longitude}))`;
  const m = sql`((${schools.latitude} + ${latitude}) * ${Math.PI / 360})`;
  const cos = sql`(1 - ${m} * ${m} / 2 + ${m} * ${m} * ${m} * ${m} / 24)`;
  return sql`${dLat} * ${dLat} + ${dLng} * ${dLng} * ${cos} * ${cos}`;
}

/**
 * At most `limit` schools, nearest a point first (approximately), inside `box` when given.
 * SQLite keeps only the best `limit` while it scans, so no more rows than that come back.
 */
export const nearestSchools = (
  db: Db,
  center: { latitude: number; longitude: number },
  limit: number,
  box?: Box,
) =>
  db
    .select()
    .from(schools)
    .where(
      box
        ? and(
            between(schools.latitude, box.minLat, box.maxLat),
            between(schools.longitude, box.minLng, box.maxLng),
          )
        : undefined,
    )
    .orderBy(approxDistanceSq(center.latitude, center.longitude), asc(schools.id))
    .limit(limit);

export const schoolsInCity = (db: Db, city: string, state?: string) =>
  db
    .select()
    .from(schools)
    .where(
      and(
        sql`lower(${schools.city}) = lower(${city})`,
        state ? eq(schools.state, state.toUpperCase()) : undefined,
      ),
    )
    .orderBy(asc(schools.gym))
    .limit(500);

export const schoolsInState = (db: Db, state: string) =>
  db
    .select()
    .from(schools)
    .where(eq(schools.state, state.toUpperCase()))
    .orderBy(asc(schools.gym))
    .limit(500);

/** Free text over name, address and city; `%` and `_` in the query match literally. */
export function schoolsMatching(db: Db, text: string, limit: number) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const escaped = (column: SQLiteColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  return db
    .select()
    .from(schools)
    .where(
      or(escaped(schools.gym), escaped(schools.address), escaped(schools.city), like(schools.zipCode, text)),
    )
    .orderBy(asc(schools.gym))
    .limit(limit);
}

/** Names starting with `prefix`, any case, as a range on the lower(gym) index. */
export function gymNamesStartingWith(db: Db, prefix: string, limit: number) {
  const from = prefix.toLowerCase();
  return db
    .selectDistinct({ gym: schools.gym, key: sql<string>`lower(${schools.gym})` })
    .from(schools)
    .where(and(sql`lower(${schools.gym}) >= ${from}`, sql`lower(${schools.gym}) < ${`${from}\uffff`}`))
    .orderBy(sql`lower(${schools.gym})`)
    .limit(limit);
}

/** Compact rows for map pins. */
export const pinRows = (db: Db) =>
  db
    .select({
      id: schools.id,
      lat: schools.latitude,
      lng: schools.longitude,
      name: schools.gym,
      mo: schools.monday,
      tu: schools.tuesday,
      we: schools.wednesday,
      th: schools.thursday,
      fr: schools.friday,
      sa: schools.saturday,
      su: schools.sunday,
    })
    .from(schools)
    .orderBy(asc(schools.id));

export const VERSION_KEY = "schools_version";

/**
 * A counter that every write to schools bumps in the same transaction: the pins' ETag.
 * It lives in the database, so every running copy agrees on it, and reading it is one
 * primary-key lookup. Per-request callers ask `currentSchoolsVersion` (schools-version.ts),
 * which reads this at most once a second per copy.
 */
export const schoolsVersion = async (db: Db) => {
  // Straight to the client rather than through drizzle's mapping: it is that small.
  const result = await db.$client.execute({
    sql: "SELECT value FROM app_meta WHERE key = ?",
    args: [VERSION_KEY],
  });
  return String(result.rows[0]?.[0] ?? "0");
};

export const bumpSchoolsVersion = (db: Pick<Db, "run">) =>
  db.run(sql`INSERT INTO app_meta (key, value, updated_at) VALUES (${VERSION_KEY}, '1', ${Date.now()})
    ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1, updated_at = excluded.updated_at`);

/**
 * Bumps the schools version unless the school was already confirmed since `since`: a
 * check-in changes what lists show ("Confirmed by a check-in …") at most once a day per
 * school, so cached answers are rebuilt that rarely. Runs before the confirmation itself.
 */
const BUMP_UNLESS_CONFIRMED = `INSERT INTO app_meta (key, value, updated_at)
  SELECT '${VERSION_KEY}', '1', ? WHERE NOT EXISTS (SELECT 1 FROM schools WHERE id = ? AND last_verified_at >= ?)
  ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1, updated_at = excluded.updated_at`;

export const bumpSchoolsVersionUnlessConfirmedSince = (schoolId: number, since: Date) =>
  rawStatement(BUMP_UNLESS_CONFIRMED, [Date.now(), schoolId, since.getTime()]);

export const countDemoSchools = async (db: Db) =>
  (await db.select({ n: sql<number>`count(*)` }).from(schools).where(eq(schools.isDemo, true)))[0]?.n ?? 0;

export const deleteDemoSchools = (db: Db) =>
  db.batch([db.delete(schools).where(eq(schools.isDemo, true)), bumpSchoolsVersion(db)]);

export const allSlugs = async (db: Db) =>
  (await db.select({ slug: schools.slug }).from(schools).orderBy(asc(schools.id))).map((r) => r.slug);

/** Every session with its school's zone, for the open-now index. */
export const allSessionsWithZones = (db: Db) =>
  db
    .select({
      schoolId: openMatSessions.schoolId,
      weekday: openMatSessions.weekday,
      startMinute: openMatSessions.startMinute,
      endMinute: openMatSessions.endMinute,
      notes: openMatSessions.notes,
      ordinals: openMatSessions.ordinals,
      onDate: openMatSessions.onDate,
      seasonFrom: openMatSessions.seasonFrom,
      seasonUntil: openMatSessions.seasonUntil,
      review: openMatSessions.review,
      id: openMatSessions.id,
      timeZone: schools.timeZone,
    })
    .from(openMatSessions)
    .innerJoin(schools, eq(openMatSessions.schoolId, schools.id));
