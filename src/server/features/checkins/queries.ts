import { and, asc, desc, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { rawStatement } from "../../../db/raw-statement";
import { checkins, openMatSessions, schools } from "../../../db/schema";
import { touchConfirmation } from "../schools/service";

export type CheckinRow = typeof checkins.$inferSelect;

/** Lists answer at most this many check-ins, newest first. */
export const CHECKINS_MAX = 200;

/**
 * The school a check-in is judged at, with its sessions as the check-in window needs them,
 * in one statement (the school's row repeated beside each session; once, with null session
 * columns, when it has none): undefined for no such school. Prepared once (the query
 * builder cost as much as running it).
 */
export async function schoolWithSessions(db: Db, id: number) {
  const rows = await prepared(db, "checkins.schoolWithSessions", (d) =>
    d
      .select({
        id: schools.id,
        gym: schools.gym,
        city: schools.city,
        slug: schools.slug,
        latitude: schools.latitude,
        longitude: schools.longitude,
        timeZone: schools.timeZone,
        sessionId: openMatSessions.id,
        weekday: openMatSessions.weekday,
        start: openMatSessions.startMinute,
        ordinals: openMatSessions.ordinals,
        date: openMatSessions.onDate,
        from: openMatSessions.seasonFrom,
        until: openMatSessions.seasonUntil,
      })
      .from(schools)
      .leftJoin(openMatSessions, eq(openMatSessions.schoolId, schools.id))
      .where(eq(schools.id, sql.placeholder("id")))
      .orderBy(asc(openMatSessions.id))
      .prepare(),
  ).all({ id });
  const first = rows[0];
  if (!first) return undefined;
  const { id: schoolId, gym, city, slug, latitude, longitude, timeZone } = first;
  const sessions = [];
  for (const r of rows) {
    if (r.sessionId === null || r.weekday === null || r.start === null) continue;
    sessions.push({
      id: r.sessionId,
      weekday: r.weekday,
      start: r.start,
      ordinals: r.ordinals,
      date: r.date,
      from: r.from,
      until: r.until,
    });
  }
  return { school: { id: schoolId, gym, city, slug, latitude, longitude, timeZone }, sessions };
}

/** A check-in row as INSERT … RETURNING answers it (column names, integers as stored). */
interface RawCheckinRow {
  id: number;
  user_id: number;
  school_id: number;
  checked_in_at: number;
  local_date: string;
  verified: number;
  distance_meters: number | null;
  session_id: number | null;
}

/** The row of insertCheckin's answer (its only one), as drizzle's select would type it. */
export const fromRawCheckin = (rows: readonly unknown[] | undefined): CheckinRow | undefined => {
  const r = (rows as RawCheckinRow[] | undefined)?.[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    schoolId: Number(r.school_id),
    checkedInAt: new Date(Number(r.checked_in_at)),
    localDate: String(r.local_date),
    verified: Number(r.verified) === 1,
    distanceMeters: r.distance_meters === null ? null : Number(r.distance_meters),
    sessionId: r.session_id === null ? null : Number(r.session_id),
  };
};

const CHECKIN_COLUMNS =
  "id, user_id, school_id, checked_in_at, local_date, verified, distance_meters, session_id";
const INSERT_CHECKIN = `INSERT INTO checkins
    (user_id, school_id, checked_in_at, local_date, verified, distance_meters, session_id)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;

/**
 * The check-in's INSERT, for a batch (its text a constant: see db/raw-statement.ts). No
 * RETURNING: the row is what was given, and its id is the result's lastInsertRowid (a
 * trigger's own inserts do not change it once the trigger ends).
 */
export const insertCheckin = (
  row: Omit<CheckinRow, "id" | "distanceMeters" | "sessionId"> & {
    distanceMeters: number | null;
    sessionId: number | null;
  },
) =>
  rawStatement(INSERT_CHECKIN, [
    row.userId,
    row.schoolId,
    row.checkedInAt.getTime(),
    row.localDate,
    row.verified ? 1 : 0,
    row.distanceMeters,
    row.sessionId,
  ]);

const MARK_VERIFIED = `UPDATE checkins SET verified = 1, distance_meters = ?, session_id = ?
  WHERE id = ? AND user_id = ? AND verified = 0 RETURNING ${CHECKIN_COLUMNS}`;

/** Verifies a pending check-in; answers no row when it is verified already (or not there). */
export const markVerified = (
  id: number,
  userId: number,
  values: { distanceMeters: number; sessionId: number },
) => rawStatement(MARK_VERIFIED, [values.distanceMeters, values.sessionId, id, userId]);

/** How fresh a confirmation stays before the next check-in writes a newer one. */
const CONFIRMATION_KEPT_MS = 3_600_000;

/** The earliest stored confirmation a check-in at `at` leaves as it is: within the hour, and today (UTC). */
export const confirmationWindowStart = (at: Date) =>
  Math.max(at.getTime() - CONFIRMATION_KEPT_MS, Math.floor(at.getTime() / 86_400_000) * 86_400_000);

/**
 * Listing freshness: the session and its school were seen open at `at` (three statements for
 * a batch; the first's result goes to `confirmationWritten` after it commits). A time already
 * confirmed within the hour, and today (UTC, the day `touchConfirmation` counts), is left as
 * it is: what reads it (stale listings, "confirmed" dates) counts days, and an open mat's
 * every check-in would otherwise rewrite both rows and move their tables' versions, which
 * every member page kept from a school's tables depends on.
 */
const CONFIRM_SESSION = `UPDATE open_mat_sessions SET last_confirmed_at = ?
  WHERE id = ? AND (last_confirmed_at IS NULL OR last_confirmed_at < ?)`;
const CONFIRM_SCHOOL = `UPDATE schools SET last_verified_at = ?
  WHERE id = ? AND (last_verified_at IS NULL OR last_verified_at < ?)`;

export const confirmListing = (schoolId: number, sessionId: number, at: Date) => {
  const olderThan = confirmationWindowStart(at);
  return [
    touchConfirmation(schoolId, at),
    rawStatement(CONFIRM_SESSION, [at.getTime(), sessionId, olderThan]),
    rawStatement(CONFIRM_SCHOOL, [at.getTime(), schoolId, olderThan]),
  ] as const;
};

export const findOwnCheckin = (db: Db, id: number, userId: number) =>
  db
    .select()
    .from(checkins)
    .where(and(eq(checkins.id, id), eq(checkins.userId, userId)))
    .get();

/** A member's check-ins with their schools, newest first, at most CHECKINS_MAX: one query. */
export const checkinsWithSchools = (db: Db, userId: number) =>
  db
    .select({
      checkin: checkins,
      gym: schools.gym,
      city: schools.city,
      slug: schools.slug,
      timeZone: schools.timeZone,
    })
    .from(checkins)
    .innerJoin(schools, eq(schools.id, checkins.schoolId))
    .where(eq(checkins.userId, userId))
    .orderBy(desc(checkins.checkedInAt), desc(checkins.id))
    .limit(CHECKINS_MAX);

/** checkinsWithSchools as an SQL value (a JSON array of rows), for a page's one statement. */
export const checkinsJson = (user: SQL) =>
  sql`(SELECT json_group_array(json_array(id, school_id, checked_in_at, local_date, verified,
      gym, city, slug, time_zone)) FROM (
    SELECT c.id, c.school_id, c.checked_in_at, c.local_date, c.verified, s.gym, s.city, s.slug, s.time_zone
    FROM checkins c JOIN schools s ON s.id = c.school_id
    WHERE c.user_id = ${user} ORDER BY c.checked_in_at DESC, c.id DESC LIMIT ${CHECKINS_MAX}))`;

type CheckinJsonRow = [number, number, number, string, number, string, string, string, string];

/** The rows of checkinsJson as checkinsWithSchools answers them. */
export const checkinsFromJson = (json: unknown, userId: number) =>
  (JSON.parse(String(json ?? "[]")) as CheckinJsonRow[]).map(
    ([id, schoolId, at, localDate, verified, gym, city, slug, timeZone]) => ({
      checkin: { id, userId, schoolId, checkedInAt: new Date(at), localDate, verified: verified === 1 },
      gym,
      city,
      slug,
      timeZone,
    }),
  );

export const deleteOwnCheckin = async (db: Db, id: number, userId: number) =>
  (
    await db
      .delete(checkins)
      .where(and(eq(checkins.id, id), eq(checkins.userId, userId)))
      .returning({ id: checkins.id })
  ).length > 0;

/** Schools no verified check-in confirmed since `before` (never-confirmed first). */
export const schoolsConfirmedBefore = (db: Db, before: Date, limit: number) =>
  db
    .select({
      id: schools.id,
      gym: schools.gym,
      city: schools.city,
      state: schools.state,
      slug: schools.slug,
      lastVerifiedAt: schools.lastVerifiedAt,
    })
    .from(schools)
    .where(or(isNull(schools.lastVerifiedAt), lt(schools.lastVerifiedAt, before)))
    .orderBy(asc(schools.lastVerifiedAt), asc(schools.id))
    .limit(limit);
