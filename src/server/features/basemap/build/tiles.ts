/**
 * Cuts the basemap sources into gzipped Mapbox Vector Tiles. geojson-vt clips and
 * simplifies the shapes per zoom; places are filtered by their own minimum zoom.
 */
import { GeoJSONVT, type GeoJSONVTTile, geoJSONToTile } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import type { FeatureCollection } from "geojson";
import { OPENMAT_LAYERS } from "../../../../common/map-style/openmat-layers";
import { type BasemapSources, type Box, boxesTouch, type PlacePoint } from "./sources";

const EXTENT = 4096;

export interface EncodedTile {
  z: number;
  x: number;
  y: number;
  /** A gzipped MVT. */
  data: Uint8Array;
}

export interface TilingOptions {
  maxZoom: number;
  /** Which tiles to make at zoom z: those touching one of these boxes. */
  areaAt(z: number): Box[];
}

/** The longitude/latitude box a tile covers (web mercator). */
function tileBox(z: number, x: number, y: number): Box {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return [(x / n) * 360 - 180, lat(y + 1), ((x + 1) / n) * 360 - 180, lat(y)];
}

/** A place projected to web mercator's unit square, so a tile's places can be picked by comparison. */
interface ProjectedPlace {
  point: PlacePoint;
  mx: number;
  my: number;
}

function project(point: PlacePoint): ProjectedPlace {
  const sin = Math.sin((point.lat * Math.PI) / 180);
  return {
    point,
    mx: (point.lng + 180) / 360,
    my: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI),
  };
}

function placesTile(places: ProjectedPlace[], z: number, x: number, y: number): GeoJSONVTTile | null {
  const shown = places.filter(({ point }) => point.minZoom <= z && z <= point.maxZoom);
  if (shown.length === 0) return null;
  const collection: FeatureCollection = {
    type: "FeatureCollection",
    features: shown.map(({ point }) => ({
      type: "Feature",
      properties: point.properties,
      geometry: { type: "Point", coordinates: [point.lng, point.lat] },
    })),
  };
  return geoJSONToTile(collection, z, x, y, { extent: EXTENT, wrap: false });
}

/**
 * Every non-empty tile from z0 down to maxZoom inside the area, parents before children.
 * A tile with neither shapes nor places has no children worth visiting.
 */
export function cutTiles(sources: BasemapSources, options: TilingOptions): EncodedTile[] {
  const indexes = Object.entries(sources.shapes).map(([name, { collection, minZoom }]) => ({
    name,
    minZoom,
    index: new GeoJSONVT(collection, {
      maxZoom: options.maxZoom,
      indexMaxZoom: 0,
      extent: EXTENT,
      buffer: 64,
      tolerance: 3,
      wrap: false,
    }),
  }));
  const tiles: EncodedTile[] = [];

  const visit = (z: number, x: number, y: number, places: ProjectedPlace[]) => {
    const box = tileBox(z, x, y);
    if (!options.areaAt(z).some((area) => boxesTouch(area, box))) return;
    const layers: Record<string, GeoJSONVTTile> = {};
    for (const { name, minZoom, index } of indexes) {
      const tile = z >= minZoom ? index.getTile(z, x, y) : null;
      if (tile && tile.features.length > 0) layers[name] = tile;
    }
    const hasShapes = Object.keys(layers).length > 0;
    const placeTile = placesTile(places, z, x, y);
    if (placeTile) layers[OPENMAT_LAYERS.places] = placeTile;
    if (Object.keys(layers).length > 0) {
      const mvt = new Uint8Array(fromGeojsonVt(layers, { version: 2, extent: EXTENT }));
      const data = Bun.gzipSync(mvt, { level: 9 });
      tiles.push({ z, x, y, data });
    }
    if (z === options.maxZoom || (!hasShapes && places.length === 0)) return;
    const n = 2 ** (z + 1);
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      const cx = 2 * x + dx;
      const cy = 2 * y + dy;
      const inChild = places.filter(
        ({ mx, my }) => mx >= cx / n && mx < (cx + 1) / n && my >= cy / n && my < (cy + 1) / n,
      );
      visit(z + 1, cx, cy, inChild);
    }
  };

  visit(0, 0, 0, sources.places.map(project));
  return tiles;
}
