/**
 * The basemap of a view as one SVG, drawn from the archive's tiles with the layers the live
 * map's style draws at that zoom (openmat-style.ts): the sea, land, lakes, county, state and
 * country lines, and the labels. Paths are written in half px (a scaled group) and clipped to
 * each tile and to the drawing, so the image stays small.
 */
import {
  COUNTIES_MIN_ZOOM,
  OPENMAT_LAYERS,
  STATE_LABEL_ZOOMS,
} from "../../../common/map-style/openmat-layers";
import { PALETTE } from "../../../common/map-style/palette";
import type { BasemapArchive } from "./archive";
import { PathData, type Point, type Rect } from "./geometry";
import { type Box, drawLabels, interpolate, LABEL_STYLE, type Place } from "./labels";
import { DRAWING, drawingOrigin, type GridView, worldSize } from "./projection";

/** Lines are drawn a little past the drawing's edge, so no cap shows there. */
const MARGIN = 4;
/** Labels whose point is this far outside the drawing still show their part inside. */
const LABEL_MARGIN = 120;

interface Layer {
  name: string;
  kind: "fill" | "line";
  attributes: (zoom: number) => string;
  minZoom?: number;
}

/** Line widths in half px: the paths' group is scaled by a half. */
const width = (zoom: number, stops: [number, number][]) => Math.round(interpolate(zoom, stops) * 20) / 10;

const LAYERS: Layer[] = [
  { name: OPENMAT_LAYERS.earth, kind: "fill", attributes: () => `fill="${PALETTE.land}"` },
  { name: OPENMAT_LAYERS.water, kind: "fill", attributes: () => `fill="${PALETTE.sea}"` },
  {
    name: OPENMAT_LAYERS.counties,
    kind: "line",
    minZoom: COUNTIES_MIN_ZOOM,
    attributes: (z) =>
      `fill="none" stroke="${PALETTE.countyLine}" stroke-width="${width(z, [
        [6, 0.4],
        [10, 1],
      ])}"`,
  },
  {
    name: OPENMAT_LAYERS.states,
    kind: "line",
    attributes: (z) =>
      `fill="none" stroke="${PALETTE.stateLine}" stroke-linejoin="round" stroke-width="${width(z, [
        [3, 0.6],
        [6, 1.1],
        [10, 2],
      ])}"`,
  },
  {
    name: OPENMAT_LAYERS.countries,
    kind: "line",
    attributes: (z) =>
      `fill="none" stroke="${PALETTE.countryLine}" stroke-linejoin="round" stroke-width="${width(z, [
        [2, 0.8],
        [6, 1.4],
        [10, 2.4],
      ])}"`,
  },
];

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAWING.width}" height="${DRAWING.height}" viewBox="0 0 ${DRAWING.width} ${DRAWING.height}">${body}</svg>`;

/** Land colour only: for a basemap the server cannot read (BASEMAP_URL elsewhere, or a broken build). */
export const landOnlySvg = () => svg(`<rect width="100%" height="100%" fill="${PALETTE.land}"/>`);

interface TileAt {
  x: number;
  y: number;
  z: number;
}

function tilesOf(view: GridView, archive: BasemapArchive): { tiles: TileAt[]; tilePx: number } {
  const z = Math.max(archive.minZoom, Math.min(view.zoom, archive.maxZoom));
  const tilePx = worldSize(view.zoom) / 2 ** z;
  const { left, top } = drawingOrigin(view);
  const tiles: TileAt[] = [];
  const lastRow = 2 ** z - 1;
  for (
    let y = Math.max(0, Math.floor(top / tilePx));
    y <= Math.min(lastRow, Math.floor((top + DRAWING.height - 1) / tilePx));
    y++
  ) {
    for (let x = Math.floor(left / tilePx); x <= Math.floor((left + DRAWING.width - 1) / tilePx); x++) {
      tiles.push({ x, y, z });
    }
  }
  return { tiles, tilePx };
}

/** Draws the view; `obstacles` are the marks' boxes, which labels make way for. */
export async function drawBasemap(
  archive: BasemapArchive,
  view: GridView,
  obstacles: Box[],
): Promise<string> {
  const { tiles, tilePx } = tilesOf(view, archive);
  const { left, top } = drawingOrigin(view);
  const n = (z: number) => 2 ** z;
  const decoded = await Promise.all(
    tiles.map((t) => archive.tile(t.z, ((t.x % n(t.z)) + n(t.z)) % n(t.z), t.y)),
  );
  const paths = LAYERS.map(() => new PathData());
  const places: Place[] = [];
  const drawing: Rect = {
    minX: -MARGIN,
    minY: -MARGIN,
    maxX: DRAWING.width + MARGIN,
    maxY: DRAWING.height + MARGIN,
  };
  const showStates = view.zoom >= STATE_LABEL_ZOOMS.min + 1 && view.zoom < STATE_LABEL_ZOOMS.max;

  tiles.forEach((at, i) => {
    const tile = decoded[i];
    if (!tile) return;
    const dx = at.x * tilePx - left;
    const dy = at.y * tilePx - top;
    // The tile's own square only: its buffer repeats what the next tile draws.
    const clip: Rect = {
      minX: 2 * Math.max(dx, drawing.minX),
      minY: 2 * Math.max(dy, drawing.minY),
      maxX: 2 * Math.min(dx + tilePx, drawing.maxX),
      maxY: 2 * Math.min(dy + tilePx, drawing.maxY),
    };
    LAYERS.forEach((spec, l) => {
      const layer = tile.layers[spec.name];
      if (!layer || view.zoom < (spec.minZoom ?? 0)) return;
      const k = tilePx / layer.extent;
      for (let f = 0; f < layer.length; f++) {
        const feature = layer.feature(f);
        for (const part of feature.loadGeometry()) {
          const points = part.map((p): Point => [2 * (dx + p.x * k), 2 * (dy + p.y * k)]);
          const path = paths[l] as PathData;
          if (spec.kind === "fill") path.addClippedRing(points, clip);
          else path.addClippedLine(points, clip);
        }
      }
    });
    const layer = tile.layers[OPENMAT_LAYERS.places];
    if (!layer) return;
    const k = tilePx / layer.extent;
    for (let f = 0; f < layer.length; f++) {
      const feature = layer.feature(f);
      const point = feature.loadGeometry()[0]?.[0];
      const { kind, name, rank, population } = feature.properties;
      // A point in the tile's buffer belongs to the next tile.
      if (!point || point.x < 0 || point.y < 0 || point.x >= layer.extent || point.y >= layer.extent)
        continue;
      if (typeof name !== "string" || (kind !== "city" && kind !== "state")) continue;
      if (kind === "state" && !showStates) continue;
      const x = dx + point.x * k;
      const y = dy + point.y * k;
      if (
        x < -LABEL_MARGIN ||
        y < -LABEL_MARGIN ||
        x > DRAWING.width + LABEL_MARGIN ||
        y > DRAWING.height + LABEL_MARGIN
      )
        continue;
      places.push({ kind, name, x, y, rank: Number(rank) || 8, population: Number(population) || 0 });
    }
  });

  const layers = LAYERS.map((spec, l) => {
    const path = paths[l] as PathData;
    return path.empty ? "" : `<path ${spec.attributes(view.zoom)} d="${path}"/>`;
  }).join("");
  const labels = drawLabels(places, obstacles, view.zoom, archive.fontsDir);
  return svg(
    `<rect width="100%" height="100%" fill="${PALETTE.sea}"/><g transform="scale(.5)">${layers}</g>` +
      (labels ? `<g ${LABEL_STYLE}>${labels}</g>` : ""),
  );
}
