/**
 * Label widths as MapLibre measures them: the glyph advances of the basemap's own SDF glyph
 * files (drawn at 24 px, MapLibre's one em), so labels break lines and collide as on the live map.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PbfReader } from "pbf";

/** MapLibre lays glyphs out at this size and scales them to the label's size. */
export const ONE_EM = 24;
/** For a character whose glyph is not in the files read. */
const FALLBACK_ADVANCE = 14;
const RANGES = ["0-255", "256-511"];

export type Advances = Map<number, number>;

function readGlyphs(file: string, advances: Advances): void {
  const pbf = new PbfReader(readFileSync(file));
  const glyph = { id: -1, advance: 0 };
  const readGlyph = (tag: number, target: typeof glyph, reader: PbfReader) => {
    if (tag === 1) target.id = reader.readVarint();
    else if (tag === 7) target.advance = reader.readVarint();
  };
  const readStack = (tag: number, _: null, reader: PbfReader) => {
    if (tag !== 3) return;
    glyph.id = -1;
    glyph.advance = 0;
    reader.readMessage(readGlyph, glyph);
    if (glyph.id >= 0) advances.set(glyph.id, glyph.advance);
  };
  pbf.readFields((tag, _: null, reader) => {
    if (tag === 1) reader.readMessage(readStack, null);
  }, null);
}

const loaded = new Map<string, Advances>();

/** The advances of a fontstack, read once; an empty map (every glyph the fallback width) without the files. */
export function fontAdvances(fontsDir: string, fontstack: string): Advances {
  const key = join(fontsDir, fontstack);
  let advances = loaded.get(key);
  if (advances) return advances;
  advances = new Map();
  for (const range of RANGES) {
    const file = join(key, `${range}.pbf`);
    if (existsSync(file)) readGlyphs(file, advances);
  }
  loaded.set(key, advances);
  return advances;
}

/** The width in px of one line of text at `size` px, with `spacing` em between letters. */
export function textWidth(text: string, advances: Advances, size: number, spacing = 0): number {
  let units = 0;
  for (const char of text) {
    units += (advances.get(char.codePointAt(0) ?? 0) ?? FALLBACK_ADVANCE) + spacing * ONE_EM;
  }
  return (units * size) / ONE_EM;
}

const badness = (width: number, target: number, last: boolean) => {
  const raggedness = (width - target) ** 2;
  if (!last) return raggedness;
  return width < target ? raggedness / 2 : raggedness * 2;
};

/**
 * MapLibre's line breaking for a point label: as many lines as `maxWidth` asks for, broken
 * at spaces so the lines are about equally long (a shorter last line preferred).
 */
export function breakLines(text: string, measure: (line: string) => number, maxWidth: number): string[] {
  const words = text.split(" ");
  const total = measure(text);
  if (words.length < 2 || total <= maxWidth) return [text];
  const target = total / Math.ceil(total / maxWidth);
  // best[i]: the least badness of breaking words[0..i) into lines, and the lines.
  const best: { cost: number; lines: string[] }[] = [{ cost: 0, lines: [] }];
  for (let end = 1; end <= words.length; end++) {
    let choice = { cost: Number.POSITIVE_INFINITY, lines: [] as string[] };
    for (let start = 0; start < end; start++) {
      const line = words.slice(start, end).join(" ");
      const before = best[start] as { cost: number; lines: string[] };
      const cost = before.cost + badness(measure(line), target, end === words.length);
      if (cost < choice.cost) choice = { cost, lines: [...before.lines, line] };
    }
    best.push(choice);
  }
  return (best[words.length] as { lines: string[] }).lines;
}
