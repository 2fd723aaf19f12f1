import { sql } from "drizzle-orm";
import {
  type CreatePostInput,
  FEED_PAGE_MAX,
  FEED_PAGE_SIZE,
  type LikeState,
  POST_PHOTO_PATH,
  POST_PHOTOS_MAX,
  type PostView,
  postMessages,
  postVisibilities,
} from "../../../common/schemas/posts";
import { userMessages } from "../../../common/schemas/users";
import type { Db } from "../../../db/client";
import { appendEvent } from "../../events/store";
import { HttpError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { can, requireAccess } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import { visiblePostsWhere } from "../../policy/post-visibility";
import { relationsTo, relationTo } from "../../policy/relation";
import type { PostSubject } from "../../policy/rules";
import { type PolicyViewer, viewerId } from "../../policy/viewer";
import type { Storage } from "../../storage";
import { memberSubject, settingsFromRow } from "../settings/service";
import { type CheckinsPanel, feedPageReads } from "./feed-page";

export type { CheckinsPanel } from "./feed-page";

import { type FeedRow, feedPageRows, feedRowsOf } from "./feed-query";
import { deleteStoredPhotos, photoKeysOfPost, photosOfPosts, postPhotoPath } from "./photos";
import * as q from "./queries";
import { type Likes, toView } from "./view";

/** What other features (the demo community, account removal) may use of the post photos. */
export { attachPhotos, deleteUserPostPhotos, savePostPhoto } from "./photos";
export type { CheckinKey, Page } from "./queries";
/** For a page that reads everything it needs in one statement (the profile page). */
export { userPostsSql, userPostViewsFromJson } from "./view";

const postNotFound = () => new HttpError(404, postMessages.postNotFound);
const refusedAsUnknown = { forbidden: userMessages.userNotFound, notFound: userMessages.userNotFound };

/** Callers outside the routes (pages) get the same bounds the query schema enforces. */
const bounded = (page: q.Page): q.Page => ({
  limit: Math.min(Math.max(1, Math.trunc(page.limit) || 1), FEED_PAGE_MAX),
  beforeId: page.beforeId,
});

/**
 * Views of a page of rows: photos, likes and the authors' relations, each one query for the
 * whole page. The SQL already filtered by visibility; `can()` is still the authority.
 */
async function toViews(db: Db, viewer: PolicyViewer, rows: q.PostRow[]): Promise<PostView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [relations, photos, likeRows] = await Promise.all([
    relationsTo(
      db,
      viewer,
      rows.map((r) => r.userId),
    ),
    photosOfPosts(db, ids),
    q.likesOf(db, viewerId(viewer) ?? 0, ids),
  ]);
  const likes: Likes = new Map(likeRows.map((l) => [l.postId, l]));
  const views: PostView[] = [];
  for (const row of rows) {
    const relation = relations.get(row.userId);
    if (!relation) continue;
    const subject = { relation, settings: settingsFromRow(row.settings), visibility: row.visibility };
    if (!can(viewer, "post.read", subject)) continue;
    views.push(toView(row, viewer, subject, photos.get(row.id) ?? [], likes));
  }
  return views;
}

/**
 * GET /api/posts/feed: the viewer's own posts and check-in cards and those of the people
 * they follow that the policy lets them read, newest first, below `beforeId`. One statement
 * a page whatever its size (feed-query.ts); every row still passes `can()`.
 */
export async function feedFor(db: Db, viewer: PolicyViewer, page: q.Page): Promise<PostView[]> {
  if (viewer.kind === "guest") return [];
  return feedViews(viewer, await feedPageRows(db, viewer, bounded(page)));
}

function feedViews(viewer: PolicyViewer, rows: FeedRow[]): PostView[] {
  const views: PostView[] = [];
  for (const row of rows) {
    const subject = { relation: row.relation, settings: row.settings, visibility: row.visibility };
    if (!can(viewer, "post.read", subject)) continue;
    const likes: Likes = new Map([[row.id, { likeCount: row.likeCount, liked: row.liked ? 1 : 0 }]]);
    views.push(toView(row, viewer, subject, row.photoIds.map(postPhotoPath), likes));
  }
  return views;
}

