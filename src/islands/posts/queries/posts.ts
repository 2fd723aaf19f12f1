import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { showToast } from "../../../client/toast";
import {
  type CreatePostInput,
  FEED_PAGE_SIZE,
  type LikeState,
  type PostView,
  postMessages,
} from "../../../common/schemas/posts";
import { ApiError, apiRequest, failureText } from "../../lib/api";
import { sendOnce } from "../../lib/idempotency";
import { PostCreateError, uploadPostPhotos } from "../photos";

/** A paged list of posts as the cache holds it: pages of up to 10, each page's `beforeId`. */
export type PostPages = InfiniteData<PostView[], number | undefined>;

/** Keys for the post resources; every list sits under `all`, so one edit reaches them all. */
export const postKeys = {
  all: ["/api/posts"] as const,
  feed: () => ["/api/posts", "feed"] as const,
  user: (userId: number) => ["/api/posts", "user", userId] as const,
  community: () => ["/api/posts", "community"] as const,
};

const pagePath = (path: string, beforeId: number | undefined) =>
  `${path}?limit=${FEED_PAGE_SIZE}${beforeId ? `&beforeId=${beforeId}` : ""}`;

export const fetchFeedPage = (beforeId?: number) =>
  apiRequest<PostView[]>("GET", pagePath("/api/posts/feed", beforeId));
export const fetchUserPostsPage = (userId: number, beforeId?: number) =>
  apiRequest<PostView[]>("GET", pagePath(`/api/posts/user/${userId}`, beforeId));

/** Spec §4 "Feed paging": the next page starts below the last post; a short page is the end. */
export const nextBeforeId = (lastPage: PostView[]): number | undefined =>
  lastPage.length < FEED_PAGE_SIZE ? undefined : lastPage.at(-1)?.id;

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam }) => fetchFeedPage(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextBeforeId,
    // Spec §7: never stale by time. The page seeds the first page; changes are written in.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const userPostsQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.user(userId),
    queryFn: ({ pageParam }) => fetchUserPostsPage(userId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextBeforeId,
    // Spec §7: never stale by time. The page seeds the first page; changes are written in.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const communityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postKeys.community(),
    queryFn: ({ pageParam }) => apiRequest<PostView[]>("GET", pagePath("/api/posts/community", pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextBeforeId,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The server's first page as the cache's start, so hydrating fetches nothing. */
const seeded = (first: PostView[] | null | undefined): PostPages | undefined =>
  first ? { pages: [first], pageParams: [undefined] } : undefined;

export function useFeed(first?: PostView[] | null) {
  return useInfiniteQuery({ ...feedQueryOptions(), initialData: seeded(first) });
}

export function useCommunityPosts(first?: PostView[] | null) {
  return useInfiniteQuery({ ...communityQueryOptions(), initialData: seeded(first) });
}

export function useUserPosts(userId: number, first?: PostView[] | null) {
  return useInfiniteQuery({ ...userPostsQueryOptions(userId), initialData: seeded(first) });
}

/**
 * Applies `edit` to every cached post list (feed and profiles), returning what was there before.
 * Callers cancel page loads first: a page in flight was started from the old pages and would
 * write them back over the edit.
 */
export function editCachedPosts(
  client: QueryClient,
  edit: (posts: PostView[], key: QueryKey) => PostView[],
): [QueryKey, PostPages | undefined][] {
  const before = client.getQueriesData<PostPages>({ queryKey: postKeys.all });
  for (const [key, data] of before) {
    if (!data?.pages) continue;
    client.setQueryData<PostPages>(key, { ...data, pages: data.pages.map((page) => edit(page, key)) });
  }
  return before;
}

const restore = (client: QueryClient, snapshot: [QueryKey, PostPages | undefined][] | undefined) => {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
};

/** A failure's toast: the catalogue's title, and past a limit the spec's rate-limit text. */
const destructive = (title: string, error?: unknown) =>
  showToast({ title, description: failureText(error, "") || undefined, variant: "destructive" });

export async function setLiked(postId: number, like: boolean): Promise<LikeState> {
  return apiRequest<LikeState>(like ? "POST" : "DELETE", `/api/posts/${postId}/like`);
}

/**
 * Spec §4 "Like": flips at once in every cached list (Bluesky's way: edit the pages in
 * onMutate, put them back in onError), then takes the server's count. §8 texts on failure.
 */
export function useLikePost() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ["post-like"],
    mutationFn: ({ postId, like }: { postId: number; like: boolean }) => setLiked(postId, like),
    onMutate: async ({ postId, like }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const snapshot = editCachedPosts(client, (posts) =>
        posts.map((p) =>
          p.id === postId && p.isLikedByCurrentUser !== like
            ? { ...p, isLikedByCurrentUser: like, likeCount: Math.max(0, p.likeCount + (like ? 1 : -1)) }
            : p,
        ),
      );
      return { snapshot };
    },
    onError: (error, _vars, context) => {
      restore(client, context?.snapshot);
      destructive(
        error instanceof ApiError && error.status === 401 ? postMessages.likeSignIn : postMessages.likeFailed,
        error,
      );
    },
    onSuccess: (state) => {
      editCachedPosts(client, (posts) =>
        posts.map((p) =>
          p.id === state.postId
            ? { ...p, likeCount: state.likeCount, isLikedByCurrentUser: state.isLikedByCurrentUser }
            : p,
        ),
      );
    },
  });
}

/** DELETE /api/posts/{id}: the post leaves every cached list once the server agrees. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ["post-delete"],
    mutationFn: (postId: number) => apiRequest<unknown>("DELETE", `/api/posts/${postId}`),
    onSuccess: async (_answer, postId) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      editCachedPosts(client, (posts) => posts.filter((p) => p.id !== postId));
    },
    onError: (error) => destructive(postMessages.deleteFailed, error),
  });
}

export interface NewPost extends Omit<CreatePostInput, "photos"> {
  files: File[];
}

/**
 * Uploads the chosen photos (if any), then POST /api/posts, with the post's Idempotency-Key:
 * the same post sent again after a failure is a retry, answered with the first if it was stored.
 */
export async function createPost({ content, visibility, files }: NewPost): Promise<PostView> {
  const action = { content, visibility, files: files.map((f) => [f.name, f.size, f.lastModified]) };
  return sendOnce("posts", action, async (headers) => {
    const photos = files.length > 0 ? await uploadPostPhotos(files) : [];
    try {
      return await apiRequest<PostView>("POST", "/api/posts", { content, photos, visibility }, headers);
    } catch (error) {
      throw new PostCreateError(postMessages.createFailed, error);
    }
  });
}

/**
 * Spec §4 "Post creation": on success the new post goes on top of the feed and of the
 * author's own list (when cached); on failure the upload's or the post's text is shown.
 */
export function useCreatePost(authorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ["post-create"],
    mutationFn: createPost,
    onSuccess: async (post) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      for (const key of [postKeys.feed(), postKeys.user(authorId)]) {
        client.setQueryData<PostPages>(key, (data) =>
          data?.pages ? { ...data, pages: [[post, ...(data.pages[0] ?? [])], ...data.pages.slice(1)] } : data,
        );
      }
    },
    onError: (error) =>
      destructive(error instanceof PostCreateError ? error.message : postMessages.createFailed, error),
  });
}
