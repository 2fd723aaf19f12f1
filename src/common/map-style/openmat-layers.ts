/**
 * The contract between the basemap archive that scripts/build-basemap.ts writes and the
 * style that draws it (style.ts): layer names, label fonts and the place ranks that decide
 * from which zoom a town is in the tiles at all.
 */

export const OPENMAT_LAYERS = {
  /** Land polygons (Natural Earth). The style's background is the sea. */
  earth: "earth",
  /** Lake polygons (Natural Earth), kind "lake". */
  water: "water",
  /** International borders (Natural Earth), lines. */
  countries: "countries",
  /** Borders between US states (US Census), lines. */
  states: "states",
  /** Borders between counties of one state (US Census), lines, from COUNTIES_MIN_ZOOM. */
  counties: "counties",
  /** Points: kind "city" (name, state, population, rank) and kind "state" (name, state). */
  places: "places",
} as const;

export const BASEMAP_MAX_ZOOM = 10;
export const COUNTIES_MIN_ZOOM = 6;
/** State name labels are in the tiles only where they help: between these zooms. */
export const STATE_LABEL_ZOOMS = { min: 2, max: 8 } as const;

/** Fontstacks the server has glyphs for (generated from Noto Sans). */
export const FONT_REGULAR = "Noto Sans Regular";
export const FONT_BOLD = "Noto Sans Bold";
export const FONTSTACKS = [FONT_REGULAR, FONT_BOLD] as const;

/**
 * Rank 1 is the biggest cities. A city of rank r is in tiles from PLACE_RANKS[r - 1].minZoom
 * on, so the small towns appear only when zoomed in and low-zoom tiles stay small.
 */
export const PLACE_RANKS = [
  { minPopulation: 1_000_000, minZoom: 2 },
  { minPopulation: 500_000, minZoom: 4 },
  { minPopulation: 250_000, minZoom: 5 },
  { minPopulation: 100_000, minZoom: 6 },
  { minPopulation: 50_000, minZoom: 7 },
  { minPopulation: 20_000, minZoom: 8 },
  { minPopulation: 10_000, minZoom: 9 },
  { minPopulation: 0, minZoom: 10 },
] as const;

export function placeRank(population: number): number {
  return PLACE_RANKS.findIndex((rank) => population >= rank.minPopulation) + 1;
}

export function placeMinZoom(rank: number): number {
  return PLACE_RANKS[rank - 1]?.minZoom ?? BASEMAP_MAX_ZOOM;
}