/**
 * Everything /feed shows, in one round trip (feed-page.ts): the first feed page as feedFor
 * answers it, the member's own panels and, when the feed is empty, the community section
 * as communityFor answers it (null when the feed has posts). A newcomer's comes in the
 * same batch; a member who follows people with nothing they may read costs a second
 * round trip for it (null when that fails: its island asks the API).
 */
export async function feedPageData(
  db: Db,
  viewer: PolicyViewer & { id: number },
  now: Date,
  checkins: CheckinsPanel,
) {
  const data = await feedPageReads(db, viewer, now, checkins, (rows) =>
    feedViews(viewer, feedRowsOf(rows, viewer.id)),
  );
  if (data.posts.length > 0) return { ...data, community: null };
  const community =
    data.community ?? (await communityFor(db, viewer, { limit: FEED_PAGE_SIZE }).catch(() => null));
  return { ...data, community };
}

/**
 * GET /api/posts/community: recent Public posts of members the viewer does not have to
 * follow, so a newcomer's empty feed still shows the community (and whom to follow).
 * The policy's SQL filters (blocks hide everything), and every row still passes `can()`.
 */
export async function communityFor(db: Db, viewer: PolicyViewer, page: q.Page): Promise<PostView[]> {
  const me = viewerId(viewer);
  if (me === null) return [];
  return toViews(db, viewer, await q.communityRows(db, me, visiblePostsWhere(viewer), bounded(page)));
}

/**
 * GET /api/posts/user/{userId}: a member's posts (not their check-in cards) the viewer may
 * read, paged like the feed. An unknown member, or a block either way, is 404 'User Not Found'.
 */
export async function postsOfUser(
  db: Db,
  viewer: PolicyViewer,
  userId: number,
  page: q.Page,
): Promise<PostView[]> {
  const member = await memberSubject(db, viewer, userId);
  if (!member) throw new HttpError(404, userMessages.userNotFound);
  requireAccess(viewer, "profile.read", member, refusedAsUnknown);
  // One author, one relation: the policy names the visibilities the query may return.
  const readable = postVisibilities.filter((visibility) =>
    can(viewer, "post.read", { ...member, visibility }),
  );
  if (readable.length === 0) return [];
  return toViews(db, viewer, await q.userPostRows(db, userId, readable, bounded(page)));
}

/** One post or check-in card as the viewer may see it; null when it is not there or hidden. */
export async function postFor(db: Db, viewer: PolicyViewer, id: number): Promise<PostView | null> {
  const row = await q.postRow(db, id);
  if (!row) return null;
  return (await toViews(db, viewer, [row]))[0] ?? null;
}

/** GET /api/posts/{id}: a hidden post is 404 like a missing one, so existence never leaks. */
export async function getPost(db: Db, viewer: PolicyViewer, id: number): Promise<PostView> {
  const view = await postFor(db, viewer, id);
  if (!view) throw postNotFound();
  return view;
}

/** The photo ids behind `/photos/p-<id>.webp` paths; null if any is not such a path or repeats. */
function photoIdsOf(paths: string[]): string[] | null {
  const ids = paths.map((p) => p.match(POST_PHOTO_PATH)?.[1]);
  if (ids.some((id) => !id) || new Set(ids).size !== ids.length) return null;
  return ids as string[];
}

/**
 * POST /api/posts: the post and its photos are written together or not at all (one batch,
 * see insertPostWithPhotos): a photo that is not the member's own unposted one, or is named
 * twice, is 400 and leaves no post behind. With an Idempotency-Key, a repeat answers the
 * first post (http/idempotency.ts), recorded in the same batch.
 */
export async function createPost(
  db: Db,
  viewer: PolicyViewer,
  input: CreatePostInput,
  now: Date,
  idempotencyKey: string | null = null,
): Promise<PostView> {
  const me = requireMemberId(viewer);
  const photoIds = photoIdsOf(input.photos);
  if (!photoIds) throw new HttpError(400, postMessages.photoInvalid);
  if (photoIds.length > POST_PHOTOS_MAX) throw new HttpError(400, postMessages.tooManyPhotos);
  const key = idempotencyKey === null ? null : { memberId: me, scope: "posts", key: idempotencyKey };
  return idempotent(db, key, now, {
    status: 201,
    replay: (id) => postFor(db, viewer, id),
    async create(record) {
      const id = await q.insertPostWithPhotos(
        db,
        { userId: me, content: input.content, visibility: input.visibility, createdAt: now },
        photoIds,
        record,
      );
      if (id === null) throw new HttpError(400, postMessages.photoInvalid);
      const view = await postFor(db, viewer, id);
      if (!view) throw new Error("a new post is not readable by its author");
      return view;
    },
  });
}

