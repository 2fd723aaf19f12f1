import { type AnyColumn, and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { blocks, follows, userSettings, users } from "../../../db/schema";
import { appendEvent } from "../../events/store";

export type UserRow = typeof users.$inferSelect;

/** A member with their settings row (null: never saved, so the defaults), in one query. */
export const findUserWithSettings = async (db: Db, id: number) =>
  (
    await db
      .select({ user: users, settings: userSettings })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, id))
      .limit(1)
  )[0];

export const findUserRow = (db: Db, id: number) => db.query.users.findFirst({ where: eq(users.id, id) });

export const userExists = async (db: Db, id: number) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1)).length > 0;

export const updateProfileFields = (
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, "beltLevel" | "aboutMe" | "city" | "homeGym">>,
) => db.update(users).set(values).where(eq(users.id, id));

/** A block between the two, either way (SQL text for the statements below). */
const blockBetween = (a: number, b: number | AnyColumn) => sql`EXISTS (
  SELECT 1 FROM blocks
  WHERE (blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a}))`;

/**
 * Adds the follow unless it exists. The policy has already allowed it; the NOT EXISTS keeps
 * the invariant "no follow across a block" when a block is committed between that check and
 * this statement (blocking deletes follows in its own transaction). One statement, so
 * follows of one pair sent at once leave one row. True when a row was added; only then,
 * in the same batch, is `follow.created` written (the followed member's bell reads it).
 */
export async function insertFollow(db: Db, followerId: number, followingId: number, now: Date) {
  const [result] = await db.batch([
    db.run(sql`
    INSERT INTO follows (follower_id, following_id, created_at)
    SELECT ${followerId}, ${followingId}, ${now.getTime()}
    WHERE NOT ${blockBetween(followerId, followingId)}
    ON CONFLICT DO NOTHING`),
    ...appendEvent(
      db,
      { type: "follow.created", actorId: followerId, subjectId: followingId, at: now },
      sql`changes() = 1`,
    ),
  ]);
  return result.rowsAffected > 0;
}

export const deleteFollow = (db: Db, followerId: number, followingId: number) =>
  db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));

/** The people `userId` follows, newest first, with their settings for the policy: one query. */
export const followedUsers = (db: Db, userId: number, limit: number) =>
  db
    .select({
      id: users.id,
      username: users.username,
      profilePhoto: users.profilePhoto,
      followedAt: follows.createdAt,
      settings: userSettings,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followingId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(follows.followerId, userId))
    .orderBy(desc(follows.createdAt), desc(follows.followingId))
    .limit(limit);

/** `%`, `_` and the escape character itself match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const me = sql.placeholder("me");
const needle = sql.placeholder("needle");
const lowerName = sql`lower(${users.username})`;
const searchColumns = {
  id: users.id,
  username: users.username,
  profilePhoto: users.profilePhoto,
  settings: userSettings,
  // How the viewer stands to each (a block either way is left out by the statement).
  follows: sql<number>`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${me} AND f.following_id = ${users.id})`,
  followedBy: sql<number>`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${users.id} AND f.following_id = ${me})`,
};
const unblocked = sql`NOT ${blockBetween(me as never, users.id)}`;

/** Exact and prefix matches: a range of users_username_nocase walked in name order. */
const prefixSearch = (db: Db) =>
  prepared(db, "users.search.prefix", (d) =>
    d
      .select(searchColumns)
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(and(sql`${lowerName} >= ${needle} AND ${lowerName} < ${needle} || char(1114111)`, unblocked))
      .orderBy(lowerName)
      .limit(sql.placeholder("limit"))
      .prepare(),
  );

/** Matches anywhere in the name, found on users_username_nocase alone (a name and a row id a member). */
const substringSearch = (db: Db) =>
  prepared(db, "users.search.inside", (d) =>
    d
      .select(searchColumns)
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(
        and(
          sql`${users.id} IN (SELECT rowid FROM users INDEXED BY users_username_nocase
            WHERE lower(username) LIKE ${sql.placeholder("inside")} ESCAPE '\\')`,
          unblocked,
        ),
      )
      .orderBy(
        sql`CASE WHEN ${lowerName} = ${needle} THEN 0
          WHEN ${lowerName} LIKE ${sql.placeholder("start")} ESCAPE '\\' THEN 1 ELSE 2 END`,
        lowerName,
        users.id,
      )
      .limit(sql.placeholder("limit"))
      .prepare(),
  );

/**
 * Usernames containing `q` (case-insensitive), exact match first, then prefix matches, then
 * the rest, each alphabetically; at most `limit`, each with whether the viewer follows them
 * and they the viewer. Members in a block with `viewerId` (either way) are left out here,
 * before the limit, so a block never shortens the page; the service still asks the policy
 * about every row.
 *
 * The exact match and the prefix matches come first, so when there are `limit` of them they
 * are the answer: a range of the lowercase-username index, walked in order until `limit`
 * rows pass the block check. Only when there are fewer does a second statement look for the
 * name inside usernames, on that index alone rather than every member's row. Both are
 * prepared once (the query builder cost as much as running them).
 */
export async function searchUsernames(db: Db, viewerId: number, q: string, limit: number) {
  const lower = q.toLowerCase();
  const args = { me: viewerId, needle: lower, limit };
  const prefixed = await prefixSearch(db).all(args);
  if (prefixed.length >= limit) return prefixed;
  const pattern = escapeLike(lower);
  return substringSearch(db).all({ ...args, inside: `%${pattern}%`, start: `${pattern}%` });
}

/**
 * Blocks `blockedId` and removes the follows between the two, both ways, in one
 * transaction. Blocking twice is a no-op.
 */
export const insertBlock = (db: Db, blockerId: number, blockedId: number, now: Date) =>
  db.batch([
    db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing(),
    db
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, blockerId), eq(follows.followingId, blockedId)),
          and(eq(follows.followerId, blockedId), eq(follows.followingId, blockerId)),
        ),
      ),
  ]);

export const deleteBlock = (db: Db, blockerId: number, blockedId: number) =>
  db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));

/** The members `userId` blocked, newest first, at most `limit`: one query. */
export const blockedUsers = (db: Db, userId: number, limit: number) =>
  db
    .select({
      id: users.id,
      username: users.username,
      profilePhoto: users.profilePhoto,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit);
