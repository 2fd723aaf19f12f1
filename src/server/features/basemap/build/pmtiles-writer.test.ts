import { describe, expect, test } from "bun:test";
import { PMTiles, type RangeResponse, type Source } from "pmtiles";
import { type ArchiveTile, buildPmtiles } from "./pmtiles-writer";

/** The pmtiles reader over bytes in memory. */
function reader(bytes: Uint8Array): PMTiles {
  const source: Source = {
    getKey: () => "memory",
    getBytes: async (offset, length): Promise<RangeResponse> => ({
      data: bytes.slice(offset, offset + length).buffer,
    }),
  };
  return new PMTiles(source);
}

const INFO = {
  bounds: [-125, 24, -66, 50] as [number, number, number, number],
  center: { lng: -98.5, lat: 39.8, zoom: 4 },
  metadata: { name: "test", vector_layers: [{ id: "earth" }] },
};
const bytesOf = (text: string) => Bun.gzipSync(new TextEncoder().encode(text));

describe("buildPmtiles", () => {
  test("writes tiles a reader finds by z/x/y, with header and metadata", async () => {
    const tiles: ArchiveTile[] = [
      { z: 1, x: 1, y: 0, data: bytesOf("z1 x1 y0") },
      { z: 0, x: 0, y: 0, data: bytesOf("z0") },
      { z: 1, x: 0, y: 1, data: bytesOf("z1 x0 y1") },
    ];
    const archive = reader(buildPmtiles(tiles, INFO));
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      minZoom: 0,
      maxZoom: 1,
      numAddressedTiles: 3,
      centerZoom: 4,
      clustered: true,
    });
    expect(header.minLon).toBeCloseTo(-125);
    expect(header.maxLat).toBeCloseTo(50);
    expect(await archive.getMetadata()).toEqual(INFO.metadata);
    for (const tile of tiles) {
      const found = await archive.getZxy(tile.z, tile.x, tile.y);
      // The reader gunzips tiles: compare with the text each was made from.
      expect(new TextDecoder().decode(found?.data)).toBe(
        `z${tile.z}${tile.z ? ` x${tile.x} y${tile.y}` : ""}`,
      );
    }
    expect(await archive.getZxy(1, 1, 1)).toBeUndefined();
  });

  test("stores identical tiles once, as one run when they follow each other", async () => {
    const sea = bytesOf("sea");
    const tiles: ArchiveTile[] = [0, 1, 2, 3].map((i) => ({
      z: 1,
      x: i % 2,
      y: Math.floor(i / 2),
      data: sea,
    }));
    const bytes = buildPmtiles(tiles, INFO);
    const header = await reader(bytes).getHeader();
    expect(header).toMatchObject({ numAddressedTiles: 4, numTileEntries: 1, numTileContents: 1 });
    expect(header.tileDataLength).toBe(sea.length);
  });
});
