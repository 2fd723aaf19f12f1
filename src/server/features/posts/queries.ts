import { and, desc, eq, inArray, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PostVisibility } from "../../../common/schemas/posts";
import type { Db } from "../../../db/client";
import { rawStatement } from "../../../db/raw-statement";
import { checkins, postLikes, postPhotos, posts, schools, userSettings, users } from "../../../db/schema";

export interface Page {
  limit: number;
  beforeId?: number | undefined;
}

/** What a post view is built from: the post, its author with their flags, and a card's school. */
const viewColumns = {
  id: posts.id,
  userId: posts.userId,
  kind: posts.kind,
  content: posts.content,
  visibility: posts.visibility,
  checkinId: posts.checkinId,
  createdAt: posts.createdAt,
  username: users.username,
  profilePhoto: users.profilePhoto,
  settings: userSettings,
  school: { id: schools.id, gym: schools.gym, city: schools.city, slug: schools.slug },
};

const selectViews = (db: Db) =>
  db
    .select(viewColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(userSettings, eq(userSettings.userId, posts.userId))
    .leftJoin(checkins, eq(checkins.id, posts.checkinId))
    .leftJoin(schools, eq(schools.id, checkins.schoolId));

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectViews>["all"]>>[number];

const before = (page: Page) => (page.beforeId === undefined ? undefined : lt(posts.id, page.beforeId));

const idsOf = (db: Db, where: SQL | undefined, page: Page) =>
  db.select({ id: posts.id }).from(posts).where(where).orderBy(desc(posts.id)).limit(page.limit);

/** One page: the ids are chosen first, then only those rows are joined to authors and schools. */
const pageOf = (db: Db, where: SQL | undefined, page: Page) =>
  selectViews(db)
    .where(inArray(posts.id, idsOf(db, where, page)))
    .orderBy(desc(posts.id));

/**
 * Recent Public posts and check-in cards by other members, newest first: the feed's
 * community section for someone whose own feed is still empty. Walks posts by id.
 */
export const communityRows = (db: Db, me: number, visible: SQL, page: Page) =>
  pageOf(db, and(eq(posts.visibility, "Public"), ne(posts.userId, me), before(page), visible), page);

/** A member's own posts (check-in cards live in the feed) of the given visibilities. */
export function userPostRows(db: Db, userId: number, visibilities: PostVisibility[], page: Page) {
  return pageOf(
    db,
    and(
      eq(posts.userId, userId),
      eq(posts.kind, "post"),
      inArray(posts.visibility, visibilities),
      before(page),
    ),
    page,
  );
}

/**
 * userPostRows' first page with each post's likes and photos, as an SQL value (a JSON array
 * of [id, content, visibility, createdAt, likeCount, liked, photoIds]) for a page's one
 * statement. `visible` is the policy's post.read condition over `p` (visiblePostsWhere);
 * walks posts_user_feed for the author, newest first.
 */
export const userPostsJson = (visible: SQL, me: SQL, user: SQL, limit: SQL) =>
  sql`(SELECT json_group_array(json_array(p.id, p.content, p.visibility, p.created_at,
      (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id),
      EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${me}),
      (SELECT group_concat(id, ',') FROM
        (SELECT ph.id FROM post_photos ph WHERE ph.post_id = p.id ORDER BY ph.position)))) FROM (
    SELECT p.id, p.content, p.visibility, p.created_at FROM posts p
    WHERE p.user_id = ${user} AND p.kind = 'post' AND ${visible}
    ORDER BY p.id DESC LIMIT ${limit}) p)`;

export type UserPostJsonRow = [number, string, PostVisibility, number, number, number, string | null];

export const postRow = (db: Db, id: number) => selectViews(db).where(eq(posts.id, id)).get();

/** What the policy needs about one post: its author, visibility and the author's flags. */
export const postOwnerRow = (db: Db, id: number) =>
  db
    .select({ userId: posts.userId, visibility: posts.visibility, settings: userSettings })
    .from(posts)
    .leftJoin(userSettings, eq(userSettings.userId, posts.userId))
    .where(eq(posts.id, id))
    .get();

/**
 * A post and the claim of its photos, as one batch: one transaction that holds no lock
 * across a round trip (an interactive transaction on the embedded driver blocks every
 * other writer's thread while it waits, and concurrent posts then fail SQLITE_BUSY).
 * The post is inserted only if every photo is the member's own and unposted; the claim
 * runs only if the insert did (`changes()` still counts the INSERT while the UPDATE runs)
 * and points the photos at it through last_insert_rowid(). Answers the post's id, or
 * null when a photo was not claimable and nothing was written. `after` joins the same
 * batch, after the insert and the claim (an Idempotency-Key's record).
 */
export async function insertPostWithPhotos(
  db: Db,
  values: { userId: number; content: string; visibility: PostVisibility; createdAt: Date },
  photoIds: string[],
  after: readonly BatchItem<"sqlite">[] = [],
): Promise<number | null> {
  const { userId } = values;
  const claimable = and(
    inArray(postPhotos.id, photoIds),
    eq(postPhotos.userId, userId),
    isNull(postPhotos.postId),
  );
  const allClaimable =
    photoIds.length === 0
      ? sql`1`
      : sql`(SELECT count(*) FROM ${postPhotos} WHERE ${claimable}) = ${photoIds.length}`;
  const insert = db.all<{ id: number }>(sql`INSERT INTO posts (user_id, kind, content, visibility, created_at)
    SELECT ${userId}, 'post', ${values.content}, ${values.visibility}, ${values.createdAt.getTime()}
    WHERE ${allClaimable}
    RETURNING id`);
  if (photoIds.length === 0 && after.length === 0) return (await insert)[0]?.id ?? null;
  if (photoIds.length === 0) return (await db.batch([insert, ...after]))[0][0]?.id ?? null;
  const position = sql.join(
    [sql`CASE ${postPhotos.id}`, ...photoIds.map((id, i) => sql`WHEN ${id} THEN ${i}`), sql`END`],
    sql` `,
  );
  const claim = db
    .update(postPhotos)
    .set({ postId: sql`last_insert_rowid()`, position: sql`${position}` })
    .where(and(claimable, sql`changes() = 1`))
    .returning({ id: postPhotos.id, postId: postPhotos.postId });
  const [inserted, claimed] = await db.batch([insert, claim, ...after]);
  const id = inserted[0]?.id;
  if (id === undefined) return null;
  if (claimed.length !== photoIds.length || claimed.some((c) => c.postId !== id))
    throw new Error(`post ${id} claimed ${claimed.length} of ${photoIds.length} photos`);
  return id;
}

export const deletePostRow = async (db: Db, id: number) =>
  (await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id })).length > 0;

