/**
 * MapLibre draws label text from signed-distance-field glyphs, fetched as protobuf files
 * per fontstack and range of 256 code points. No npm package ships such files for an
 * open font, and fontnik (the usual generator) needs a native build, so they are made
 * here from Noto Sans outlines: opentype.js reads the font, and each pixel's distance to
 * the outline is measured exactly. Size, buffer and the distance scale follow fontnik
 * (24 px, 3 px, 8 px radius, edge at 192), which MapLibre's text shader expects.
 */
import { type Font, parse } from "opentype.js";
import { PbfWriter } from "pbf";

const FONT_SIZE = 24;
const BUFFER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;
/**
 * MapLibre's shaping places the baseline as fontnik's glyphs expect: `top` is the glyph's
 * height above the baseline less 25, the ascender of the font its layout was tuned on.
 */
const BASELINE_SHIFT = 25;
/** Straight pieces per curve when flattening outlines: ample at 24 px. */
const CURVE_STEPS = 8;

interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface SdfGlyph {
  id: number;
  /** (width + 6) × (height + 6) bytes, top row first; empty for blank glyphs such as space. */
  bitmap: Uint8Array;
  width: number;
  height: number;
  left: number;
  /** Height above the baseline, less BASELINE_SHIFT. */
  top: number;
  advance: number;
}

export function loadFont(bytes: ArrayBuffer): Font {
  return parse(bytes);
}

/** The outline as straight segments in pixels, y up from the baseline. */
function outlineSegments(font: Font, char: string): Segment[] {
  const segments: Segment[] = [];
  let start = { x: 0, y: 0 };
  let pen = { x: 0, y: 0 };
  const lineTo = (x: number, y: number) => {
    if (x !== pen.x || y !== pen.y) segments.push({ x1: pen.x, y1: pen.y, x2: x, y2: y });
    pen = { x, y };
  };
  // getPath gives screen coordinates (y down); the sign flips them to font coordinates.
  for (const command of font.charToGlyph(char).getPath(0, 0, FONT_SIZE).commands) {
    if (command.type === "M") {
      pen = { x: command.x, y: -command.y };
      start = pen;
    } else if (command.type === "L") lineTo(command.x, -command.y);
    else if (command.type === "Q" || command.type === "C") {
      const from = pen;
      const [c1x, c1y] = [command.x1, -command.y1];
      const [c2x, c2y] = command.type === "C" ? [command.x2, -command.y2] : [c1x, c1y];
      const [tx, ty] = [command.x, -command.y];
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        if (command.type === "Q") {
          lineTo(
            u * u * from.x + 2 * u * t * c1x + t * t * tx,
            u * u * from.y + 2 * u * t * c1y + t * t * ty,
          );
        } else {
          const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
          lineTo(a * from.x + b * c1x + c * c2x + d * tx, a * from.y + b * c1y + c * c2y + d * ty);
        }
      }
    } else if (command.type === "Z") lineTo(start.x, start.y);
  }
  return segments;
}

function distanceToSegment(px: number, py: number, s: Segment): number {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - s.x1) * dx + (py - s.y1) * dy) / lengthSquared));
  return Math.hypot(px - (s.x1 + t * dx), py - (s.y1 + t * dy));
}

/** Non-zero winding, because outlines made from variable fonts keep overlapping contours. */
function inside(px: number, py: number, segments: Segment[]): boolean {
  let winding = 0;
  for (const s of segments) {
    const crossesUp = s.y1 <= py && s.y2 > py;
    const crossesDown = s.y2 <= py && s.y1 > py;
    if (!crossesUp && !crossesDown) continue;
    const side = (s.x2 - s.x1) * (py - s.y1) - (px - s.x1) * (s.y2 - s.y1);
    if (crossesUp && side > 0) winding += 1;
    else if (crossesDown && side < 0) winding -= 1;
  }
  return winding !== 0;
}

export function renderGlyph(font: Font, codePoint: number): SdfGlyph {
  const char = String.fromCodePoint(codePoint);
  const advance = Math.round(((font.charToGlyph(char).advanceWidth ?? 0) * FONT_SIZE) / font.unitsPerEm);
  const segments = outlineSegments(font, char);
  const blank = { id: codePoint, bitmap: new Uint8Array(), width: 0, height: 0, left: 0, top: 0, advance };
  if (segments.length === 0) return blank;
  const xs = segments.flatMap((s) => [s.x1, s.x2]);
  const ys = segments.flatMap((s) => [s.y1, s.y2]);
  const left = Math.round(Math.min(...xs));
  const bottom = Math.round(Math.min(...ys));
  const right = Math.round(Math.max(...xs));
  const top = Math.round(Math.max(...ys));
  const [width, height] = [right - left, top - bottom];
  if (width === 0 || height === 0) return blank;

  const columns = width + 2 * BUFFER;
  const rows = height + 2 * BUFFER;
  const bitmap = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    const py = top + BUFFER - row - 0.5;
    for (let column = 0; column < columns; column++) {
      const px = left - BUFFER + column + 0.5;
      let distance = Infinity;
      for (const segment of segments) distance = Math.min(distance, distanceToSegment(px, py, segment));
      if (inside(px, py, segments)) distance = -distance;
      const scaled = (distance * 256) / RADIUS + CUTOFF * 256;
      bitmap[row * columns + column] = 255 - Math.max(0, Math.min(255, Math.round(scaled)));
    }
  }
  return { id: codePoint, bitmap, width, height, left, top: top - BASELINE_SHIFT, advance };
}

/** A font's first glyph that is not .notdef for the code point, trying the fonts in order. */
function fontFor(fonts: Font[], codePoint: number): Font | undefined {
  const char = String.fromCodePoint(codePoint);
  return fonts.find((font) => font.charToGlyph(char).index !== 0);
}

/** One range file (`{start}-{start + 255}.pbf`), or null when no font covers any code point in it. */
export function glyphRangePbf(
  fontstack: string,
  fonts: Font[],
  start: number,
): Uint8Array<ArrayBuffer> | null {
  const glyphs: SdfGlyph[] = [];
  for (let codePoint = start; codePoint < start + 256; codePoint++) {
    const font = fontFor(fonts, codePoint);
    if (font) glyphs.push(renderGlyph(font, codePoint));
  }
  if (glyphs.length === 0) return null;
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: unknown, stack: PbfWriter) => {
      stack.writeStringField(1, fontstack);
      stack.writeStringField(2, `${start}-${start + 255}`);
      for (const glyph of glyphs) stack.writeMessage(3, writeGlyph, glyph);
    },
    null,
  );
  return new Uint8Array(pbf.finish());
}

function writeGlyph(glyph: SdfGlyph, pbf: PbfWriter) {
  pbf.writeVarintField(1, glyph.id);
  if (glyph.bitmap.length > 0) pbf.writeBytesField(2, glyph.bitmap);
  pbf.writeVarintField(3, glyph.width);
  pbf.writeVarintField(4, glyph.height);
  pbf.writeSVarintField(5, glyph.left);
  pbf.writeSVarintField(6, glyph.top);
  pbf.writeVarintField(7, glyph.advance);
}
