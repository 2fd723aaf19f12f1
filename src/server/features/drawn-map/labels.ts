/**
 * Place and state labels as the style draws them (openmat-style.ts): the same sizes, fonts,
 * colours and halos, city labels beside their town when the centre is taken (the variable
 * anchors), and a label left out where it would overlap one placed before it, in MapLibre's
 * order: the pins and cluster counts first, then the cities (biggest first), then the states.
 */

import type { DrawnMark } from "../../../common/drawn-map";
import { FONT_BOLD, FONT_REGULAR } from "../../../common/map-style/openmat-layers";
import { PALETTE } from "../../../common/map-style/palette";
import { type Advances, breakLines, fontAdvances, textWidth } from "./glyphs";

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Place {
  kind: "city" | "state";
  name: string;
  /** Px in the drawing. */
  x: number;
  y: number;
  rank: number;
  population: number;
}

/** The app's map font first; an <img> cannot use the page's web fonts, so the system's sans-serif after it. */
export const FONT_FAMILY = "'Noto Sans',system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const LINE_HEIGHT = 1.2;
/** MapLibre's default text-padding around a label's box. */
const PADDING = 2;
/** Where the middle of a line of Noto Sans sits above its baseline, in em. */
const BASELINE = 0.36;
const RADIAL_OFFSET = 0.9;
/** MapLibre measures a top or bottom label's offset to its baseline, taken as 7/24 em in from the box's edge. */
const BASELINE_OFFSET = 7 / 24;
const ANCHORS = ["center", "top", "bottom", "left", "right"] as const;
type Anchor = (typeof ANCHORS)[number];

export const interpolate = (value: number, stops: [number, number][]) => {
  const [first] = stops as [[number, number]];
  if (value <= first[0]) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const [x0, y0] = stops[i - 1] as [number, number];
    const [x1, y1] = stops[i] as [number, number];
    if (value <= x1) return y0 + ((y1 - y0) * (value - x0)) / (x1 - x0);
  }
  return (stops[stops.length - 1] as [number, number])[1];
};

export const stateLabelSize = (zoom: number) =>
  interpolate(zoom, [
    [3, 9],
    [7, 13],
  ]);
export const cityLabelSize = (rank: number) =>
  interpolate(rank, [
    [1, 15],
    [3, 13],
    [5, 12],
    [8, 11],
  ]);

const overlaps = (a: Box, b: Box) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

const half = (v: number) => Math.round(v * 2) / 2;
const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

interface Shaped {
  lines: string[];
  width: number;
  height: number;
  size: number;
}

function shape(text: string, advances: Advances, size: number, spacing: number, maxWidthEm: number): Shaped {
  const measure = (line: string) => textWidth(line, advances, size, spacing);
  const lines = breakLines(text, measure, maxWidthEm * size);
  return { lines, width: Math.max(...lines.map(measure)), height: lines.length * LINE_HEIGHT * size, size };
}

/** The label's box for an anchor: the text's side named by the anchor touches the offset point. */
function boxAt(place: Place, shaped: Shaped, anchor: Anchor): Box {
  const { width, height, size } = shaped;
  const offsetX = RADIAL_OFFSET * size;
  const offsetY = (RADIAL_OFFSET - BASELINE_OFFSET) * size;
  let cx = place.x;
  let cy = place.y;
  if (anchor === "left") cx += offsetX + width / 2;
  if (anchor === "right") cx -= offsetX + width / 2;
  if (anchor === "top") cy += offsetY + height / 2;
  if (anchor === "bottom") cy -= offsetY + height / 2;
  return { minX: cx - width / 2, minY: cy - height / 2, maxX: cx + width / 2, maxY: cy + height / 2 };
}

function svgText(shaped: Shaped, box: Box, attributes: string): string {
  const cx = half((box.minX + box.maxX) / 2);
  const lineHeight = LINE_HEIGHT * shaped.size;
  const baseline = (i: number) => half(box.minY + (i + 0.5) * lineHeight + BASELINE * shaped.size);
  const [first, ...rest] = shaped.lines.map(escapeXml);
  if (rest.length === 0) return `<text x="${cx}" y="${baseline(0)}"${attributes}>${first}</text>`;
  const spans = [first, ...rest].map((line, i) => `<tspan x="${cx}" y="${baseline(i)}">${line}</tspan>`);
  return `<text${attributes}>${spans.join("")}</text>`;
}

