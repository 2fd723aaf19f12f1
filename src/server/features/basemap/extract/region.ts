/**
 * The box and zooms of an extract, checked before anything is read, and the tiles they cover
 * as sorted PMTiles tile IDs (Hilbert order within each zoom).
 */
import { zxyToTileId } from "pmtiles";
import { ExtractInputError } from "./source";

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

/** Web mercator stops short of the poles. */
const MAX_LAT = 85.0511;
/** Protomaps builds stop at 15; deeper tiles would be the source's overzoom, not data. */
export const DEFAULT_MAX_ZOOM = 15;
/** More tiles than this is the whole country at street level: ask for a smaller box or zoom. */
export const MAX_TILES = 60_000_000;

export function parseBBox(text: string | undefined): BBox {
  const usage = "--bbox must be four numbers W,S,E,N in degrees, e.g. --bbox -97.94,30.10,-97.56,30.52";
  if (!text) throw new ExtractInputError(usage);
  const parts = text.split(",").map((part) => part.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 4 || parts.some((part) => part === "") || numbers.some((n) => !Number.isFinite(n))) {
    throw new ExtractInputError(usage);
  }
  const [west, south, east, north] = numbers as BBox;
  if ([west, east].some((lng) => lng < -180 || lng > 180)) {
    throw new ExtractInputError(`--bbox ${text}: longitudes must be between -180 and 180`);
  }
  if ([south, north].some((lat) => lat < -MAX_LAT || lat > MAX_LAT)) {
    throw new ExtractInputError(`--bbox ${text}: latitudes must be between -${MAX_LAT} and ${MAX_LAT}`);
  }
  if (west >= east || south >= north) {
    throw new ExtractInputError(
      `--bbox ${text} is reversed or empty: west must be less than east, and south less than north (W,S,E,N)`,
    );
  }
  return [west, south, east, north];
}

export function parseMaxZoom(text: string | undefined, sourceMaxZoom: number): number {
  if (text === undefined) return Math.min(DEFAULT_MAX_ZOOM, sourceMaxZoom);
  const zoom = Number(text);
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > 30) {
    throw new ExtractInputError(`--maxzoom must be a whole number from 0 to ${sourceMaxZoom}`);
  }
  if (zoom > sourceMaxZoom) {
    throw new ExtractInputError(
      `--maxzoom ${zoom} is deeper than the source has: its tiles stop at zoom ${sourceMaxZoom}`,
    );
  }
  return zoom;
}

const tileX = (lng: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
function tileY(lat: number, n: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return Math.min(n - 1, Math.max(0, y));
}

/** The x and y ranges of tiles at zoom z that touch the box. */
export function tileRange(box: BBox, z: number) {
  const n = 2 ** z;
  const [west, south, east, north] = box;
  return { x0: tileX(west, n), x1: tileX(east, n), y0: tileY(north, n), y1: tileY(south, n) };
}

export function countTiles(box: BBox, minZoom: number, maxZoom: number): number {
  let count = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const { x0, x1, y0, y1 } = tileRange(box, z);
    count += (x1 - x0 + 1) * (y1 - y0 + 1);
  }
  return count;
}

/** Every tile ID the box covers from minZoom to maxZoom, sorted. */
export function wantedTileIds(box: BBox, minZoom: number, maxZoom: number): Float64Array {
  const count = countTiles(box, minZoom, maxZoom);
  if (count > MAX_TILES) {
    throw new ExtractInputError(
      `the box holds ${count.toLocaleString("en-US")} tiles up to zoom ${maxZoom}; choose a smaller box or a lower --maxzoom`,
    );
  }
  const ids = new Float64Array(count);
  let i = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const { x0, x1, y0, y1 } = tileRange(box, z);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) ids[i++] = zxyToTileId(z, x, y);
  }
  return ids.sort();
}

/** The index of the first id at or above `value` (ids sorted). */
export function lowerBound(ids: Float64Array, value: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
