import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { POST_PHOTO_PATH, POST_PHOTOS_MAX, postMessages } from "../../../common/schemas/posts";
import type { Db, Tx } from "../../../db/client";
import { postPhotos, posts } from "../../../db/schema";
import { HttpError } from "../../http/errors";
import { can } from "../../policy/access";
import { relationTo } from "../../policy/relation";
import type { PolicyViewer } from "../../policy/viewer";
import type { Storage } from "../../storage";
import * as photos from "../photos/service";
import { getSettings } from "../settings/service";

/** A photo normalised but never posted is removed once this old (issue 11). */
export const UNPOSTED_PHOTO_MS = photos.UPLOAD_ORPHAN_MS;

export interface PostPhotoDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
}

const idOfPath = (path: string) => path.match(POST_PHOTO_PATH)?.[1] ?? null;
/** The served path of a post photo by its id. */
export const postPhotoPath = (id: string) => `/${photos.postPhotoKey(id)}`;
const pathOf = postPhotoPath;

/**
 * Stores a post photo for its uploader, not yet in a post: decoded, re-encoded without
 * metadata, under a new random name. Answers the path pages show and posts name.
 */
export async function savePostPhoto(deps: PostPhotoDeps, userId: number, bytes: Uint8Array): Promise<string> {
  const stored = await photos.storePostPhoto(deps.storage, bytes);
  try {
    await deps.db.insert(postPhotos).values({ id: stored.id, userId, createdAt: deps.now() });
  } catch (error) {
    await deps.storage.delete(stored.key);
    throw error;
  }
  return stored.path;
}

/**
 * Step 3 of spec §7's post photo flow (`PUT /api/posts/photos`): each upload link of the
 * member's is taken once and its photo normalised. All or nothing: when one fails, the
 * photos already made from this call are removed and the error is the answer.
 */
export async function normalizePostPhotos(
  deps: photos.PhotoDeps,
  userId: number,
  photoURLs: string[],
): Promise<{ normalizedPaths: string[] }> {
  if (new Set(photoURLs).size !== photoURLs.length) throw new HttpError(400, postMessages.photoInvalid);
  const made: string[] = [];
  try {
    for (const url of photoURLs) {
      const bytes = await photos.takePostUpload(deps, userId, url);
      made.push(await savePostPhoto(deps, userId, bytes));
    }
  } catch (error) {
    const ids = made.map(idOfPath).filter((id): id is string => !!id);
    if (ids.length) await deps.db.delete(postPhotos).where(inArray(postPhotos.id, ids));
    await deleteStoredPhotos(deps.storage, ids.map(photos.postPhotoKey));
    throw error;
  }
  return { normalizedPaths: made };
}

/**
 * Puts the member's own unposted photos into a post, in the order given. One statement
 * claims them all (`post_id IS NULL` and the owner in the WHERE), so a path from another
 * member, from outside the upload flow or already in a post fails the whole post; the
 * caller's transaction then rolls the post back.
 */
export async function attachPhotos(
  db: Db | Tx,
  userId: number,
  postId: number,
  paths: string[],
): Promise<void> {
  if (paths.length === 0) return;
  if (paths.length > POST_PHOTOS_MAX) throw new HttpError(400, postMessages.tooManyPhotos);
  const ids = paths.map(idOfPath);
  if (ids.some((id) => !id) || new Set(ids).size !== ids.length) {
    throw new HttpError(400, postMessages.photoInvalid);
  }
  const valid = ids as string[];
  const position = sql.join(
    [sql`CASE ${postPhotos.id}`, ...valid.map((id, i) => sql`WHEN ${id} THEN ${i}`), sql`END`],
    sql` `,
  );
  const claimed = await db
    .update(postPhotos)
    .set({ postId, position: sql`${position}` })
    .where(and(inArray(postPhotos.id, valid), eq(postPhotos.userId, userId), isNull(postPhotos.postId)))
    .returning({ id: postPhotos.id });
  if (claimed.length !== valid.length) throw new HttpError(400, postMessages.photoInvalid);
}

/** The served paths of each post's photos, in order, in one query. */
export async function photosOfPosts(db: Db, postIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (postIds.length === 0) return out;
  const rows = await db
    .select({ id: postPhotos.id, postId: postPhotos.postId })
    .from(postPhotos)
    .where(inArray(postPhotos.postId, postIds))
    .orderBy(asc(postPhotos.postId), asc(postPhotos.position));
  for (const row of rows) {
    const list = out.get(row.postId as number) ?? [];
    list.push(pathOf(row.id));
    out.set(row.postId as number, list);
  }
  return out;
}

/** Storage keys of a post's photos; read them before the post row (and its photo rows) go. */
export async function photoKeysOfPost(db: Db, postId: number): Promise<string[]> {
  const rows = await db.select({ id: postPhotos.id }).from(postPhotos).where(eq(postPhotos.postId, postId));
  return rows.map((r) => photos.postPhotoKey(r.id));
}

export async function deleteStoredPhotos(storage: Storage, keys: string[]): Promise<void> {
  await photos.deleteKeys(storage, keys);
}

/**
 * Whether the viewer may see a post photo: the post's visibility through the policy, or,
 * for a photo not yet in a post, its uploader only (judged as a Private post).
 */
export async function canSeePostPhoto(db: Db, viewer: PolicyViewer, photoId: string): Promise<boolean> {
  if (viewer.kind === "guest") return false;
  const row = (
    await db
      .select({ ownerId: postPhotos.userId, visibility: posts.visibility })
      .from(postPhotos)
      .leftJoin(posts, eq(posts.id, postPhotos.postId))
      .where(eq(postPhotos.id, photoId))
      .limit(1)
  )[0];
  if (!row) return false;
  const [relation, settings] = await Promise.all([
    relationTo(db, viewer, row.ownerId),
    getSettings(db, row.ownerId),
  ]);
  return can(viewer, "post.photo.read", { relation, settings, visibility: row.visibility ?? "Private" });
}

/**
 * The pruning job's step: photos normalised over a day ago and never posted go. The rows
 * go first, and only those still unposted (a post made this instant keeps its photo);
 * a file left by a failed delete is an orphan, never a post's missing picture.
 */
export async function pruneUnpostedPhotos(
  db: Db,
  storage: Storage,
  now: Date,
  limit: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPOSTED_PHOTO_MS);
  const stale = await db
    .select({ id: postPhotos.id })
    .from(postPhotos)
    .where(and(isNull(postPhotos.postId), lt(postPhotos.createdAt, cutoff)))
    .limit(limit);
  if (!stale.length) return 0;
  const removed = await db
    .delete(postPhotos)
    .where(
      and(
        inArray(
          postPhotos.id,
          stale.map((r) => r.id),
        ),
        isNull(postPhotos.postId),
      ),
    )
    .returning({ id: postPhotos.id });
  await deleteStoredPhotos(
    storage,
    removed.map((r) => photos.postPhotoKey(r.id)),
  );
  return stale.length;
}

/** Every post photo file of a member (posted or not); account deletion calls it before the rows go. */
export async function deleteUserPostPhotos(db: Db, storage: Storage, userId: number): Promise<void> {
  const rows = await db.select({ id: postPhotos.id }).from(postPhotos).where(eq(postPhotos.userId, userId));
  await deleteStoredPhotos(
    storage,
    rows.map((r) => photos.postPhotoKey(r.id)),
  );
}
