import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { openMatSessions, schools } from "../../../db/schema";

/** What a schedule save reads first: the school's schedule columns and its session rows (by id). */
export async function scheduleState(db: Db, schoolId: number) {
  const [school, sessions] = await Promise.all([
    db
      .select({
        id: schools.id,
        dayAndTime: schools.dayAndTime,
        confirmedText: schools.scheduleConfirmedText,
        unparsed: schools.scheduleUnparsed,
        untimed: schools.scheduleUntimed,
        noOpenMat: schools.noOpenMat,
        updatedAt: schools.updatedAt,
      })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .get(),
    db
      .select()
      .from(openMatSessions)
      .where(eq(openMatSessions.schoolId, schoolId))
      .orderBy(asc(openMatSessions.id)),
  ]);
  return school ? { school, sessions } : null;
}
export type ScheduleState = NonNullable<Awaited<ReturnType<typeof scheduleState>>>;
export type StoredSession = ScheduleState["sessions"][number];

/**
 * Holds while the school's text and `updated_at` are as read. Every save here moves
 * `updated_at` forward by at least a millisecond, so two saves read from one state cannot
 * both pass it.
 */
export const unchangedSince = (schoolId: number, text: string, updatedAt: Date): SQL =>
  sql`EXISTS (SELECT 1 FROM schools WHERE id = ${schoolId} AND day_and_time = ${text}
    AND updated_at = ${updatedAt.getTime()})`;

export interface SessionValues {
  weekday: number;
  startMinute: number;
  endMinute: number | null;
  notes: string;
  ordinals: string | null;
  onDate: string | null;
  seasonFrom: string | null;
  seasonUntil: string | null;
  review: string;
}

export const deleteSessions = (db: Db, schoolId: number, ids: readonly number[], onlyIf: SQL) =>
  db.run(sql`DELETE FROM open_mat_sessions WHERE school_id = ${schoolId}
    AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${onlyIf}`);

/** A kept row takes the new values; its id, check-in confirmation and visitor rules stay. */
export const updateSession = (db: Db, id: number, s: SessionValues, onlyIf: SQL) =>
  db.run(sql`UPDATE open_mat_sessions SET weekday = ${s.weekday}, start_minute = ${s.startMinute},
    end_minute = ${s.endMinute}, notes = ${s.notes}, ordinals = ${s.ordinals}, on_date = ${s.onDate},
    season_from = ${s.seasonFrom}, season_until = ${s.seasonUntil}, review = ${s.review}
    WHERE id = ${id} AND ${onlyIf}`);

export const insertSession = (db: Db, schoolId: number, s: SessionValues, onlyIf: SQL) =>
  db.run(sql`INSERT INTO open_mat_sessions
      (school_id, weekday, start_minute, end_minute, notes, ordinals, on_date, season_from, season_until, review)
    SELECT ${schoolId}, ${s.weekday}, ${s.startMinute}, ${s.endMinute}, ${s.notes}, ${s.ordinals}, ${s.onDate},
      ${s.seasonFrom}, ${s.seasonUntil}, ${s.review} WHERE ${onlyIf}`);

export interface ScheduleColumns {
  dayAndTime: string;
  untimed: string;
  noOpenMat: boolean;
  days: Record<"monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday", boolean>;
  source: "gym" | "admin";
  at: Date;
  updatedAt: number;
}

/**
 * The school's side of a save, last in its batch: the text written from the rows (confirmed as
 * read: an owner's own rows need no "check with the gym" mark), nothing left unread, the day
 * filters, and where the schedule came from. Changes the row only while it is as read.
 */
export const updateSchedule = (
  db: Db,
  schoolId: number,
  read: { text: string; updatedAt: Date },
  c: ScheduleColumns,
) =>
  db.run(sql`UPDATE schools SET day_and_time = ${c.dayAndTime}, schedule_confirmed_text = ${c.dayAndTime},
    schedule_unparsed = '[]', schedule_untimed = ${c.untimed}, no_open_mat = ${c.noOpenMat ? 1 : 0},
    monday = ${c.days.monday ? 1 : 0}, tuesday = ${c.days.tuesday ? 1 : 0},
    wednesday = ${c.days.wednesday ? 1 : 0}, thursday = ${c.days.thursday ? 1 : 0},
    friday = ${c.days.friday ? 1 : 0}, saturday = ${c.days.saturday ? 1 : 0}, sunday = ${c.days.sunday ? 1 : 0},
    schedule_source = ${c.source}, schedule_source_at = ${c.at.getTime()}, updated_at = ${c.updatedAt}
    WHERE id = ${schoolId} AND day_and_time = ${read.text} AND updated_at = ${read.updatedAt.getTime()}`);

/** The contact fields and where the school is, as stored. */
export const contactState = (db: Db, schoolId: number) =>
  db
    .select({
      id: schools.id,
      website: schools.website,
      phone: schools.phone,
      address: schools.address,
      city: schools.city,
      state: schools.state,
      zipCode: schools.zipCode,
      latitude: schools.latitude,
      longitude: schools.longitude,
      timeZone: schools.timeZone,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .get();
export type ContactState = NonNullable<Awaited<ReturnType<typeof contactState>>>;

export const updateContact = (db: Db, schoolId: number, c: Omit<ContactState, "id">, now: Date) =>
  db
    .update(schools)
    .set({
      website: c.website,
      phone: c.phone,
      address: c.address,
      city: c.city,
      state: c.state,
      zipCode: c.zipCode,
      location: `${c.city}, ${c.state}`,
      latitude: c.latitude,
      longitude: c.longitude,
      timeZone: c.timeZone,
      updatedAt: now,
    })
    .where(eq(schools.id, schoolId));

/** Holds while the school is there: a history row needs its school. */
export const schoolExists = (schoolId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM schools WHERE id = ${schoolId})`;
