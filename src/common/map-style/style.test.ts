import { describe, expect, test } from "bun:test";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import { FONTSTACKS, OPENMAT_LAYERS } from "./openmat-layers";
import { BASEMAP_ATTRIBUTION, buildMapStyle, detectFlavor, type MapFlavor } from "./style";

const options = (flavor: MapFlavor) => ({
  basemapUrl: "/basemap/us.pmtiles",
  glyphsUrl: "http://localhost:3000/basemap/fonts/{fontstack}/{range}.pbf",
  flavor,
});
const PROTOMAPS_V4_LAYERS = [
  "boundaries",
  "buildings",
  "earth",
  "landcover",
  "landuse",
  "places",
  "pois",
  "roads",
  "transit",
  "water",
];

describe("buildMapStyle", () => {
  for (const flavor of ["openmat", "protomaps"] as const) {
    test(`makes a valid style for the ${flavor} flavor`, () => {
      const style = buildMapStyle(options(flavor));
      expect(validateStyleMin(style)).toEqual([]);
      expect(style.sources.basemap).toMatchObject({ type: "vector", url: "pmtiles:///basemap/us.pmtiles" });
    });

    test(`labels the ${flavor} flavor only with fonts the server has glyphs for`, () => {
      const fonts = JSON.stringify(
        buildMapStyle(options(flavor)).layers.map((layer) => layer.layout?.["text-font" as never]),
      );
      const named = [...fonts.matchAll(/"(Noto Sans [A-Za-z]+)"/g)].map((match) => match[1]);
      expect(named.length).toBeGreaterThan(0);
      for (const font of named) expect(FONTSTACKS).toContain(font as (typeof FONTSTACKS)[number]);
    });
  }

  test("draws only layers the openmat archive has", () => {
    const used = buildMapStyle(options("openmat")).layers.flatMap((layer) =>
      "source-layer" in layer ? [layer["source-layer"]] : [],
    );
    for (const layer of used) expect(Object.values(OPENMAT_LAYERS)).toContain(layer as never);
    expect(new Set(used)).toEqual(new Set(Object.values(OPENMAT_LAYERS)));
  });

  test("credits the data of each flavor", () => {
    const credit = (flavor: MapFlavor) =>
      (buildMapStyle(options(flavor)).sources.basemap as { attribution: string }).attribution;
    for (const source of ["Natural Earth", "US Census Bureau", "TIGER/Line", "GeoNames"]) {
      expect(credit("openmat")).toContain(source);
    }
    expect(credit("protomaps")).toContain("OpenStreetMap contributors");
    expect(credit("protomaps")).toContain("Protomaps");
    const custom = buildMapStyle({ ...options("protomaps"), attribution: "Mine" }).sources.basemap;
    expect(custom).toMatchObject({ attribution: "Mine" });
    expect(BASEMAP_ATTRIBUTION.openmat).not.toContain("OpenStreetMap");
  });
});

describe("detectFlavor", () => {
  test("knows our archive by its state and county layers", () => {
    expect(detectFlavor(Object.values(OPENMAT_LAYERS))).toBe("openmat");
  });

  test("knows a Protomaps basemap by its roads and boundaries", () => {
    expect(detectFlavor(PROTOMAPS_V4_LAYERS)).toBe("protomaps");
  });

  test("falls back to our own layers for an archive it does not know", () => {
    expect(detectFlavor(["something"])).toBe("openmat");
  });
});
