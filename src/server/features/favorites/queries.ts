import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { favorites, schools } from "../../../db/schema";

/** Newest first; the school id breaks ties so pages never overlap or skip. */
const newestFirst = [desc(favorites.createdAt), desc(favorites.schoolId)] as const;

/**
 * The member's saved school ids, newest first, at most `limit`: one query, no school rows, and
 * one row back (a JSON array): reading 1,250 rows one by one cost three times the query.
 */
export async function favoriteSchoolIds(db: Db, userId: number, limit: number): Promise<number[]> {
  const rows = await db.all<{ ids: string }>(sql`SELECT json_group_array(school_id) AS ids FROM (
      SELECT ${favorites.schoolId} AS school_id FROM ${favorites} WHERE ${favorites.userId} = ${userId}
      ORDER BY ${favorites.createdAt} DESC, ${favorites.schoolId} DESC LIMIT ${limit})`);
  return JSON.parse(rows[0]?.ids ?? "[]");
}

/**
 * One page of the member's saved school ids with when they were saved, and the list's total
 * on each row (a subquery SQLite runs once; a window count sorted every saved row with it):
 * one statement on the favourites rows alone, no school.
 */
export async function favoritePageIds(db: Db, userId: number, limit: number, offset: number) {
  const rows = await db
    .select({
      schoolId: favorites.schoolId,
      savedAt: favorites.createdAt,
      total: sql<number>`(SELECT count(*) FROM favorites f WHERE f.user_id = ${userId})`,
    })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return { rows, total: rows[0]?.total };
}

export const countFavorites = async (db: Db, userId: number) =>
  (await db.select({ n: sql<number>`count(*)` }).from(favorites).where(eq(favorites.userId, userId)))[0]?.n ??
  0;

export const isFavorite = async (db: Db, userId: number, schoolId: number) =>
  Boolean(
    await db.query.favorites.findFirst({
      where: and(eq(favorites.userId, userId), eq(favorites.schoolId, schoolId)),
    }),
  );

/** Adding twice is a no-op. */
export const addFavorite = (db: Db, userId: number, schoolId: number, now: Date) =>
  db.insert(favorites).values({ userId, schoolId, createdAt: now }).onConflictDoNothing();

export const removeFavorite = (db: Db, userId: number, schoolId: number) =>
  db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.schoolId, schoolId)));

/** Name, city and slug of a member's newest saved schools, at most `limit`: one query. */
export const savedSchoolsOf = (db: Db, userId: number, limit: number) =>
  db
    .select({ schoolId: schools.id, name: schools.gym, city: schools.city, slug: schools.slug })
    .from(favorites)
    .innerJoin(schools, eq(schools.id, favorites.schoolId))
    .where(eq(favorites.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit);

/**
 * The same list as savedSchoolsOf, as one JSON array of [schoolId, name, city, slug] for a
 * page that reads everything it needs in one statement (`user` is the member's SQL value).
 */
export const savedSchoolsJson = (user: SQL, limit: number) =>
  sql`(SELECT json_group_array(json_array(id, gym, city, slug)) FROM (
    SELECT s.id, s.gym, s.city, s.slug FROM favorites f JOIN schools s ON s.id = f.school_id
    WHERE f.user_id = ${user} ORDER BY f.created_at DESC, f.school_id DESC LIMIT ${limit}))`;
