import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { type PostView, postMessages } from "../../common/schemas/posts";
import { PostCard } from "./PostCard";
import { useInfiniteScroll } from "./use-infinite-scroll";
import { useLinkedPost } from "./use-linked-post";

interface PostListProps {
  query: UseInfiniteQueryResult<InfiniteData<PostView[]>>;
  viewerId: number;
  /** Shown when there is no post at all. */
  empty: ReactNode;
  /** The feed follows `?postId=`; a profile does not. */
  followLink?: boolean;
}

/**
 * A paged list of posts: the next 10 load when the bottom comes into view, or with 'Load
 * more' (for keyboards and for browsers without IntersectionObserver); a short page ends it
 * with 'No more new posts' (spec §2, §4 "Feed paging").
 */
export function PostList({ query, viewerId, empty, followLink = false }: PostListProps) {
  const posts = query.data?.pages.flat() ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError) void fetchNextPage();
  };
  useInfiniteScroll(sentinel, hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError, loadMore);
  const focusAfterDelete = useFocusAfterDelete(posts);
  const highlighted = useLinkedPost({
    posts: followLink ? posts : [],
    hasNextPage: followLink && hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  });

  if (!query.data) {
    return (
      <p className="muted" role={query.isError ? "alert" : undefined}>
        {query.isError ? "Posts could not be loaded." : "Loading posts..."}
      </p>
    );
  }
  return (
    <div className="post-list" aria-busy={isFetchingNextPage}>
      {posts.length === 0 && !hasNextPage ? (
        <div className="empty-state">{empty}</div>
      ) : (
        posts.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            viewerId={viewerId}
            highlighted={post.id === highlighted}
            onDeleted={() => focusAfterDelete(post.id)}
          />
        ))
      )}
      <div ref={sentinel} className="post-list-end" aria-live="polite">
        {query.isFetchNextPageError && (
          <p className="form-error" role="alert">
            More posts could not be loaded.
          </p>
        )}
        {hasNextPage ? (
          <button
            type="button"
            className="button button-ghost"
            aria-disabled={isFetchingNextPage || undefined}
            onClick={() => {
              if (!isFetchingNextPage) void fetchNextPage();
            }}
          >
            {isFetchingNextPage ? "Loading..." : "Load more"}
          </button>
        ) : (
          posts.length > 0 && <p className="muted">{postMessages.noMorePosts}</p>
        )}
      </div>
    </div>
  );
}

/**
 * A deleted post takes its Delete button, and the confirm dialog, with it: focus would fall to
 * the page's body. Once the post has left the list, the next post (else the one before) takes it.
 */
function useFocusAfterDelete(posts: PostView[]) {
  const [moved, setMoved] = useState<{ deleted: number; next: number | null } | null>(null);
  useEffect(() => {
    if (!moved || posts.some((p) => p.id === moved.deleted)) return;
    if (moved.next !== null) document.getElementById(`post-${moved.next}`)?.focus();
    setMoved(null);
  }, [moved, posts]);
  return (deleted: number) => {
    const at = posts.findIndex((p) => p.id === deleted);
    setMoved({ deleted, next: (posts[at + 1] ?? posts[at - 1])?.id ?? null });
  };
}
