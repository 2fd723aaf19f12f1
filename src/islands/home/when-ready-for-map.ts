const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "wheel"] as const;
/** The longest the map waits for an idle moment: a busy page still gets it this soon. */
export const MAP_IDLE_TIMEOUT_MS = 300;

type IdleWindow = Pick<Window, "addEventListener" | "removeEventListener"> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Calls `load` at the first idle moment after the list has hydrated (the map chunk is
 * already being fetched: the page prefetches it), or at the first interaction if that
 * comes sooner. Idle time keeps MapLibre's evaluation out of the frames that hydration and
 * the list's first updates need, without making a visitor who waits wait for the map.
 */
export function whenReadyForMap(load: () => void, target: IdleWindow = window): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cleanup();
    load();
  };
  const idle = target.requestIdleCallback
    ? target.requestIdleCallback(fire, { timeout: MAP_IDLE_TIMEOUT_MS })
    : undefined;
  const timer = idle === undefined ? setTimeout(fire, 0) : undefined;
  for (const type of INTERACTIONS) target.addEventListener(type, fire, { passive: true, once: true });
  function cleanup() {
    if (idle !== undefined) target.cancelIdleCallback?.(idle);
    clearTimeout(timer);
    for (const type of INTERACTIONS) target.removeEventListener(type, fire);
  }
  return () => {
    done = true;
    cleanup();
  };
}

/** What says the visitor reaches for the drawn map: a touch or press, the wheel, a key on a mark. */
const REACHES = ["pointerdown", "touchstart", "wheel", "keydown"] as const;

/**
 * A desktop with a mouse (issue 23: "on a desktop with a mouse it may start at once"): a
 * precise pointer that hovers. Phones and tablets answer no; so does a page with no matchMedia.
 */
export function startsAtOnce(target: { matchMedia?: Window["matchMedia"] } = window): boolean {
  return target.matchMedia?.("(hover: hover) and (pointer: fine)").matches ?? false;
}

/**
 * With a drawn map in the box (issue 23), MapLibre waits for the visitor: calls `load` at
 * their first touch, press or wheel on the box, or key on a mark in it (Tab only passes
 * through), and at once on a desktop with a mouse. The other reasons to start (a pin or
 * cluster tap, a search, a camera move the app asks for) are the caller's to call `load` for.
 * Returns a function that stops listening; `load` is called at most once.
 */
export function whenReachedForMap(
  box: EventTarget,
  load: () => void,
  target: { matchMedia?: Window["matchMedia"] } = window,
): () => void {
  let done = false;
  const fire = (event?: Event) => {
    if (done || (event as KeyboardEvent | undefined)?.key === "Tab") return;
    done = true;
    cleanup();
    load();
  };
  function cleanup() {
    for (const type of REACHES) box.removeEventListener(type, fire);
  }
  if (startsAtOnce(target)) {
    fire();
    return () => {};
  }
  for (const type of REACHES) box.addEventListener(type, fire, { passive: true });
  return () => {
    done = true;
    cleanup();
  };
}
