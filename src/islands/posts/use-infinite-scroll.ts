import { type RefObject, useEffect, useRef } from "react";

/**
 * Calls `loadMore` whenever `sentinel` comes within a screen of the viewport (spec §2 "Infinite
 * scroll"). Without IntersectionObserver nothing happens and the 'Load more' button remains.
 */
export function useInfiniteScroll(
  sentinel: RefObject<HTMLElement | null>,
  enabled: boolean,
  loadMore: () => void,
) {
  // The latest callback, without re-observing on every render.
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "0px 0px 100% 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [sentinel, enabled]);
}
