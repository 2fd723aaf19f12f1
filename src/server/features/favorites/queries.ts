import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { favorites } from "../../../db/schema";

export const favoriteSchoolIds = async (db: Db, userId: number) =>
  (
    await db
      .select({ schoolId: favorites.schoolId })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt))
  ).map((r) => r.schoolId);

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
