/**
 * How a school's pin and a cluster look, shared by the live map (pins.ts paints them into
 * MapLibre) and the drawn first view (src/islands/home/DrawnMap.tsx draws them as SVG), so
 * the two are the same picture and the live map replaces the drawing with no visible change.
 * No MapLibre here: the island imports it.
 */

/** Pins are 32 CSS px square; the tip of the drop is the school's point (anchored at the bottom). */
export const PIN_SIZE = 32;
export const PIN_OUTLINE = "M16 31C16 31 5 20 5 12.5a11 11 0 0 1 22 0C27 20 16 31 16 31Z";
export const PIN_DOT = { x: 16, y: 12.5, radius: 4.5 };
export const PIN_STROKE_WIDTH = 1.5;

/** A cluster's circle: 15 px under 10 schools, 19 px under 50, 23 px from 50. */
export const CLUSTER_RADIUS_STEPS = {
  base: 15,
  steps: [
    [10, 19],
    [50, 23],
  ],
} as const;
export const CLUSTER_STROKE_WIDTH = 2.5;
export const CLUSTER_TEXT_SIZE = 13;

export function clusterRadius(count: number): number {
  let radius: number = CLUSTER_RADIUS_STEPS.base;
  for (const [from, r] of CLUSTER_RADIUS_STEPS.steps) if (count >= from) radius = r;
  return radius;
}

/** A cluster's count as MapLibre abbreviates it (point_count_abbreviated): 950, 1.2k, 12k. */
export function abbreviatedCount(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}