async function subjectOf(
  db: Db,
  viewer: PolicyViewer,
  id: number,
): Promise<(PostSubject & { authorId: number }) | null> {
  const row = await q.postOwnerRow(db, id);
  if (!row) return null;
  const relation = await relationTo(db, viewer, row.userId);
  return {
    relation,
    settings: settingsFromRow(row.settings),
    visibility: row.visibility,
    authorId: row.userId,
  };
}

/**
 * DELETE /api/posts/{id} (policy post.delete: the author, or an admin). A post the viewer
 * cannot read is 404; one they can read but not delete is 403. The photo files go after
 * the rows; a file that fails to go is only an orphan, since nothing serves it any more.
 */
export async function deletePost(
  db: Db,
  storage: Storage,
  viewer: PolicyViewer,
  id: number,
  onStorageError: (error: unknown) => void = () => {},
): Promise<{ deleted: true; id: number }> {
  const subject = await subjectOf(db, viewer, id);
  if (!subject) throw postNotFound();
  if (!can(viewer, "post.delete", subject)) {
    if (can(viewer, "post.read", subject)) throw new HttpError(403, postMessages.deleteForbidden);
    throw postNotFound();
  }
  const keys = await photoKeysOfPost(db, id);
  if (!(await q.deletePostRow(db, id))) throw postNotFound();
  await deleteStoredPhotos(storage, keys).catch(onStorageError);
  return { deleted: true, id };
}

/** Liking and unliking: only posts the viewer may like (policy post.like); others are 404. */
async function changeLike(db: Db, viewer: PolicyViewer, id: number, like: boolean, now: Date) {
  const me = requireMemberId(viewer);
  const subject = await subjectOf(db, viewer, id);
  if (!subject || !can(viewer, "post.like", subject)) throw postNotFound();
  // One batch is one transaction: the count answered includes this change and no half of another.
  const change = like ? q.insertLike(db, id, me, now) : q.deleteLike(db, id, me);
  // A new like on someone else's post tells its author; changes() still counts the insert,
  // since the SELECT between them changes no rows.
  const liked = {
    type: "post.liked",
    actorId: me,
    subjectId: id,
    payload: { authorId: subject.authorId },
    at: now,
  } as const;
  const told = like && !subject.relation.self ? appendEvent(db, liked, sql`changes() = 1`) : [];
  const [, stateRows] = await db.batch([change, q.likeStateOf(db, id, me), ...told]);
  const state = stateRows[0];
  if (!state || Number(state.present) !== 1) throw postNotFound();
  return {
    postId: id,
    likeCount: Number(state.likeCount),
    isLikedByCurrentUser: Number(state.liked) === 1,
  } satisfies LikeState;
}

/** POST /api/posts/{id}/like: idempotent; liking twice (or twice at once) leaves one like. */
export const likePost = (db: Db, viewer: PolicyViewer, id: number, now: Date): Promise<LikeState> =>
  changeLike(db, viewer, id, true, now);

/** DELETE /api/posts/{id}/like: idempotent. */
export const unlikePost = (db: Db, viewer: PolicyViewer, id: number, now: Date): Promise<LikeState> =>
  changeLike(db, viewer, id, false, now);

/**
 * For the check-ins service: the statement that adds a verified check-in's activity card
 * (kind 'checkin', Public, dated `at`), to put in the same batch as the verification.
 */
export const checkinCardStatement = (at: Date, checkin: q.CheckinKey) => q.insertCheckinCard(at, checkin);

/**
 * For moderation (reports): a post as it is stored, whoever may read it, so an admin sees
 * what was reported; null when it is gone. Only for admin views behind reports.review.
 */
export async function postForModeration(db: Db, id: number) {
  const row = await q.postRow(db, id);
  if (!row) return null;
  const photos = (await photosOfPosts(db, [id])).get(id) ?? [];
  return { authorId: row.userId, content: row.content, photos, visibility: row.visibility, kind: row.kind };
}
