/** Spec §9 "Swipe threshold (sheet and toast)". */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The phone's bottom sheet rests at one of three heights (issue 23): peek (its head and the
 * first school), half the map, or all of it. From 768 px on it is a side panel and ignores them.
 */
export const sheetHeights = ["peek", "half", "full"] as const;
export type SheetHeight = (typeof sheetHeights)[number];

/** One height up (1) or down (-1), stopping at full and at peek. */
export const stepHeight = (height: SheetHeight, by: 1 | -1): SheetHeight => {
  const at = sheetHeights.indexOf(height) + by;
  return sheetHeights[Math.min(Math.max(at, 0), sheetHeights.length - 1)] ?? height;
};

/** A tap on the handle raises the sheet one height; at full it folds back to peek. */
export function afterTap(height: SheetHeight): SheetHeight {
  return height === "full" ? "peek" : stepHeight(height, 1);
}

/**
 * A vertical drag of more than 50 px moves the sheet one height up (upwards) or down
 * (downwards), stopping at full and at peek; anything shorter is a tap, which the handle's
 * click handles. `swiped` tells the caller to ignore the click that follows the drag.
 */
export function afterSwipe(
  height: SheetHeight,
  startY: number,
  endY: number,
): { height: SheetHeight; swiped: boolean } {
  const dy = endY - startY;
  if (Math.abs(dy) <= SWIPE_THRESHOLD_PX) return { height, swiped: false };
  return { height: stepHeight(height, dy < 0 ? 1 : -1), swiped: true };
}

/** The handle's accessible name says what a tap does. */
export const handleLabel: Record<SheetHeight, string> = {
  peek: "Show more of the school list",
  half: "Show the whole school list",
  full: "Fold the school list",
};
