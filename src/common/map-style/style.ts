/**
 * The MapLibre style for the school map. It draws either our own archive (flavor
 * "openmat", built by scripts/build-basemap.ts) or a Protomaps basemap (flavor
 * "protomaps"), so BASEMAP_URL may point at any PMTiles archive: the browser reads the
 * archive's `vector_layers` and picks the flavor with detectFlavor. Pure data, so the
 * server can serve it as /basemap/style.json too.
 */
import type { StyleSpecification } from "@maplibre/maplibre-gl-style-spec";
import { OPENMAT_LAYERS } from "./openmat-layers";
import { openmatLayers } from "./openmat-style";
import { PALETTE } from "./palette";
import { protomapsLayers } from "./protomaps-style";

export type MapFlavor = "openmat" | "protomaps";

export const BASEMAP_ATTRIBUTION: Record<MapFlavor, string> = {
  openmat: [
    '<a href="https://www.naturalearthdata.com/">Natural Earth</a>',
    '<a href="https://www.census.gov/geographies/mapping-files.html">US Census Bureau</a> TIGER/Line (us-atlas)',
    '<a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)',
  ].join(" · "),
  protomaps: [
    '<a href="https://protomaps.com/">Protomaps</a>',
    '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
  ].join(" · "),
};

export interface MapStyleOptions {
  /** The archive's URL, e.g. "/basemap/us.pmtiles" or BASEMAP_URL; read through the pmtiles:// protocol. */
  basemapUrl: string;
  /** Must contain {fontstack} and {range}; absolute, because MapLibre does not resolve it against the page. */
  glyphsUrl: string;
  /** HTML for the attribution control; the flavor's data credits when left out. */
  attribution?: string;
  flavor: MapFlavor;
}

const BASEMAP_SOURCE = "basemap";

/** Our archive has state and county borders; a Protomaps basemap has roads and boundaries. */
export function detectFlavor(vectorLayerIds: string[]): MapFlavor {
  const ids = new Set(vectorLayerIds);
  if (ids.has(OPENMAT_LAYERS.states) && ids.has(OPENMAT_LAYERS.counties)) return "openmat";
  if (ids.has("roads") || ids.has("boundaries") || ids.has("landuse")) return "protomaps";
  return "openmat";
}

export function buildMapStyle({
  basemapUrl,
  glyphsUrl,
  attribution,
  flavor,
}: MapStyleOptions): StyleSpecification {
  return {
    version: 8,
    name: `OpenMat (${flavor})`,
    glyphs: glyphsUrl,
    sources: {
      [BASEMAP_SOURCE]: {
        type: "vector",
        url: `pmtiles://${basemapUrl}`,
        attribution: attribution ?? BASEMAP_ATTRIBUTION[flavor],
      },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": PALETTE.sea } },
      ...(flavor === "openmat" ? openmatLayers(BASEMAP_SOURCE) : protomapsLayers(BASEMAP_SOURCE)),
    ],
  };
}
