/** Reads the built archive the way a browser does, through the pmtiles library. */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { VectorTile } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import { Compression, PMTiles, TileType } from "pmtiles";
import { OPENMAT_LAYERS, placeRank } from "../../../common/map-style/openmat-layers";
import { LocalFileSource as FileSource } from "./file-source";
import { basemapDataRoot, loadBasemapManifest } from "./files";
import { BASEMAP_BUILD_TIMEOUT_MS, ensureBasemap } from "./test-support";

let archive: PMTiles;
beforeAll(() => {
  ensureBasemap();
  const root = basemapDataRoot();
  archive = new PMTiles(new FileSource(join(root, loadBasemapManifest(root).archive.file)));
}, BASEMAP_BUILD_TIMEOUT_MS);

/** The tile at zoom z that holds the point, decoded. */
async function tileAt(z: number, lat: number, lng: number): Promise<VectorTile | undefined> {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  const tile = await archive.getZxy(z, x, y);
  return tile && new VectorTile(new PbfReader(new Uint8Array(tile.data)));
}

function placeNames(tile: VectorTile | undefined): string[] {
  const places = tile?.layers[OPENMAT_LAYERS.places];
  if (!places) return [];
  return Array.from({ length: places.length }, (_, i) => String(places.feature(i).properties.name));
}

describe("the basemap archive", () => {
  test("has a v3 header for gzipped vector tiles, z0-10, with leaf directories", async () => {
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      tileType: TileType.Mvt,
      tileCompression: Compression.Gzip,
      internalCompression: Compression.Gzip,
      clustered: true,
      minZoom: 0,
      maxZoom: 10,
    });
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
  });

  test("lists its layers in the metadata", async () => {
    const metadata = (await archive.getMetadata()) as {
      vector_layers: { id: string }[];
      attribution: string;
    };
    expect(metadata.vector_layers.map((layer) => layer.id)).toEqual(Object.values(OPENMAT_LAYERS));
    expect(metadata.attribution).toContain("GeoNames");
  });

  test("z0 holds land, lakes and borders of North America", async () => {
    const tile = await tileAt(0, 0, 0);
    for (const layer of ["earth", "water", "countries", "states"]) expect(tile?.layers[layer]).toBeDefined();
  });

  test("z4 over Texas holds state borders, the state's label and its largest cities", async () => {
    const tile = await tileAt(4, 31, -99);
    expect(tile?.layers[OPENMAT_LAYERS.states]).toBeDefined();
    expect(tile?.layers[OPENMAT_LAYERS.counties]).toBeUndefined();
    expect(placeNames(tile)).toEqual(expect.arrayContaining(["Texas", "Houston", "Dallas"]));
  });

  test("z10 over Austin holds county borders and small towns, with their rank", async () => {
    const tile = await tileAt(10, 30.27, -97.74);
    expect(tile?.layers[OPENMAT_LAYERS.earth]).toBeDefined();
    expect(tile?.layers[OPENMAT_LAYERS.counties]).toBeDefined();
    const places = tile?.layers[OPENMAT_LAYERS.places];
    const austin = Array.from({ length: places?.length ?? 0 }, (_, i) => places?.feature(i).properties).find(
      (properties) => properties?.name === "Austin",
    );
    expect(austin).toMatchObject({ kind: "city", state: "TX" });
    expect(austin?.rank).toBe(placeRank(Number(austin?.population)));
    expect(placeNames(tile).length).toBeGreaterThan(5);
  });

  test("has no tiles far out at sea", async () => {
    expect(await tileAt(8, 30, -140)).toBeUndefined();
  });
});
