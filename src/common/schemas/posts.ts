import * as v from "valibot";
import { pageQuerySchema } from "./paging";
import { photoPixelsMessage } from "./photos";

/** Spec §9: the feed's page size, the post's length, and its photos. */
export const FEED_PAGE_SIZE = 10;
export const FEED_PAGE_MAX = 50;
export const POST_MAX = 500;
export const POST_PHOTOS_MAX = 4;
export const POST_PHOTO_MAX_BYTES = 10_485_760;
/** Spec §9 "Linked post highlight". */
export const LINKED_POST_HIGHLIGHT_MS = 3000;

export const postVisibilities = ["Private", "Friends", "Public"] as const;
export type PostVisibility = (typeof postVisibilities)[number];

/** Spec §8 "Post", "Social" and §2 Feed texts; the API answers with the server-side ones. */
export const postMessages = {
  contentRequired: "Please write something to post",
  contentTooLong: `Post is too long (max ${POST_MAX} characters)`,
  visibilityInvalid: "Visibility must be Private, Friends or Public",
  tooManyPhotos: `A post can have at most ${POST_PHOTOS_MAX} photos`,
  photoInvalid: "Photo not found: upload it again before posting",
  photoUsed: "This photo is already part of a post",
  photoType: "Invalid file type: Please select an image.",
  photoSize: "File too large: Please select an image smaller than 10MB.",
  photoPixels: photoPixelsMessage,
  photoUrlsRequired: "photoURLs must be a list of upload URLs",
  postNotFound: "Post not found",
  deleteForbidden: "You can only delete your own posts",
  beforeIdInvalid: "beforeId must be a positive whole number",
  limitInvalid: `limit must be a whole number from 1 to ${FEED_PAGE_MAX}`,
  postIdInvalid: "Post id must be a positive whole number",
  createFailed: "Failed to create post",
  uploadProcessFailed: "Upload error: Photos uploaded but failed to process. Please try again.",
  uploadFailed: (statusText: string) => `Upload failed: ${statusText}`,
  deleteFailed: "Failed to delete post",
  likeFailed: "Like failed",
  likeSignIn: "Authentication required: Please log in to like posts.",
  loadingPost: "Loading post...",
  noMorePosts: "No more new posts",
  posting: "Posting...",
} as const;

/** Path ids (`/api/posts/{id}`): positive whole numbers of at most 12 digits. */
export const postIdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, postMessages.postIdInvalid), v.transform(Number)),
});

/** `GET /api/posts/feed?limit=10&beforeId=` and the same on `/api/posts/user/{userId}`. */
export const feedQuerySchema = pageQuerySchema({
  defaultLimit: FEED_PAGE_SIZE,
  maxLimit: FEED_PAGE_MAX,
  messages: postMessages,
});

/** The photo paths `PUT /api/posts/photos` answered (`/photos/p-<id>.webp`). */
export const POST_PHOTO_PATH = /^\/photos\/p-([a-z2-7]{26})\.webp$/;

/**
 * Content is kept as written (no trimming of inner text), but blank-only is empty. Content
 * is the one required key, so a body without it (or no object at all) gets its message.
 */
export const createPostSchema = v.object(
  {
    content: v.pipe(
      v.string(postMessages.contentRequired),
      v.check((s) => s.trim().length > 0, postMessages.contentRequired),
      v.maxLength(POST_MAX, postMessages.contentTooLong),
    ),
    photos: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.string(postMessages.photoInvalid), v.maxLength(2048, postMessages.photoInvalid)),
          postMessages.photoInvalid,
        ),
        v.maxLength(POST_PHOTOS_MAX, postMessages.tooManyPhotos),
      ),
      [],
    ),
    visibility: v.optional(v.picklist(postVisibilities, postMessages.visibilityInvalid), "Public"),
  },
  postMessages.contentRequired,
);
export type CreatePostInput = v.InferOutput<typeof createPostSchema>;

export const normalizePhotosSchema = v.object(
  {
    photoURLs: v.pipe(
      v.array(
        v.pipe(v.string(postMessages.photoUrlsRequired), v.maxLength(2048)),
        postMessages.photoUrlsRequired,
      ),
      v.minLength(1, postMessages.photoUrlsRequired),
      v.maxLength(POST_PHOTOS_MAX, postMessages.tooManyPhotos),
    ),
  },
  postMessages.photoUrlsRequired,
);

export interface PostAuthor {
  id: number;
  username: string;
  profilePhoto: string | null;
}

/** The check-in behind an activity card; `school` is null when the owner hides gym names. */
export interface PostCheckin {
  id: number;
  school: { id: number; gym: string; city: string; slug: string } | null;
}

/**
 * Spec §3 Post, plus `kind`: a member's post, or the activity card of a verified check-in
 * (`content` then reads '@name checked in at {gym}, {city}', or without the gym when hidden).
 */
export interface PostView {
  id: number;
  kind: "post" | "checkin";
  content: string;
  photos: string[];
  visibility: PostVisibility;
  createdAt: string;
  likeCount: number;
  isLikedByCurrentUser: boolean;
  user: PostAuthor;
  checkin: PostCheckin | null;
}

/** The answer to POST/DELETE /api/posts/{id}/like. */
export interface LikeState {
  postId: number;
  likeCount: number;
  isLikedByCurrentUser: boolean;
}

/** The text of a check-in card, built when read so the owner's setting always applies. */
export function checkinCardText(username: string, school: { gym: string; city: string } | null): string {
  if (!school) return `@${username} checked in at an open mat`;
  return school.city
    ? `@${username} checked in at ${school.gym}, ${school.city}`
    : `@${username} checked in at ${school.gym}`;
}
