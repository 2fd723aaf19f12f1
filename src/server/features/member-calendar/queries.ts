import { and, asc, eq, gte, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { appMeta, calendarFeeds, occurrenceGoing } from "../../../db/schema";

/** The app_meta key of the secret calendar tokens are derived from. */
export const SECRET_KEY = "calendar_feed_secret";

/** Stores `value` as the secret unless one is there already; either way, answers the one kept. */
export async function keepSecret(db: Db, value: string, now: Date): Promise<string> {
  await db.insert(appMeta).values({ key: SECRET_KEY, value, updatedAt: now }).onConflictDoNothing();
  const row = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  return row[0]?.value ?? value;
}

/** The member's live address (none revoked), if any. */
export const liveFeed = async (db: Db, userId: number) =>
  (
    await db
      .select({ id: calendarFeeds.id, tokenHash: calendarFeeds.tokenHash })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
  )[0] ?? null;

/** Whether the member ever had an address (live or revoked). */
export const hadFeed = async (db: Db, userId: number) =>
  (
    await db
      .select({ id: calendarFeeds.id })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .limit(1)
  ).length > 0;

/**
 * A new live address whose token hash is a placeholder until `setTokenHash` (the token is
 * derived from the row's id). A member who has a live one keeps it: the partial unique
 * index `calendar_feeds_live` turns a second insert, even one sent at the same moment, into nothing.
 */
export const insertFeed = (db: Db, userId: number, placeholder: string, now: Date) =>
  db.insert(calendarFeeds).values({ userId, tokenHash: placeholder, createdAt: now }).onConflictDoNothing();

export const setTokenHash = (db: Db, id: number, tokenHash: string) =>
  db.update(calendarFeeds).set({ tokenHash }).where(eq(calendarFeeds.id, id));

/** Revokes the member's live address (nothing when there is none). */
export const revokeFeed = (db: Db, userId: number, now: Date) =>
  db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));

/** The member a live address belongs to, by its token's hash; null for an unknown or revoked one. */
export const memberOfToken = async (db: Db, tokenHash: string) =>
  (
    await db
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)))
  )[0]?.userId ?? null;

/**
 * The occurrences a member is going to that start at or after `since` (UTC), soonest first,
 * at most `limit`: one query on the (user, starts_at) index.
 */
export const goingSince = (db: Db, userId: number, since: Date, limit: number) =>
  db
    .select({
      schoolId: occurrenceGoing.schoolId,
      date: occurrenceGoing.date,
      startMinute: occurrenceGoing.startMinute,
    })
    .from(occurrenceGoing)
    .where(and(eq(occurrenceGoing.userId, userId), gte(occurrenceGoing.startsAt, since)))
    .orderBy(asc(occurrenceGoing.startsAt), asc(occurrenceGoing.schoolId))
    .limit(limit);