/** Like counts and whether `me` liked, for a page of posts, in one query. */
export const likesOf = (db: Db, me: number, postIds: number[]) =>
  db
    .select({
      postId: postLikes.postId,
      likeCount: sql<number>`count(*)`,
      liked: sql<number>`max(${postLikes.userId} = ${me})`,
    })
    .from(postLikes)
    .where(inArray(postLikes.postId, postIds))
    .groupBy(postLikes.postId);

/** Adds a like unless there is one, or the post is gone (no foreign-key error in a race). */
export const insertLike = (db: Db, postId: number, userId: number, at: Date) =>
  db.run(sql`INSERT INTO post_likes (post_id, user_id, created_at)
    SELECT ${postId}, ${userId}, ${at.getTime()} WHERE EXISTS (SELECT 1 FROM posts WHERE id = ${postId})
    ON CONFLICT DO NOTHING`);

export const deleteLike = (db: Db, postId: number, userId: number) =>
  db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));

/** One post's like state after a change (in the same batch), and whether the post still exists. */
export const likeStateOf = (db: Db, postId: number, userId: number) =>
  db.all<{ likeCount: number; liked: number; present: number }>(sql`SELECT
    (SELECT count(*) FROM post_likes WHERE post_id = ${postId}) AS likeCount,
    EXISTS (SELECT 1 FROM post_likes WHERE post_id = ${postId} AND user_id = ${userId}) AS liked,
    EXISTS (SELECT 1 FROM posts WHERE id = ${postId}) AS present`);

/** A verified check-in, by id or by its unique (member, school, local day). */
export type CheckinKey = { id: number } | { userId: number; schoolId: number; localDate: string };

/**
 * The activity card of a verified check-in, as one statement for the check-in's own batch.
 * It reads the check-in row, so it adds nothing unless that row is verified by then, and
 * a second card for the same check-in is refused by posts_checkin (DO NOTHING).
 */
const CARD_OF = (
  match: string,
) => `INSERT INTO posts (user_id, kind, content, visibility, checkin_id, created_at)
  SELECT user_id, 'checkin', '', 'Public', id, ? FROM checkins WHERE ${match} AND verified = 1
  ON CONFLICT (checkin_id) DO NOTHING`;
const CARD_BY_ID = CARD_OF("id = ?");
const CARD_BY_DAY = CARD_OF("user_id = ? AND school_id = ? AND local_date = ?");

export function insertCheckinCard(at: Date, key: CheckinKey) {
  return "id" in key
    ? rawStatement(CARD_BY_ID, [at.getTime(), key.id])
    : rawStatement(CARD_BY_DAY, [at.getTime(), key.userId, key.schoolId, key.localDate]);
}
