import { useEffect, useRef, useState } from "react";
import { showToast } from "../../client/toast";
import { LINKED_POST_HIGHLIGHT_MS, type PostView, postMessages } from "../../common/schemas/posts";

/** How many further pages a linked post is looked for in before giving up (10 posts each). */
export const LINKED_POST_MAX_PAGES = 20;

interface Paging {
  posts: PostView[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/** The `?postId=` of the address, when it is a post id. */
export function linkedPostIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get("postId");
  return raw && /^[1-9]\d{0,11}$/.test(raw) ? Number(raw) : null;
}

function clearParam() {
  const url = new URL(location.href);
  if (!url.searchParams.has("postId")) return;
  url.searchParams.delete("postId");
  history.replaceState(history.state, "", url);
}

/**
 * Spec §2 Feed `?postId=`: scrolls to the post and highlights it for 3 s, then clears the
 * parameter. A post not loaded yet says 'Loading post...' and further pages are loaded until
 * it shows or the feed ends (at most LINKED_POST_MAX_PAGES). Returns the highlighted id.
 */
export function useLinkedPost({ posts, hasNextPage, isFetchingNextPage, fetchNextPage }: Paging) {
  const [target, setTarget] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const searched = useRef(0);
  const next = useRef(fetchNextPage);
  next.current = fetchNextPage;

  // Read once, in the browser: the server render has no address bar.
  useEffect(() => setTarget(linkedPostIdFrom(location.search)), []);

  const found = target !== null && posts.some((p) => p.id === target);
  useEffect(() => {
    if (target === null) return;
    if (found) {
      const el = document.getElementById(`post-${target}`);
      const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      el?.scrollIntoView?.({ block: "center", behavior: reduce ? "auto" : "smooth" });
      el?.focus({ preventScroll: true });
      setHighlighted(target);
      setTarget(null);
      return;
    }
    if (isFetchingNextPage) return;
    if (hasNextPage && searched.current < LINKED_POST_MAX_PAGES) {
      if (searched.current === 0) showToast({ title: postMessages.loadingPost });
      searched.current++;
      next.current();
      return;
    }
    // Not in the feed (deleted, or not visible to this member): stop looking, quietly.
    setTarget(null);
    clearParam();
  }, [target, found, hasNextPage, isFetchingNextPage]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => {
      setHighlighted(null);
      clearParam();
    }, LINKED_POST_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
