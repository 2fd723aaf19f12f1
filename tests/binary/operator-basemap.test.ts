/**
 * `openmat basemap extract` and BASEMAP_FILE through the compiled binary with the checkout
 * hidden: a source archive with street layers on a local HTTP server (Range requests), cut
 * down to a box, then served by the binary and read back tile by tile against the source.
 * `bun test --timeout 60000 tests/binary/operator-basemap.test.ts` after `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FetchSource, PMTiles } from "pmtiles";
import { type BBox, tileRange } from "../../src/server/features/basemap/extract/region";
import {
  buildStreetArchive,
  serveWithRanges,
} from "../../src/server/features/basemap/extract/street-archive";
import { LocalFileSource } from "../../src/server/features/basemap/file-source";
import { assertCanHideCheckout, type RunningBinary, startHiddenServer } from "../support/binary";
import { dataDir, removeDataDirs, runBinary } from "./operator-support";

const BOX: BBox = [-97.8, 30.2, -97.7, 30.3];
let dir: string;
let sourceFile: string;
let origin: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  assertCanHideCheckout();
  dir = dataDir();
  sourceFile = join(dir, "planet.pmtiles");
  writeFileSync(sourceFile, buildStreetArchive());
  origin = serveWithRanges(sourceFile);
});
afterAll(() => {
  origin.stop(true);
  removeDataDirs();
});

describe("openmat basemap extract (compiled binary)", () => {
  let server: RunningBinary | undefined;
  afterAll(async () => {
    if (server) expect(await server.stop()).toBe(0);
  });

  it("cuts the box out of a remote archive, and the server serves it tile for tile as the source", async () => {
    const out = join(dir, "austin.pmtiles");
    const from = `http://127.0.0.1:${origin.port}/planet.pmtiles`;
    const run = await runBinary(
      ["basemap", "extract", "--from", from, "--bbox", BOX.join(","), "--maxzoom", "13", "--out", out],
      {},
    );
    expect(run.output).toContain("tiles to copy");
    expect(run.code).toBe(0);
    expect(existsSync(out)).toBe(true);

    server = await startHiddenServer({ DEMO_DATA: "false", BASEMAP_FILE: out });
    const home = await (await fetch(`${server.url}/`)).text();
    const url = home.match(/\/basemap\/region\.pmtiles\?v=[0-9a-f]+/)?.[0];
    expect(url).toBeDefined();
    const style = (await (await fetch(`${server.url}/basemap/style.json`)).json()) as {
      layers: { "source-layer"?: string }[];
    };
    expect(style.layers.map((layer) => layer["source-layer"])).toContain("roads");

    const served = new PMTiles(new FetchSource(`${server.url}${url}`));
    const source = new PMTiles(new LocalFileSource(sourceFile));
    let compared = 0;
    for (let z = 0; z <= 13; z++) {
      const { x0, x1, y0, y1 } = tileRange(BOX, z);
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const [a, b] = [await source.getZxy(z, x, y), await served.getZxy(z, x, y)];
          expect(a).toBeDefined();
          const bytes = (tile: typeof a) => Buffer.from(new Uint8Array(tile?.data ?? new ArrayBuffer(0)));
          expect(bytes(b).equals(bytes(a))).toBe(true);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(await served.getZxy(14, tileRange(BOX, 14).x0, tileRange(BOX, 14).y0)).toBeUndefined();
  });

  it("refuses a reversed box, a zoom deeper than the source and a missing file, writing nothing", async () => {
    const out = join(dir, "refused.pmtiles");
    const cases: [string[], string][] = [
      [["--from", sourceFile, "--bbox", "-97.7,30.2,-97.8,30.3"], "reversed"],
      [["--from", sourceFile, "--bbox", "-97.8,30.2,-97.7,95"], "latitudes must be between"],
      [["--from", sourceFile, "--bbox", BOX.join(","), "--maxzoom", "16"], "its tiles stop at zoom 14"],
      [["--from", join(dir, "none.pmtiles"), "--bbox", BOX.join(",")], "no such file"],
    ];
    for (const [args, message] of cases) {
      const run = await runBinary(["basemap", "extract", ...args, "--out", out], {});
      expect(run.output).toContain(message);
      expect(run.code).toBe(1);
      expect(existsSync(out)).toBe(false);
    }
    const missing = await runBinary(["serve"], { BASEMAP_FILE: join(dir, "none.pmtiles") });
    expect(missing.output).toContain("BASEMAP_FILE: no such file");
    expect(missing.code).not.toBe(0);
  });
});
