import { and, asc, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { checkins, openMatSessions, schools } from "../../../db/schema";
import { touchConfirmation } from "../schools/service";

export type CheckinRow = typeof checkins.$inferSelect;

/** Lists answer at most this many check-ins, newest first. */
export const CHECKINS_MAX = 200;

/** The school a check-in is judged at: prepared once (the query builder cost as much as running it). */
export const findSchool = async (db: Db, id: number) =>
  (
    await prepared(db, "checkins.school", (d) =>
      d
        .select({
          id: schools.id,
          gym: schools.gym,
          city: schools.city,
          slug: schools.slug,
          latitude: schools.latitude,
          longitude: schools.longitude,
          timeZone: schools.timeZone,
        })
        .from(schools)
        .where(eq(schools.id, sql.placeholder("id")))
        .prepare(),
    ).all({ id })
  )[0];

/** Its sessions, as the check-in window needs them: prepared once too. */
export const sessionRowsOf = (db: Db, schoolId: number) =>
  prepared(db, "checkins.sessions", (d) =>
    d
      .select({
        id: openMatSessions.id,
        weekday: openMatSessions.weekday,
        start: openMatSessions.startMinute,
        ordinals: openMatSessions.ordinals,
        date: openMatSessions.onDate,
        from: openMatSessions.seasonFrom,
        until: openMatSessions.seasonUntil,
      })
      .from(openMatSessions)
      .where(eq(openMatSessions.schoolId, sql.placeholder("school")))
      .prepare(),
  ).all({ school: schoolId });

export const insertCheckin = (tx: Tx, row: typeof checkins.$inferInsert) =>
  tx.insert(checkins).values(row).returning();

/** Verifies a pending check-in; answers nothing when it is verified already (or not there). */
export const markVerified = (
  tx: Tx,
  id: number,
  userId: number,
  values: { distanceMeters: number; sessionId: number },
) =>
  tx
    .update(checkins)
    .set({ verified: true, ...values })
    .where(and(eq(checkins.id, id), eq(checkins.userId, userId), eq(checkins.verified, false)))
    .returning();

/** Listing freshness: the session and its school were seen open at `at` (two statements for a batch). */
export const confirmListing = (db: Db, schoolId: number, sessionId: number, at: Date) =>
  [
    touchConfirmation(db, schoolId, at),
    db.update(openMatSessions).set({ lastConfirmedAt: at }).where(eq(openMatSessions.id, sessionId)),
    db.update(schools).set({ lastVerifiedAt: at }).where(eq(schools.id, schoolId)),
  ] as const;

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
