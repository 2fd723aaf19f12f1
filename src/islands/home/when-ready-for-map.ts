const INTERACTIONS = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel", "scroll"] as const;
/** Without any interaction, the map still comes once the page has been quiet this long. */
export const MAP_FALLBACK_DELAY_MS = 5000;

/**
 * Calls `load` at the visitor's first interaction, or after a quiet spell. MapLibre is a
 * megabyte of script whose evaluation blocks the main thread for a second on a slow phone;
 * starting it this way keeps that away from the moment the page first becomes usable,
 * while the server-rendered list is already there to read and tap.
 */
export function whenReadyForMap(load: () => void, target: Window = window): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cleanup();
    load();
  };
  const timer = setTimeout(fire, MAP_FALLBACK_DELAY_MS);
  for (const type of INTERACTIONS) target.addEventListener(type, fire, { passive: true, once: true });
  function cleanup() {
    clearTimeout(timer);
    for (const type of INTERACTIONS) target.removeEventListener(type, fire);
  }
  return () => {
    done = true;
    cleanup();
  };
}
