/**
 * Test data: a small PMTiles archive shaped like a Protomaps build (earth, water, roads and
 * places layers, zoom 0 to 14) around one city, made on the spot so the extract can be
 * checked tile by tile against it without downloading anything.
 */
import { GeoJSONVT } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import type { Feature, FeatureCollection } from "geojson";
import { type ArchiveTile, buildPmtiles } from "../build/pmtiles-writer";
import { answerRange } from "../byte-range";
import { type BBox, tileRange } from "./region";

const EXTENT = 4096;
export const STREET_AREA: BBox = [-97.9, 30.15, -97.6, 30.45];
export const STREET_MAX_ZOOM = 14;

function layers(): Record<string, FeatureCollection> {
  const [west, south, east, north] = STREET_AREA;
  const box = (w: number, s: number, e: number, n: number): Feature => ({
    type: "Feature",
    properties: { kind: "earth" },
    geometry: {
      type: "Polygon",
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    },
  });
  const roads: Feature[] = [];
  // A street grid every 0.01°, main roads every 0.05°.
  for (let i = 0; west + i * 0.01 <= east; i++) {
    const lng = west + i * 0.01;
    roads.push({
      type: "Feature",
      properties: { kind: i % 5 === 0 ? "major_road" : "minor_road", name: `Street ${i}` },
      geometry: {
        type: "LineString",
        coordinates: [
          [lng, south],
          [lng, north],
        ],
      },
    });
  }
  for (let j = 0; south + j * 0.01 <= north; j++) {
    const lat = south + j * 0.01;
    roads.push({
      type: "Feature",
      properties: { kind: j % 5 === 0 ? "major_road" : "minor_road", name: `Avenue ${j}` },
      geometry: {
        type: "LineString",
        coordinates: [
          [west, lat],
          [east, lat],
        ],
      },
    });
  }
  const collection = (features: Feature[]): FeatureCollection => ({ type: "FeatureCollection", features });
  return {
    earth: collection([box(west - 1, south - 1, east + 1, north + 1)]),
    water: collection([box(-97.8, 30.25, -97.7, 30.27)]),
    roads: collection(roads),
    places: collection([
      {
        type: "Feature",
        properties: { kind: "locality", name: "Austin", min_zoom: 4 },
        geometry: { type: "Point", coordinates: [-97.74, 30.27] },
      },
    ]),
  };
}

/** The archive's bytes: every tile touching STREET_AREA from zoom 0 to 14. */
export function buildStreetArchive(): Uint8Array {
  const indexes = Object.entries(layers()).map(([name, data]) => ({
    name,
    index: new GeoJSONVT(data, { maxZoom: STREET_MAX_ZOOM, indexMaxZoom: 0, extent: EXTENT, buffer: 64 }),
  }));
  const tiles: ArchiveTile[] = [];
  for (let z = 0; z <= STREET_MAX_ZOOM; z++) {
    const { x0, x1, y0, y1 } = tileRange(STREET_AREA, z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const found = Object.fromEntries(
          indexes.flatMap(({ name, index }) => {
            const tile = index.getTile(z, x, y);
            return tile && tile.features.length > 0 ? [[name, tile]] : [];
          }),
        );
        const mvt = new Uint8Array(fromGeojsonVt(found, { version: 2, extent: EXTENT }));
        tiles.push({ z, x, y, data: Bun.gzipSync(mvt) });
      }
    }
  }
  return buildPmtiles(tiles, {
    bounds: STREET_AREA,
    center: { lng: -97.74, lat: 30.27, zoom: 12 },
    metadata: {
      name: "streets-test",
      attribution: "test data",
      vector_layers: ["earth", "water", "roads", "places"].map((id) => ({ id, fields: {} })),
    },
  });
}

/** The file on a local web server that answers Range requests, as a Protomaps build is hosted. */
export function serveWithRanges(path: string, onRange: () => void = () => {}) {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const file = Bun.file(path);
      const answer = answerRange(request.headers.get("range"), file.size);
      if (answer.kind !== "range") return new Response(file);
      onRange();
      const { start, end } = answer.range;
      return new Response(file.slice(start, end + 1), {
        status: 206,
        headers: {
          "content-range": `bytes ${start}-${end}/${file.size}`,
          "content-length": String(end - start + 1),
        },
      });
    },
  });
}
