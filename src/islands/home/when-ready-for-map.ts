const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "wheel"] as const;
/** The longest the map waits for an idle moment: a busy page still gets it this soon. */
export const MAP_IDLE_TIMEOUT_MS = 300;

type IdleWindow = Pick<Window, "addEventListener" | "removeEventListener"> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Calls `load` at the first idle moment after the list has hydrated (the map chunk is
 * already being fetched: the page modulepreloads it), or at the first interaction if that
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
