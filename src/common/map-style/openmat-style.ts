import type { ExpressionSpecification, LayerSpecification } from "@maplibre/maplibre-gl-style-spec";
import {
  COUNTIES_MIN_ZOOM,
  FONT_BOLD,
  FONT_REGULAR,
  OPENMAT_LAYERS,
  STATE_LABEL_ZOOMS,
} from "./openmat-layers";
import { PALETTE } from "./palette";

const zoomRamp = (...stops: number[]): ExpressionSpecification => [
  "interpolate",
  ["linear"],
  ["zoom"],
  ...stops,
];
const rank: ExpressionSpecification = ["get", "rank"];

/** The layers for our own archive (scripts/build-basemap.ts): see openmat-layers.ts for what each holds. */
export function openmatLayers(source: string): LayerSpecification[] {
  return [
    {
      id: "earth",
      type: "fill",
      source,
      "source-layer": OPENMAT_LAYERS.earth,
      paint: { "fill-color": PALETTE.land },
    },
    {
      id: "water",
      type: "fill",
      source,
      "source-layer": OPENMAT_LAYERS.water,
      paint: { "fill-color": PALETTE.sea },
    },
    {
      id: "counties",
      type: "line",
      source,
      "source-layer": OPENMAT_LAYERS.counties,
      minzoom: COUNTIES_MIN_ZOOM,
      paint: { "line-color": PALETTE.countyLine, "line-width": zoomRamp(6, 0.4, 10, 1) },
    },
    {
      id: "states",
      type: "line",
      source,
      "source-layer": OPENMAT_LAYERS.states,
      layout: { "line-join": "round" },
      paint: { "line-color": PALETTE.stateLine, "line-width": zoomRamp(3, 0.6, 6, 1.1, 10, 2) },
    },
    {
      id: "countries",
      type: "line",
      source,
      "source-layer": OPENMAT_LAYERS.countries,
      layout: { "line-join": "round" },
      paint: { "line-color": PALETTE.countryLine, "line-width": zoomRamp(2, 0.8, 6, 1.4, 10, 2.4) },
    },
    {
      id: "state-labels",
      type: "symbol",
      source,
      "source-layer": OPENMAT_LAYERS.places,
      minzoom: STATE_LABEL_ZOOMS.min + 1,
      maxzoom: STATE_LABEL_ZOOMS.max,
      filter: ["==", ["get", "kind"], "state"],
      layout: {
        "text-field": ["upcase", ["get", "name"]],
        "text-font": [FONT_REGULAR],
        "text-size": zoomRamp(3, 9, 7, 13),
        "text-letter-spacing": 0.12,
        "text-max-width": 6,
      },
      paint: { "text-color": PALETTE.labelState, "text-halo-color": PALETTE.labelHalo, "text-halo-width": 1 },
    },
    {
      id: "city-labels",
      type: "symbol",
      source,
      "source-layer": OPENMAT_LAYERS.places,
      filter: ["==", ["get", "kind"], "city"],
      layout: {
        "text-field": ["get", "name"],
        "text-font": ["case", ["<=", rank, 2], ["literal", [FONT_BOLD]], ["literal", [FONT_REGULAR]]],
        "text-size": ["interpolate", ["linear"], rank, 1, 15, 3, 13, 5, 12, 8, 11],
        "text-max-width": 8,
        // Centred on the town, or beside it when a school pin stands there.
        "text-variable-anchor": ["center", "top", "bottom", "left", "right"],
        "text-radial-offset": 0.9,
        // The collision pass places lower keys first: the bigger city keeps its label.
        "symbol-sort-key": ["-", 0, ["get", "population"]],
      },
      paint: {
        "text-color": ["case", ["<=", rank, 3], PALETTE.labelStrong, PALETTE.labelSoft],
        "text-halo-color": PALETTE.labelHalo,
        "text-halo-width": 1.2,
      },
    },
  ];
}
