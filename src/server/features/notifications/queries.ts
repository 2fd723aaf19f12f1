import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { notifications, userSettings, users } from "../../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;

/** Kinds whose item names other members: shown only while the reader may see one of them. */
const ACTOR_KINDS = sql`('follow', 'like')`;

/**
 * Neither of the two blocked the other: the SQL side of the profile.read rule (a block
 * hides a member either way), so pages and counts leave hidden items out before the limit.
 * The service still asks the policy about every actor it names.
 */
const noBlock = (a: SQL, b: SQL) => sql`NOT EXISTS (SELECT 1 FROM blocks b
  WHERE (b.blocker_id = ${a} AND b.blocked_id = ${b}) OR (b.blocker_id = ${b} AND b.blocked_id = ${a}))`;

/**
 * An item its owner may see (for the row aliased `n`): an item about members needs one the
 * owner may see, and a like needs the owner's post to be there still.
 */
const visible = sql`(n.type NOT IN ${ACTOR_KINDS} OR EXISTS (SELECT 1 FROM notification_actors a
    WHERE a.notification_id = n.id AND ${noBlock(sql`a.actor_id`, sql`n.user_id`)}))
  AND (n.type <> 'like' OR EXISTS (SELECT 1 FROM posts p WHERE p.id = n.subject_id AND p.user_id = n.user_id))`;

const fromRaw = (r: Record<string, unknown>): NotificationRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  type: String(r.type),
  groupKey: String(r.group_key),
  subjectId: r.subject_id === null ? null : Number(r.subject_id),
  payload: String(r.payload),
  isRead: Number(r.is_read) === 1,
  createdAt: new Date(Number(r.created_at)),
  updatedAt: new Date(Number(r.updated_at)),
});

/**
 * A page of the member's visible items, newest activity first (updated_at, then id), after
 * the item `beforeId` (one of theirs; another's, or none, gives an empty page). One query
 * on notifications_user_updated.
 */
export async function pageOf(db: Db, userId: number, limit: number, beforeId?: number) {
  const after =
    beforeId === undefined
      ? sql`1`
      : sql`(n.updated_at, n.id) < (SELECT updated_at, id FROM notifications WHERE id = ${beforeId} AND user_id = ${userId})`;
  const rows = await db.all<Record<string, unknown>>(sql`SELECT n.* FROM notifications n
    WHERE n.user_id = ${userId} AND ${after} AND ${visible}
    ORDER BY n.updated_at DESC, n.id DESC LIMIT ${limit}`);
  return rows.map(fromRaw);
}

