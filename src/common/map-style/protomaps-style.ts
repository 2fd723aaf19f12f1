import type { ExpressionSpecification, LayerSpecification } from "@maplibre/maplibre-gl-style-spec";
import { FONT_BOLD, FONT_REGULAR } from "./openmat-layers";
import { PALETTE } from "./palette";

const zoomRamp = (...stops: number[]): ExpressionSpecification => [
  "interpolate",
  ["exponential", 1.6],
  ["zoom"],
  ...stops,
];
const kind: ExpressionSpecification = ["get", "kind"];
const isPolygon: ExpressionSpecification = ["==", ["geometry-type"], "Polygon"];
const englishName: ExpressionSpecification = ["coalesce", ["get", "name:en"], ["get", "name"]];
const PARK_KINDS = [
  "park",
  "national_park",
  "nature_reserve",
  "protected_area",
  "forest",
  "wood",
  "golf_course",
];

function roadLayer(
  source: string,
  id: string,
  kinds: string[],
  minzoom: number,
  color: string,
  widths: number[],
) {
  return {
    id,
    type: "line",
    source,
    "source-layer": "roads",
    minzoom,
    filter: ["in", kind, ["literal", kinds]],
    layout: { "line-join": "round", "line-cap": "round" },
    paint: { "line-color": color, "line-width": zoomRamp(...widths) },
  } satisfies LayerSpecification;
}

/**
 * A small style for a Protomaps basemap (schema v4: earth, landuse, water, roads,
 * boundaries, buildings, places), drawn in the same calm palette as our own archive.
 * Only what helps to find a gym: no points of interest, transit or road labels.
 */
export function protomapsLayers(source: string): LayerSpecification[] {
  return [
    {
      id: "earth",
      type: "fill",
      source,
      "source-layer": "earth",
      filter: isPolygon,
      paint: { "fill-color": PALETTE.land },
    },
    {
      id: "parks",
      type: "fill",
      source,
      "source-layer": "landuse",
      filter: ["in", kind, ["literal", PARK_KINDS]],
      paint: { "fill-color": PALETTE.park },
    },
    {
      id: "water",
      type: "fill",
      source,
      "source-layer": "water",
      filter: isPolygon,
      paint: { "fill-color": PALETTE.sea },
    },
    {
      id: "buildings",
      type: "fill",
      source,
      "source-layer": "buildings",
      minzoom: 14,
      paint: { "fill-color": PALETTE.building },
    },
    roadLayer(source, "roads-minor", ["minor_road", "other"], 12, PALETTE.roadMinor, [12, 0.5, 18, 12]),
    roadLayer(source, "roads-major-casing", ["major_road"], 9, PALETTE.roadCasing, [9, 1, 18, 20]),
    roadLayer(source, "roads-major", ["major_road"], 7, PALETTE.roadMajor, [7, 0.5, 18, 16]),
    roadLayer(source, "roads-highway", ["highway"], 5, PALETTE.highway, [5, 0.6, 18, 20]),
    {
      id: "boundaries-region",
      type: "line",
      source,
      "source-layer": "boundaries",
      filter: ["==", kind, "region"],
      paint: { "line-color": PALETTE.stateLine, "line-width": zoomRamp(3, 0.6, 10, 2) },
    },
    {
      id: "boundaries-country",
      type: "line",
      source,
      "source-layer": "boundaries",
      filter: ["==", kind, "country"],
      paint: { "line-color": PALETTE.countryLine, "line-width": zoomRamp(2, 0.8, 10, 2.4) },
    },
    {
      id: "region-labels",
      type: "symbol",
      source,
      "source-layer": "places",
      minzoom: 3,
      maxzoom: 8,
      filter: ["==", kind, "region"],
      layout: {
        "text-field": ["upcase", englishName],
        "text-font": [FONT_REGULAR],
        "text-size": zoomRamp(3, 9, 7, 13),
        "text-letter-spacing": 0.12,
        "text-max-width": 6,
      },
      paint: { "text-color": PALETTE.labelState, "text-halo-color": PALETTE.labelHalo, "text-halo-width": 1 },
    },
    {
      id: "locality-labels",
      type: "symbol",
      source,
      "source-layer": "places",
      filter: [
        "all",
        ["==", kind, "locality"],
        ["<=", ["coalesce", ["get", "min_zoom"], 0], ["+", ["zoom"], 1]],
      ],
      layout: {
        "text-field": englishName,
        "text-font": [
          "case",
          [">=", ["coalesce", ["get", "population_rank"], 0], 13],
          ["literal", [FONT_BOLD]],
          ["literal", [FONT_REGULAR]],
        ],
        "text-size": [
          "interpolate",
          ["linear"],
          ["coalesce", ["get", "population_rank"], 0],
          6,
          11,
          12,
          13,
          15,
          15,
        ],
        "text-max-width": 8,
        "text-variable-anchor": ["center", "top", "bottom", "left", "right"],
        "text-radial-offset": 0.9,
        "symbol-sort-key": ["-", 0, ["coalesce", ["get", "population_rank"], 0]],
      },
      paint: {
        "text-color": PALETTE.labelStrong,
        "text-halo-color": PALETTE.labelHalo,
        "text-halo-width": 1.2,
      },
    },
  ];
}
