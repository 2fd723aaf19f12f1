/** Spec §9 "Swipe threshold (sheet and toast)". */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * A vertical drag of more than 50 px opens the sheet (upwards) or closes it (downwards);
 * anything shorter is a tap, which the handle's click toggles. `swiped` tells the caller
 * to ignore the click that follows the drag.
 */
export function afterSwipe(open: boolean, startY: number, endY: number): { open: boolean; swiped: boolean } {
  const dy = endY - startY;
  if (Math.abs(dy) <= SWIPE_THRESHOLD_PX) return { open, swiped: false };
  return { open: dy < 0, swiped: true };
}