/** Items by id that their owners may see (the list's `visible`): one query, for live delivery. */
export async function visibleByIds(db: Db, ids: readonly number[]): Promise<NotificationRow[]> {
  if (!ids.length) return [];
  const list = sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT n.* FROM notifications n WHERE n.id IN (${list}) AND ${visible}`,
  );
  return rows.map(fromRaw);
}

/** The badge count: unread items the member may see, as the list shows them. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const rows = await db.all<{ count: number }>(unreadCountSql(userId));
  return Number(rows[0]?.count ?? 0);
}

/** The badge count as one SELECT, to be a subquery of the page header's one statement. */
export const unreadCountSql = (userId: number) => sql`SELECT count(*) AS count FROM notifications n
    WHERE n.user_id = ${userId} AND n.is_read = 0 AND ${visible}`;

/**
 * For each item, how many of its actors its owner may see and the newest of them: one
 * query, however many items and actors (a popular post's like group is never loaded whole).
 */
export async function actorSummaries(db: Db, notificationIds: readonly number[]) {
  const out = new Map<number, { count: number; newestId: number }>();
  if (!notificationIds.length) return out;
  const ids = sql.join(
    notificationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.all<{ nid: number; total: number; actorId: number }>(sql`
    SELECT nid, total, actorId FROM (
      SELECT a.notification_id AS nid, a.actor_id AS actorId,
        count(*) OVER (PARTITION BY a.notification_id) AS total,
        row_number() OVER (PARTITION BY a.notification_id ORDER BY a.created_at DESC, a.actor_id DESC) AS rn
      FROM notification_actors a JOIN notifications n ON n.id = a.notification_id
      WHERE a.notification_id IN (${ids}) AND ${noBlock(sql`a.actor_id`, sql`n.user_id`)})
    WHERE rn = 1`);
  for (const r of rows) out.set(Number(r.nid), { count: Number(r.total), newestId: Number(r.actorId) });
  return out;
}

/** Members by id with their settings (for the policy): one query. */
export const membersWithSettings = (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: users.id, username: users.username, settings: userSettings })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(inArray(users.id, [...ids]));

/** Each post's kind ('post' or 'checkin' card), for the like texts. */
export async function postKinds(db: Db, postIds: readonly number[]) {
  if (!postIds.length) return new Map<number, string>();
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.all<{ id: number; kind: string }>(
    sql`SELECT id, kind FROM posts WHERE id IN (${ids})`,
  );
  return new Map(rows.map((r) => [Number(r.id), String(r.kind)]));
}

export const findNotification = async (db: Db, id: number) =>
  (
    await db
      .select({ id: notifications.id, userId: notifications.userId, isRead: notifications.isRead })
      .from(notifications)
      .where(eq(notifications.id, id))
      .limit(1)
  )[0];

/** Marks one of the member's items read (a statement for the batch that tells their tabs). */
export const markReadStatement = (db: Tx, userId: number, id: number) =>
  db.run(sql`UPDATE notifications SET is_read = 1
    WHERE id = ${id} AND user_id = ${userId} AND is_read = 0`);

export const markAllReadStatement = (db: Tx, userId: number) =>
  db.run(sql`UPDATE notifications SET is_read = 1 WHERE user_id = ${userId} AND is_read = 0`);

/** Items already there for these (owner, group key) pairs, for the consumer to merge into. */
export async function existingGroups(db: Db, pairs: readonly { userId: number; groupKey: string }[]) {
  if (!pairs.length) return [];
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...new Set(pairs.map((p) => p.userId))]),
        inArray(notifications.groupKey, [...new Set(pairs.map((p) => p.groupKey))]),
      ),
    );
  const wanted = new Set(pairs.map((p) => `${p.userId} ${p.groupKey}`));
  return rows.filter((r) => wanted.has(`${r.userId} ${r.groupKey}`));
}

/** Which of `actorIds` an item already names (a like taken back and given again is one actor). */
export async function linkedActors(db: Db, notificationId: number, actorIds: readonly number[]) {
  if (!actorIds.length) return new Set<number>();
  const ids = sql.join(
    actorIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.all<{ actorId: number }>(sql`SELECT actor_id AS actorId FROM notification_actors
    WHERE notification_id = ${notificationId} AND actor_id IN (${ids})`);
  return new Set(rows.map((r) => Number(r.actorId)));
}

/**
 * For an account's deletion batch: other members' items whose only actor is the member (their
 * follow, likes by them alone) go. Items with other actors stay and lose this one with its
 * row (cascade), so their texts name the others; the member's own items go by cascade too.
 */
export const forgetSoleActorItems = (db: Tx, userId: number) =>
  db.run(sql`DELETE FROM notifications WHERE type IN ${ACTOR_KINDS}
    AND id IN (SELECT notification_id FROM notification_actors WHERE actor_id = ${userId})
    AND NOT EXISTS (SELECT 1 FROM notification_actors a
      WHERE a.notification_id = notifications.id AND a.actor_id <> ${userId})`);

/** The pruning job's step: read items whose last activity is older than `before`. */
export async function pruneRead(db: Db, before: Date, limit: number): Promise<number> {
  const stale = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.isRead, true), lt(notifications.updatedAt, before)))
    .limit(limit);
  if (!stale.length) return 0;
  await db.delete(notifications).where(
    inArray(
      notifications.id,
      stale.map((r) => r.id),
    ),
  );
  return stale.length;
}
