import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadFont, renderGlyph } from "./glyphs";

const fontPath = createRequire(import.meta.url).resolve(
  "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff",
);
const font = loadFont(new Uint8Array(readFileSync(fontPath)).buffer);
/** MapLibre's text shader draws the glyph's edge where the field is 192. */
const EDGE = 192;

describe("renderGlyph", () => {
  test("measures an upper-case letter like fontnik does at 24 px", () => {
    const glyph = renderGlyph(font, "H".codePointAt(0) ?? 0);
    expect(glyph.id).toBe(72);
    // Cap height 17 px above the baseline, stored less the 25 px MapLibre's shaping expects.
    expect(glyph.top).toBe(17 - 25);
    expect(glyph.height).toBe(17);
    expect(glyph.advance).toBeGreaterThan(glyph.width);
    expect(glyph.bitmap.length).toBe((glyph.width + 6) * (glyph.height + 6));
  });

  test("is inside on a stem, outside in the counter and the border", () => {
    const glyph = renderGlyph(font, "H".codePointAt(0) ?? 0);
    const columns = glyph.width + 6;
    const at = (column: number, row: number) => glyph.bitmap[row * columns + column] ?? 0;
    const middleRow = Math.floor((glyph.height + 6) / 2);
    expect(at(0, 0)).toBeLessThan(EDGE);
    expect(at(4, middleRow)).toBeGreaterThan(EDGE);
    expect(at(Math.floor(columns / 2), 4)).toBeLessThan(EDGE);
  });

  test("gives a space its advance and no bitmap", () => {
    const space = renderGlyph(font, 32);
    expect(space).toMatchObject({ width: 0, height: 0 });
    expect(space.bitmap.length).toBe(0);
    expect(space.advance).toBeGreaterThan(3);
  });
});
