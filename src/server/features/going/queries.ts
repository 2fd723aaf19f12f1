import { and, asc, eq, sql } from "drizzle-orm";
import type { Slot } from "../../../common/schemas/going";
import type { Db, Tx } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { rawStatement } from "../../../db/raw-statement";
import { occurrenceGoing, userSettings, users } from "../../../db/schema";

export type GoingRow = typeof occurrenceGoing.$inferSelect;

const at = (schoolId: number, slot: Slot) =>
  and(
    eq(occurrenceGoing.schoolId, schoolId),
    eq(occurrenceGoing.date, slot.date),
    eq(occurrenceGoing.startMinute, slot.startMinute),
  );

/**
 * Adds the member to the occurrence unless they are there already (`rowsAffected` 0: they
 * were). `remindedAt` set: no reminder is due (they said so within the reminder's lead).
 */
export const insertGoing = (
  db: Tx,
  row: { schoolId: number; slot: Slot; userId: number; startsAt: Date; at: Date; remindedAt: Date | null },
) =>
  db.run(sql`INSERT INTO occurrence_going (school_id, date, start_minute, user_id, starts_at, created_at, reminded_at)
    VALUES (${row.schoolId}, ${row.slot.date}, ${row.slot.startMinute}, ${row.userId},
      ${row.startsAt.getTime()}, ${row.at.getTime()}, ${row.remindedAt?.getTime() ?? null})
    ON CONFLICT DO NOTHING`);

export const deleteGoing = (db: Tx, schoolId: number, slot: Slot, userId: number) =>
  db.delete(occurrenceGoing).where(and(at(schoolId, slot), eq(occurrenceGoing.userId, userId)));

export const goingRow = async (db: Db, schoolId: number, slot: Slot, userId: number) =>
  (
    await db
      .select()
      .from(occurrenceGoing)
      .where(and(at(schoolId, slot), eq(occurrenceGoing.userId, userId)))
      .limit(1)
  )[0];

/**
 * How many go to each slot of a school whose date is from `from` to `to`, and whether
 * `viewerId` is among them: one statement over the primary key's prefix.
 */
export async function countsBetween(
  db: Db,
  schoolId: number,
  from: string,
  to: string,
  viewerId: number | null,
) {
  const rows = await db.all<Record<string, unknown>>(sql`SELECT date, start_minute,
      count(*) AS n, max(user_id = ${viewerId ?? 0}) AS mine
    FROM occurrence_going WHERE school_id = ${schoolId} AND date BETWEEN ${from} AND ${to}
    GROUP BY date, start_minute`);
  return rows.map((r) => ({
    key: `${r.date}@${r.start_minute}`,
    count: Number(r.n),
    mine: Number(r.mine) === 1,
  }));
}

/**
 * How many go to each of these slots (any schools), and whether `viewerId` does, by
 * `${schoolId} ${date}@${start}`: one statement.
 */
export async function countsOfSlots(
  db: Db,
  slots: readonly { schoolId: number; slot: Slot }[],
  viewerId: number | null,
) {
  const out = new Map<string, { count: number; mine: boolean }>();
  if (!slots.length) return out;
  const wanted = JSON.stringify(slots.map((s) => [s.schoolId, s.slot.date, s.slot.startMinute]));
  const rows = await db.all<Record<string, unknown>>(sql`SELECT g.school_id, g.date, g.start_minute,
      count(*) AS n, max(g.user_id = ${viewerId ?? 0}) AS mine
    FROM (SELECT DISTINCT json_extract(value, '$[0]') AS school_id, json_extract(value, '$[1]') AS date,
        json_extract(value, '$[2]') AS start_minute
      FROM json_each(${wanted})) w
    JOIN occurrence_going g ON g.school_id = w.school_id AND g.date = w.date AND g.start_minute = w.start_minute
    GROUP BY g.school_id, g.date, g.start_minute`);
  for (const r of rows)
    out.set(`${r.school_id} ${r.date}@${r.start_minute}`, { count: Number(r.n), mine: Number(r.mine) === 1 });
  return out;
}

