import { and, asc, eq, gte, lte, or, type SQL, sql } from "drizzle-orm";
import type { MoveTarget } from "../../../common/schemas/schedule-exceptions";
import type { Db, Tx } from "../../../db/client";
import { scheduleExceptions } from "../../../db/schema";

export type ExceptionRow = typeof scheduleExceptions.$inferSelect;

/** The move a row holds (its three columns, read raw or through drizzle), or null for a cancellation. */
export function moveOf(row: {
  moveToDate?: unknown;
  moveToStart?: unknown;
  moveToEnd?: unknown;
}): MoveTarget | null {
  if (row.moveToDate === null || row.moveToDate === undefined) return null;
  if (row.moveToStart === null || row.moveToStart === undefined) return null;
  return {
    date: String(row.moveToDate),
    start: Number(row.moveToStart),
    end: row.moveToEnd === null || row.moveToEnd === undefined ? null : Number(row.moveToEnd),
  };
}

const rawMove = (r: Record<string, unknown>) =>
  moveOf({ moveToDate: r.move_to_date, moveToStart: r.move_to_start, moveToEnd: r.move_to_end });

/** The slot an exception holds: one start, or (null) the whole day. */
const slotIs = (startMinute: number | null): SQL =>
  startMinute === null
    ? sql`${scheduleExceptions.startMinute} IS NULL`
    : eq(scheduleExceptions.startMinute, startMinute);

export const exceptionAt = async (db: Db, schoolId: number, date: string, startMinute: number | null) =>
  (
    await db
      .select()
      .from(scheduleExceptions)
      .where(
        and(
          eq(scheduleExceptions.schoolId, schoolId),
          eq(scheduleExceptions.date, date),
          slotIs(startMinute),
        ),
      )
      .limit(1)
  )[0];

export const exceptionById = async (db: Db, id: number) =>
  (await db.select().from(scheduleExceptions).where(eq(scheduleExceptions.id, id)).limit(1))[0];

/** A school's exceptions on the local dates `from` to `to`, or moving an open mat onto them, by date. */
export const exceptionsBetween = (db: Db, schoolId: number, from: string, to: string) =>
  db
    .select()
    .from(scheduleExceptions)
    .where(
      and(
        eq(scheduleExceptions.schoolId, schoolId),
        or(
          and(gte(scheduleExceptions.date, from), lte(scheduleExceptions.date, to)),
          and(gte(scheduleExceptions.moveToDate, from), lte(scheduleExceptions.moveToDate, to)),
        ),
      ),
    )
    .orderBy(asc(scheduleExceptions.date));

/** Adds the exception unless its slot is taken (two at once leave one: the unique index decides). */
export const insertException = (
  db: Tx,
  row: {
    schoolId: number;
    date: string;
    startMinute: number | null;
    reason: string;
    moveTo: MoveTarget | null;
    createdBy: number;
    at: Date;
  },
) =>
  db.run(sql`INSERT INTO schedule_exceptions (school_id, date, start_minute, reason,
      move_to_date, move_to_start, move_to_end, created_by, created_at)
    VALUES (${row.schoolId}, ${row.date}, ${row.startMinute}, ${row.reason},
      ${row.moveTo?.date ?? null}, ${row.moveTo?.start ?? null}, ${row.moveTo?.end ?? null},
      ${row.createdBy}, ${row.at.getTime()})
    ON CONFLICT DO NOTHING`);

/** Right after `insertException` (under the batch's write lock): the row it added. */
export const insertedExceptionId = sql`(SELECT max(id) FROM schedule_exceptions)`;

export const deleteException = (db: Tx, id: number) =>
  db.run(sql`DELETE FROM schedule_exceptions WHERE id = ${id}`);

/** What the bell needs to tell of exceptions: each with its school's zone, name and page. */
export async function exceptionsWithSchools(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db.all<Record<string, unknown>>(sql`SELECT e.id, e.school_id, e.date, e.start_minute,
      e.reason, e.move_to_date, e.move_to_start, e.move_to_end, s.time_zone, s.gym, s.slug
    FROM schedule_exceptions e JOIN schools s ON s.id = e.school_id
    WHERE e.id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`);
  return rows.map((r) => ({
    id: Number(r.id),
    schoolId: Number(r.school_id),
    date: String(r.date),
    startMinute: r.start_minute === null ? null : Number(r.start_minute),
    reason: String(r.reason),
    moveTo: rawMove(r),
    timeZone: String(r.time_zone),
    gym: String(r.gym),
    slug: String(r.slug),
  }));
}

/** The members who saved these schools, by school. */
export async function saversOf(db: Db, schoolIds: readonly number[]) {
  if (!schoolIds.length) return new Map<number, number[]>();
  const rows = await db.all<Record<string, unknown>>(sql`SELECT school_id, user_id FROM favorites
    WHERE school_id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(schoolIds)])}))`);
  const bySchool = new Map<number, number[]>();
  for (const r of rows) {
    const list = bySchool.get(Number(r.school_id)) ?? [];
    list.push(Number(r.user_id));
    bySchool.set(Number(r.school_id), list);
  }
  return bySchool;
}

/** Schools' names and page slugs, by id. */
export async function schoolNames(db: Db, ids: readonly number[]) {
  if (!ids.length) return new Map<number, { gym: string; slug: string }>();
  const rows = await db.all<Record<string, unknown>>(sql`SELECT id, gym, slug FROM schools
    WHERE id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`);
  return new Map(rows.map((r) => [Number(r.id), { gym: String(r.gym), slug: String(r.slug) }]));
}

/** Exceptions on or after `from` (or moving an open mat to then) with their schools, by date, for the admin's list. */
export async function upcomingWithSchools(db: Db, from: string, limit: number) {
  const rows = await db.all<Record<string, unknown>>(sql`SELECT e.id, e.school_id, e.date, e.start_minute,
      e.reason, e.move_to_date, e.move_to_start, e.move_to_end, e.created_at, s.gym, s.slug, s.city, s.state
    FROM schedule_exceptions e JOIN schools s ON s.id = e.school_id
    WHERE e.date >= ${from} OR e.move_to_date >= ${from}
    ORDER BY e.date, s.gym, e.start_minute LIMIT ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    schoolId: Number(r.school_id),
    date: String(r.date),
    startMinute: r.start_minute === null ? null : Number(r.start_minute),
    reason: String(r.reason),
    moveTo: rawMove(r),
    createdAt: new Date(Number(r.created_at)).toISOString(),
    school: { gym: String(r.gym), slug: String(r.slug), city: String(r.city), state: String(r.state) },
  }));
}

/**
 * Deletes at most `limit` exceptions whose date, and the date a move took its open mat to,
 * are both before `before`; the schools version moves in the same batch when any went.
 */
export const pruneExceptionsBefore = (db: Tx, before: string, limit: number) =>
  db.run(sql`DELETE FROM schedule_exceptions WHERE id IN (SELECT id FROM schedule_exceptions
    WHERE date < ${before} AND (move_to_date IS NULL OR move_to_date < ${before}) LIMIT ${limit})`);

/** Which of these exceptions an admin restored (each restore is an audit row, in the delete's batch). */
export async function restoredIds(db: Db, ids: readonly number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.all<Record<string, unknown>>(sql`SELECT DISTINCT subject_id FROM admin_audit_log
    WHERE subject_type = 'schedule_exception' AND action = 'schedule.restore'
      AND subject_id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`);
  return new Set(rows.map((r) => Number(r.subject_id)));
}
