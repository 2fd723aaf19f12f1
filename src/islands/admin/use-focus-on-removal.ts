import { useEffect, useRef } from "react";

/**
 * A decided item leaves the list with the button that had focus; focus then goes to the
 * list's heading (the returned ref) rather than to the page's start. Only when the count
 * shrank and nothing else took focus.
 */
export function useFocusOnRemoval(count: number | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(count);
  useEffect(() => {
    const shrank = count !== undefined && previous.current !== undefined && count < previous.current;
    previous.current = count;
    const active = document.activeElement;
    if (shrank && (!active || active === document.body)) heading.current?.focus();
  }, [count]);
  return heading;
}
