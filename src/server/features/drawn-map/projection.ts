/**
 * Web mercator as MapLibre draws it: 512 px tiles, so the world is 512 * 2^zoom px wide, and
 * the views the server draws (a whole zoom, the centre on a coarse grid of world px).
 */
import { FIT_PADDING, PIN_HEIGHT } from "../../../common/map-view";

export const TILE_SIZE = 512;
/** MapLibre's latitude limit. */
const MAX_LAT = 85.051129;
/** The drawing is larger than any map box: the box shows its middle, unscaled. */
export const DRAWING = { width: 1600, height: 1100 } as const;
/** The centre of a drawn view is snapped to this grid of world px, so few views exist. */
export const GRID = 32;
/** The phone-sized map box a found set of schools is fitted into. */
export const FIT_BOX = { width: 360, height: 420 } as const;

export interface LngLat {
  lng: number;
  lat: number;
}

/** A drawable view: a whole zoom and its centre's cell on the grid (centre = cell * GRID world px). */
export interface GridView {
  zoom: number;
  gx: number;
  gy: number;
}

export const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

export function project({ lng, lat }: LngLat, zoom: number): { x: number; y: number } {
  const size = worldSize(zoom);
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function unproject(x: number, y: number, zoom: number): LngLat {
  const size = worldSize(zoom);
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lng: (x / size) * 360 - 180, lat: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}

/** How many grid cells the world has across (and down) at `zoom`. */
export const gridCells = (zoom: number) => worldSize(zoom) / GRID;

export function isGridView(view: GridView, maxZoom: number): boolean {
  const cells = gridCells(view.zoom);
  return (
    Number.isInteger(view.zoom) &&
    view.zoom >= 0 &&
    view.zoom <= maxZoom &&
    Number.isInteger(view.gx) &&
    Number.isInteger(view.gy) &&
    view.gx >= 0 &&
    view.gy >= 0 &&
    view.gx <= cells &&
    view.gy <= cells
  );
}

export function snapView(center: LngLat, zoom: number): GridView {
  const { x, y } = project(center, zoom);
  const cells = gridCells(zoom);
  const snap = (v: number) => Math.max(0, Math.min(cells, Math.round(v / GRID)));
  return { zoom, gx: snap(x), gy: snap(y) };
}

/** The camera of a grid view: where MapLibre starts so that its map and the drawing agree. */
export const gridCenter = (view: GridView): LngLat => unproject(view.gx * GRID, view.gy * GRID, view.zoom);

/** The drawing's top-left corner in world px. */
export const drawingOrigin = (view: GridView) => ({
  left: view.gx * GRID - DRAWING.width / 2,
  top: view.gy * GRID - DRAWING.height / 2,
});

/**
 * The view MapLibre's fitBounds picks for `points` in the phone-sized box (camera.ts's
 * padding: 48 px, and room for a pin's height at the top), at the whole zoom below it.
 */
export function fitView(points: LngLat[], maxZoom: number): { center: LngLat; zoom: number } {
  const at0 = points.map((point) => project(point, 0));
  const xs = at0.map((p) => p.x);
  const ys = at0.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const side = Math.min(FIT_PADDING, Math.floor(Math.min(FIT_BOX.width, FIT_BOX.height) / 4));
  const top = Math.min(side + PIN_HEIGHT, Math.floor(FIT_BOX.height / 3));
  const room = { width: FIT_BOX.width - 2 * side, height: FIT_BOX.height - top - side };
  const scale = Math.min(room.width / (maxX - minX || 1e-9), room.height / (maxY - minY || 1e-9));
  const zoom = Math.max(0, Math.min(maxZoom, Math.floor(Math.log2(scale))));
  const size = 2 ** zoom;
  // The padding is larger at the top: the points' middle sits below the box's middle.
  const shiftY = (top - side) / 2;
  const center = unproject(((minX + maxX) / 2) * size, ((minY + maxY) / 2) * size - shiftY, zoom);
  return { center, zoom };
}
