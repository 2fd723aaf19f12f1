type IdleWindow = Pick<Window, "addEventListener" | "removeEventListener"> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Calls `work` once the page has loaded and the browser is next idle (at most 2 s later): for
 * what the page will want soon but not for its first view. Returns a cancel function.
 */
export function whenIdleAfterLoad(
  work: () => void,
  target: IdleWindow & { document?: Pick<Document, "readyState"> } = window,
): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const afterLoad = () => {
    idle = target.requestIdleCallback ? target.requestIdleCallback(run, { timeout: 2000 }) : undefined;
    if (idle === undefined) setTimeout(run, 0);
  };
  if ((target.document ?? document).readyState === "complete") afterLoad();
  else target.addEventListener("load", afterLoad, { once: true });
  return () => {
    cancelled = true;
    target.removeEventListener("load", afterLoad);
    if (idle !== undefined) target.cancelIdleCallback?.(idle);
  };
}
