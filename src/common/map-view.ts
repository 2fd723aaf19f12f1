/**
 * The map's cameras that both sides need: the live map (src/client/map/camera.ts) starts
 * there, and the server draws the same first view (src/server/features/drawn-map).
 */

/** The centre of the continental US and a zoom that shows all of it on a laptop. */
export const US_VIEW = { center: [-98.5795, 39.8283] as [number, number], zoom: 4 };

/**
 * Vector tiles still draw when magnified a little past their own zoom (the lines and labels
 * of zoom 10 read well at 12, the city search's zoom), but at street level our basemap, which
 * has no streets, is blank ground around a pin (issue 23). So the map goes two zooms past the
 * archive's deepest tiles and no further.
 */
export const OVERZOOM = 2;
export const mapMaxZoom = (archiveMaxZoom: number) => archiveMaxZoom + OVERZOOM;

/** A fitted view keeps this much room (px) around its points, less on a small map (camera.ts). */
export const FIT_PADDING = 48;
/** Pins stand 32 px above their point: room for them at the top of a fitted view. */
export const PIN_HEIGHT = 32;