/** Those going to one occurrence, oldest first, with their settings rows (null: never saved any). */
const slotParams = and(
  eq(occurrenceGoing.schoolId, sql.placeholder("school")),
  eq(occurrenceGoing.date, sql.placeholder("date")),
  eq(occurrenceGoing.startMinute, sql.placeholder("start")),
);
const me = sql.placeholder("me");

/** How many go to the slot: prepared once (the query builder cost as much as running it). */
export const countAt = async (db: Db, schoolId: number, slot: Slot) =>
  Number(
    (
      await prepared(db, "going.countAt", (d) =>
        d.select({ n: sql<number>`count(*)` }).from(occurrenceGoing).where(slotParams).prepare(),
      ).all({ school: schoolId, date: slot.date, start: slot.startMinute })
    )[0]?.n ?? 0,
  );

/**
 * The first `limit` going to the slot with their settings and how `viewerId` (0 for a guest)
 * stands to each: follows either way and a block either way, as policy/relation.ts reads
 * them, in the same statement.
 */
export const goersWithRelations = (db: Db, schoolId: number, slot: Slot, limit: number, viewerId: number) =>
  prepared(db, "going.goersWithRelations", (d) =>
    d
      .select({
        id: users.id,
        username: users.username,
        settings: userSettings,
        follows: sql<number>`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${me} AND f.following_id = ${users.id})`,
        followedBy: sql<number>`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${users.id} AND f.following_id = ${me})`,
        blocked: sql<number>`EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${me} AND b.blocked_id = ${users.id})
          OR (b.blocker_id = ${users.id} AND b.blocked_id = ${me}))`,
      })
      .from(occurrenceGoing)
      .innerJoin(users, eq(users.id, occurrenceGoing.userId))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(slotParams)
      .orderBy(asc(occurrenceGoing.createdAt), sql`occurrence_going.rowid`)
      .limit(sql.placeholder("limit"))
      .prepare(),
  ).all({ school: schoolId, date: slot.date, start: slot.startMinute, limit, me: viewerId });

/** Members who came (a verified check-in at an occurrence they were going to) that started from `since` to `until`. */
export async function cameBetween(db: Db, schoolId: number, since: Date, until: Date) {
  const rows = await db.all<{ n: number }>(sql`SELECT count(DISTINCT user_id) AS n FROM occurrence_going
    WHERE school_id = ${schoolId} AND came = 1
      AND starts_at >= ${since.getTime()} AND starts_at <= ${until.getTime()}`);
  return Number(rows[0]?.n ?? 0);
}

/** For a verified check-in's batch: the member came to the occurrence `key` (`date@start`) if they were going. */
const CAME = `UPDATE occurrence_going SET came = 1
  WHERE school_id = ? AND date = ? AND start_minute = ? AND user_id = ? AND came = 0`;

export const cameStatement = (schoolId: number, userId: number, slot: Slot) =>
  rawStatement(CAME, [schoolId, slot.date, slot.startMinute, userId]);

/**
 * Those going to the occurrences a cancellation or move names, by the exception's
 * `schoolId date start` (start "day" for a closed day: every slot that date). One statement.
 */
export async function goersOfSlots(
  db: Db,
  changes: readonly { schoolId: number; date: string; startMinute: number | null }[],
) {
  const out = new Map<string, number[]>();
  if (!changes.length) return out;
  const wanted = JSON.stringify(changes.map((c) => [c.schoolId, c.date, c.startMinute]));
  const rows = await db.all<
    Record<string, unknown>
  >(sql`SELECT w.school_id, w.date, w.start_minute AS slot, g.user_id
    FROM (SELECT DISTINCT json_extract(value, '$[0]') AS school_id, json_extract(value, '$[1]') AS date,
        json_extract(value, '$[2]') AS start_minute
      FROM json_each(${wanted})) w
    JOIN occurrence_going g ON g.school_id = w.school_id AND g.date = w.date
      AND (w.start_minute IS NULL OR g.start_minute = w.start_minute)
    ORDER BY g.created_at`);
  for (const r of rows) {
    const key = `${r.school_id} ${r.date} ${r.slot ?? "day"}`;
    out.set(key, [...(out.get(key) ?? []), Number(r.user_id)]);
  }
  return out;
}