/** The labels' SVG: a group of city labels and one of state labels, each text with its halo under it. */
export function drawLabels(places: Place[], obstacles: Box[], zoom: number, fontsDir: string): string {
  const placed: Box[] = [...obstacles];
  const fits = (box: Box) => {
    const padded = {
      minX: box.minX - PADDING,
      minY: box.minY - PADDING,
      maxX: box.maxX + PADDING,
      maxY: box.maxY + PADDING,
    };
    if (placed.some((other) => overlaps(padded, other))) return false;
    placed.push(padded);
    return true;
  };
  const regular = fontAdvances(fontsDir, FONT_REGULAR);
  const bold = fontAdvances(fontsDir, FONT_BOLD);

  const cities = places
    .filter((p) => p.kind === "city")
    .sort((a, b) => b.population - a.population)
    .flatMap((city) => {
      const strong = city.rank <= 2;
      const shaped = shape(city.name, strong ? bold : regular, cityLabelSize(city.rank), 0, 8);
      const anchor = ANCHORS.find((a) => fits(boxAt(city, shaped, a)));
      if (!anchor) return [];
      const colour = city.rank <= 3 ? PALETTE.labelStrong : PALETTE.labelSoft;
      const attributes = ` font-size="${half(shaped.size)}" fill="${colour}"${strong ? ' font-weight="700"' : ""}`;
      return [svgText(shaped, boxAt(city, shaped, anchor), attributes)];
    });

  const stateSize = stateLabelSize(zoom);
  const states = places
    .filter((p) => p.kind === "state")
    .flatMap((state) => {
      const shaped = shape(state.name.toUpperCase(), regular, stateSize, 0.12, 6);
      const box = boxAt(state, shaped, "center");
      return fits(box) ? [svgText(shaped, box, "")] : [];
    });

  const group = (texts: string[], attributes: string) =>
    texts.length ? `<g${attributes}>${texts.join("")}</g>` : "";
  return [
    group(
      states,
      ` font-size="${half(stateSize)}" fill="${PALETTE.labelState}" letter-spacing="${Math.round(1.2 * stateSize) / 10}" stroke-width="2"`,
    ),
    group(cities, ' stroke-width="2.4"'),
  ]
    .filter(Boolean)
    .join("");
}

/** The attributes every label shares: the font, centred text, a white halo painted under the letters. */
export const LABEL_STYLE = `font-family="${FONT_FAMILY}" text-anchor="middle" stroke="${PALETTE.labelHalo}" stroke-linejoin="round" paint-order="stroke"`;

/** Pins are 32 px drops standing on their point (client/map/pins.ts); MapLibre pads icons by 2 px. */
const PIN_SIZE = 32;
const CLUSTER_TEXT_SIZE = 13;

/** The number a cluster shows, as MapLibre abbreviates it. */
export const abbreviatedCount = (count: number) =>
  count >= 10000
    ? `${Math.round(count / 1000)}k`
    : count >= 1000
      ? `${Math.round(count / 100) / 10}k`
      : String(count);

/**
 * What labels make way for: every pin (it allows overlap but still takes its place) and
 * every cluster's count; the cluster circles themselves do not collide.
 */
export function markBoxes(marks: DrawnMark[], fontsDir: string): Box[] {
  const bold = fontAdvances(fontsDir, FONT_BOLD);
  return marks.map((mark) => {
    if (mark.kind === "pin") {
      return {
        minX: mark.x - PIN_SIZE / 2 - PADDING,
        minY: mark.y - PIN_SIZE - PADDING,
        maxX: mark.x + PIN_SIZE / 2 + PADDING,
        maxY: mark.y + PADDING,
      };
    }
    const width = textWidth(abbreviatedCount(mark.count), bold, CLUSTER_TEXT_SIZE) / 2 + PADDING;
    const height = (LINE_HEIGHT * CLUSTER_TEXT_SIZE) / 2 + PADDING;
    return { minX: mark.x - width, minY: mark.y - height, maxX: mark.x + width, maxY: mark.y + height };
  });
}
