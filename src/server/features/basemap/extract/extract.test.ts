import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { PMTiles } from "pmtiles";
import { buildMapStyle, detectFlavor } from "../../../../common/map-style/style";
import { LocalFileSource } from "../file-source";
import { extractBasemap } from "./extract";
import { type BBox, parseBBox, tileRange } from "./region";
import { ExtractInputError } from "./source";
import { buildStreetArchive, STREET_AREA, STREET_MAX_ZOOM, serveWithRanges } from "./street-archive";

const BOX: BBox = [-97.8, 30.2, -97.7, 30.3];
let dir: string;
let sourceFile: string;
let server: ReturnType<typeof Bun.serve>;
let rangeRequests = 0;

beforeAll(() => {
  dir = mkdtempSync(join(os.tmpdir(), "openmat-extract-"));
  sourceFile = join(dir, "source.pmtiles");
  writeFileSync(sourceFile, buildStreetArchive());
  server = serveWithRanges(sourceFile, () => rangeRequests++);
});
afterAll(() => {
  server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

async function tileBytes(archive: PMTiles, z: number, x: number, y: number) {
  const tile = await archive.getZxy(z, x, y);
  return tile ? new Uint8Array(tile.data) : undefined;
}

describe("openmat basemap extract", () => {
  test("a remote archive read with Range requests: every tile of the box, byte for byte, and none outside", async () => {
    const out = join(dir, "remote.pmtiles");
    const lines: string[] = [];
    const result = await extractBasemap({
      from: `http://127.0.0.1:${server.port}/planet.pmtiles`,
      bbox: BOX,
      maxZoom: "13",
      out,
      progress: (line) => lines.push(line),
    });
    expect(result.maxZoom).toBe(13);
    expect(rangeRequests).toBeGreaterThan(0);
    expect(lines.at(-1)).toContain("wrote");
    const source = new PMTiles(new LocalFileSource(sourceFile));
    const extract = new PMTiles(new LocalFileSource(out));
    const head = await extract.getHeader();
    expect([head.minZoom, head.maxZoom]).toEqual([0, 13]);
    expect([head.minLon, head.minLat, head.maxLon, head.maxLat]).toEqual(BOX);
    let compared = 0;
    let checkedOutside = 0;
    for (let z = 0; z <= 13; z++) {
      const { x0, x1, y0, y1 } = tileRange(BOX, z);
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const [a, b] = [await tileBytes(source, z, x, y), await tileBytes(extract, z, x, y)];
          expect(a).toBeDefined();
          expect(b && Buffer.from(b).equals(Buffer.from(a ?? []))).toBe(true);
          compared++;
        }
      }
      // The tile just east of the box is in the source, not in the extract.
      const outside = tileRange(BOX, z).x1 + 1;
      if (tileRange(STREET_AREA, z).x1 >= outside) {
        checkedOutside++;
        expect(await tileBytes(source, z, outside, y0)).toBeDefined();
        expect(await tileBytes(extract, z, outside, y0)).toBeUndefined();
      }
    }
    expect(compared).toBe(result.tiles);
    expect(checkedOutside).toBeGreaterThanOrEqual(2);
    expect(await tileBytes(extract, 14, ...tileXY(14))).toBeUndefined();
    // The style draws streets and labels from such an archive.
    const metadata = (await extract.getMetadata()) as { vector_layers: { id: string }[] };
    const flavor = detectFlavor(metadata.vector_layers.map((layer) => layer.id));
    expect(flavor).toBe("protomaps");
    const style = buildMapStyle({
      basemapUrl: "/basemap/region.pmtiles",
      glyphsUrl: "/g/{fontstack}/{range}.pbf",
      flavor,
    });
    const sourceLayers = style.layers.map((layer) => ("source-layer" in layer ? layer["source-layer"] : ""));
    expect(sourceLayers).toContain("roads");
    expect(sourceLayers).toContain("places");
  });

  test("a local file gives the same tiles", async () => {
    const fromUrl = join(dir, "remote-again.pmtiles");
    const fromFile = join(dir, "local.pmtiles");
    const remote = await extractBasemap({
      from: `http://127.0.0.1:${server.port}/p.pmtiles`,
      bbox: BOX,
      maxZoom: "12",
      out: fromUrl,
    });
    const local = await extractBasemap({ from: sourceFile, bbox: BOX, maxZoom: "12", out: fromFile });
    expect({ ...local, bytes: 0 }).toEqual({ ...remote, bytes: 0 });
    const [a, b] = [new PMTiles(new LocalFileSource(fromUrl)), new PMTiles(new LocalFileSource(fromFile))];
    const { tileDataOffset: offsetA, tileDataLength: lengthA } = await a.getHeader();
    const { tileDataOffset: offsetB, tileDataLength: lengthB } = await b.getHeader();
    const data = async (file: string, offset = 0, length = 0) =>
      Buffer.from(
        await Bun.file(file)
          .slice(offset, offset + length)
          .arrayBuffer(),
      );
    expect(
      Buffer.compare(await data(fromUrl, offsetA, lengthA), await data(fromFile, offsetB, lengthB)),
    ).toBe(0);
  });

  test("without --maxzoom it goes as deep as the source", async () => {
    const out = join(dir, "deep.pmtiles");
    const result = await extractBasemap({ from: sourceFile, bbox: BOX, out });
    expect(result.maxZoom).toBe(STREET_MAX_ZOOM);
  });

  test.each([
    ["-97.7,30.2,-97.8,30.3", "reversed"],
    ["-97.8,30.3,-97.7,30.2", "reversed"],
    ["-197.8,30.2,-97.7,30.3", "longitudes must be between"],
    ["-97.8,30.2,-97.7,89", "latitudes must be between"],
    ["-97.8,30.2,-97.7", "four numbers"],
    ["a,b,c,d", "four numbers"],
  ])("--bbox %s is refused (%s)", (text, message) => {
    expect(() => parseBBox(text)).toThrow(message);
  });

  test("a --maxzoom deeper than the source, a box outside it, or a file that is no archive: a clear error and no file", async () => {
    const out = join(dir, "refused.pmtiles");
    const attempts = [
      {
        from: sourceFile,
        bbox: BOX,
        maxZoom: "15",
        message: "deeper than the source has: its tiles stop at zoom 14",
      },
      { from: sourceFile, bbox: [-80, 30, -79, 31] as BBox, message: "outside the source's area" },
      { from: join(dir, "nothing.pmtiles"), bbox: BOX, message: "no such file" },
      { from: import.meta.path, bbox: BOX, message: "not a readable PMTiles v3 archive" },
    ];
    for (const { message, ...options } of attempts) {
      const error = await extractBasemap({ ...options, out }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExtractInputError);
      expect((error as Error).message).toContain(message);
      expect(existsSync(out)).toBe(false);
    }
  });
});

function tileXY(z: number): [number, number] {
  const { x0, y0 } = tileRange(BOX, z);
  return [x0, y0];
}