/** Rows not yet reminded whose occurrence starts after `from` and at most at `until`, soonest first. */
export const dueReminders = (db: Db, from: Date, until: Date, limit: number) =>
  db.all<Record<string, unknown>>(sql`SELECT school_id, date, start_minute, user_id, starts_at
    FROM occurrence_going
    WHERE reminded_at IS NULL AND starts_at > ${from.getTime()} AND starts_at <= ${until.getTime()}
    ORDER BY starts_at LIMIT ${limit}`);

/** Marks one row reminded (or passed over); `changes()` is 1 only for the run that did it. */
export const markReminded = (db: Tx, row: { schoolId: number; slot: Slot; userId: number }, now: Date) =>
  db.run(sql`UPDATE occurrence_going SET reminded_at = ${now.getTime()}
    WHERE school_id = ${row.schoolId} AND date = ${row.slot.date} AND start_minute = ${row.slot.startMinute}
      AND user_id = ${row.userId} AND reminded_at IS NULL`);

/** A slot's occurrence now starts at `startsAt` (it moved, or moved back): a reminder due again if it moved. */
export const moveStartsAt = (db: Tx, schoolId: number, slot: Slot, startsAt: Date) =>
  db.run(sql`UPDATE occurrence_going
    SET starts_at = ${startsAt.getTime()},
      reminded_at = CASE WHEN starts_at = ${startsAt.getTime()} THEN reminded_at ELSE NULL END
    WHERE school_id = ${schoolId} AND date = ${slot.date} AND start_minute = ${slot.startMinute}`);

/** An exception with its school: what the cancellation mail says. */
export async function exceptionForMail(db: Db, exceptionId: number) {
  const rows = await db.all<Record<string, unknown>>(sql`SELECT e.id, e.school_id, e.date, e.start_minute,
      e.reason, e.move_to_date, e.move_to_start, e.move_to_end, s.gym, s.slug, s.time_zone
    FROM schedule_exceptions e JOIN schools s ON s.id = e.school_id WHERE e.id = ${exceptionId}`);
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    schoolId: Number(r.school_id),
    date: String(r.date),
    startMinute: r.start_minute === null ? null : Number(r.start_minute),
    reason: String(r.reason),
    moveTo:
      r.move_to_date === null || r.move_to_start === null
        ? null
        : {
            date: String(r.move_to_date),
            start: Number(r.move_to_start),
            end: r.move_to_end === null ? null : Number(r.move_to_end),
          },
    gym: String(r.gym),
    slug: String(r.slug),
    timeZone: String(r.time_zone),
  };
}

/**
 * Those going to the exception's occurrences who may be mailed: a confirmed address (never
 * mail one nobody confirmed), with each row's start as it was when the exception came.
 */
export async function mailableGoers(db: Db, schoolId: number, date: string, startMinute: number | null) {
  const rows = await db.all<Record<string, unknown>>(sql`SELECT g.user_id, g.start_minute, g.starts_at,
      u.email, u.username
    FROM occurrence_going g JOIN users u ON u.id = g.user_id
    WHERE g.school_id = ${schoolId} AND g.date = ${date}
      AND (${startMinute} IS NULL OR g.start_minute = ${startMinute})
      AND u.email_verified_at IS NOT NULL
    ORDER BY g.created_at`);
  return rows.map((r) => ({
    userId: Number(r.user_id),
    startMinute: Number(r.start_minute),
    startsAt: new Date(Number(r.starts_at)),
    email: String(r.email),
    username: String(r.username),
  }));
}

/** The pruning job's step: rows of occurrences that started more than GOING_KEPT_DAYS ago. */
export async function pruneGoingBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db.run(sql`DELETE FROM occurrence_going WHERE rowid IN (
    SELECT rowid FROM occurrence_going WHERE starts_at < ${before.getTime()} LIMIT ${limit})`);
  return result.rowsAffected;
}
