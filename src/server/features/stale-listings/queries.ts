import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { openMatSessions, schools } from "../../../db/schema";

export interface StaleRow {
  id: number;
  slug: string;
  gym: string;
  city: string;
  state: string;
  unparsed: string;
  untimed: string;
  dayAndTime: string;
  lastConfirmedAt: number | null;
}

/** The school's newest check-in confirmation over its sessions (open_mat_sessions_school index). */
const lastConfirmed = sql`(SELECT MAX(m.last_confirmed_at) FROM open_mat_sessions m WHERE m.school_id = s.id)`;
/**
 * Something to check that no admin confirmed: lines left unread, a day with no time listed, or
 * a session read with a review reason. A confirmation holds while the text it confirmed stays.
 */
const flagged = sql`s.schedule_confirmed_text IS NOT s.day_and_time AND (s.schedule_unparsed <> '[]'
  OR s.schedule_untimed <> '[]'
  OR EXISTS (SELECT 1 FROM open_mat_sessions r WHERE r.school_id = s.id AND r.review <> '[]'))`;
/** Not flagged (those are listed first, on their own), and no confirmation since `before`. */
const unconfirmedSince = (before: Date) =>
  sql`NOT (${flagged}) AND (${lastConfirmed} IS NULL OR ${lastConfirmed} < ${before.getTime()})`;

async function page(db: Db, where: SQL, limit: number, offset: number) {
  const [rows, counted] = await Promise.all([
    db.all<StaleRow>(sql`SELECT s.id, s.slug, s.gym, s.city, s.state, s.schedule_unparsed AS unparsed,
        s.schedule_untimed AS untimed, s.day_and_time AS dayAndTime, ${lastConfirmed} AS lastConfirmedAt
      FROM schools s WHERE ${where}
      ORDER BY lastConfirmedAt, s.id
      LIMIT ${limit} OFFSET ${offset}`),
    db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM schools s WHERE ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      lastConfirmedAt: r.lastConfirmedAt === null ? null : Number(r.lastConfirmedAt),
    })),
    total: Number(counted[0]?.n ?? 0),
  };
}

/**
 * Schools whose schedule has something to check, never-confirmed first, then the longest
 * unconfirmed, then by id (offset paging: the order has no unique key cheaper).
 */
export const flaggedPage = (db: Db, limit: number, offset: number) => page(db, flagged, limit, offset);

/** The other schools no check-in confirmed since `before`, in the same order. */
export const unconfirmedPage = (db: Db, before: Date, limit: number, offset: number) =>
  page(db, unconfirmedSince(before), limit, offset);

export type SessionToCheck = typeof openMatSessions.$inferSelect;

/** The sessions of these schools read with a review reason, in their stored order. */
export function sessionsToCheck(db: Db, schoolIds: number[]) {
  return db
    .select()
    .from(openMatSessions)
    .where(and(inArray(openMatSessions.schoolId, schoolIds), ne(openMatSessions.review, "[]")))
    .orderBy(openMatSessions.schoolId, openMatSessions.id);
}

/** What confirming a school's reading reads of it. */
export async function scheduleTexts(db: Db, schoolId: number) {
  const [row] = await db
    .select({
      gym: schools.gym,
      dayAndTime: schools.dayAndTime,
      confirmedText: schools.scheduleConfirmedText,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}

/**
 * Confirms the reading of exactly `text`: nothing changes if the school's text is another
 * by now, or this one is confirmed already (a repeat, or a confirmation sent at once).
 */
export const confirmText = (db: Db, schoolId: number, text: string, now: Date) =>
  db.run(sql`UPDATE schools SET schedule_confirmed_text = day_and_time, updated_at = ${now.getTime()}
    WHERE id = ${schoolId} AND day_and_time = ${text} AND schedule_confirmed_text IS NOT day_and_time`);
