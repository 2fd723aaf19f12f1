/**
 * School pins: a clustered GeoJSON source, its layers, and the pin images drawn at run
 * time (no sprite file to fetch): an SVG path painted on a canvas into ImageData.
 */
import type { GeoJSONSourceSpecification, LayerSpecification, Map as MapLibreMap } from "maplibre-gl";
import { FONT_BOLD } from "../../common/map-style/openmat-layers";
import { PALETTE } from "../../common/map-style/palette";
import {
  CLUSTER_RADIUS_STEPS,
  CLUSTER_STROKE_WIDTH,
  CLUSTER_TEXT_SIZE,
  PIN_DOT,
  PIN_OUTLINE,
  PIN_SIZE,
  PIN_STROKE_WIDTH,
} from "./pin-shape";
import type { MapSchool } from "./SchoolMap";

export const SCHOOLS_SOURCE = "schools";
export const PIN_LAYER = "school-pins";
export const CLUSTER_LAYER = "school-clusters";
const CLUSTER_COUNT_LAYER = "school-cluster-counts";
const PIN_FAVORITE = "pin-favorite";
const PIN_DEFAULT = "pin-default";

function drawPin(color: string, pixelRatio: number): ImageData {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = PIN_SIZE * pixelRatio;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas for the map pins");
  context.scale(pixelRatio, pixelRatio);
  const outline = new Path2D(PIN_OUTLINE);
  context.fillStyle = color;
  context.fill(outline);
  context.lineWidth = PIN_STROKE_WIDTH;
  context.strokeStyle = PALETTE.pinStroke;
  context.stroke(outline);
  context.beginPath();
  context.arc(PIN_DOT.x, PIN_DOT.y, PIN_DOT.radius, 0, 2 * Math.PI);
  context.fillStyle = PALETTE.pinStroke;
  context.fill();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export function addPinImages(map: MapLibreMap): void {
  const pixelRatio = Math.min(3, Math.max(1, Math.ceil(window.devicePixelRatio || 1)));
  map.addImage(PIN_FAVORITE, drawPin(PALETTE.pinFavorite, pixelRatio), { pixelRatio });
  map.addImage(PIN_DEFAULT, drawPin(PALETTE.pinDefault, pixelRatio), { pixelRatio });
}

export function schoolsGeoJson(schools: MapSchool[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: "FeatureCollection",
    features: schools.map((school) => ({
      type: "Feature",
      properties: { id: school.id, name: school.name, favorite: school.favorite },
      geometry: { type: "Point", coordinates: [school.lng, school.lat] },
    })),
  };
}

/** The pins' source; at `maxZoom`, the closest the map goes, every school has its own pin. */
export function schoolsSource(schools: MapSchool[], maxZoom: number): GeoJSONSourceSpecification {
  return {
    type: "geojson",
    data: schoolsGeoJson(schools),
    cluster: true,
    clusterMaxZoom: maxZoom - 1,
    clusterRadius: 44,
    clusterProperties: { favorites: ["+", ["case", ["get", "favorite"], 1, 0]] },
  };
}

/**
 * Marks `element` with `data-pins-drawn`: how many schools the map held when their pins'
 * tiles were last loaded and a frame drawn with them, and calls `onDrawn` then. Benchmarks and
 * tests read it; the map's own `idle` waits for every basemap tile too, later than the pins.
 */
export function markPinsDrawn(
  map: MapLibreMap,
  element: HTMLElement,
  held: () => number,
  onDrawn?: () => void,
): void {
  map.on("sourcedata", (event) => {
    if (event.sourceId !== SCHOOLS_SOURCE || !event.isSourceLoaded) return;
    const count = held();
    map.once("render", () => {
      element.dataset.pinsDrawn = String(count);
      onDrawn?.();
    });
  });
}

const isCluster = ["has", "point_count"] as const;

export const schoolLayers: LayerSpecification[] = [
  {
    id: CLUSTER_LAYER,
    type: "circle",
    source: SCHOOLS_SOURCE,
    filter: [...isCluster],
    paint: {
      "circle-color": PALETTE.pinDefault,
      "circle-radius": [
        "step",
        ["get", "point_count"],
        CLUSTER_RADIUS_STEPS.base,
        ...CLUSTER_RADIUS_STEPS.steps.flat(),
      ],
      "circle-stroke-width": CLUSTER_STROKE_WIDTH,
      // A red ring says a favourite is inside.
      "circle-stroke-color": ["case", [">", ["get", "favorites"], 0], PALETTE.pinFavorite, PALETTE.pinStroke],
    },
  },
  {
    id: CLUSTER_COUNT_LAYER,
    type: "symbol",
    source: SCHOOLS_SOURCE,
    filter: [...isCluster],
    layout: {
      "text-field": ["get", "point_count_abbreviated"],
      "text-font": [FONT_BOLD],
      "text-size": CLUSTER_TEXT_SIZE,
      "text-allow-overlap": true,
    },
    paint: { "text-color": PALETTE.pinStroke },
  },
  {
    id: PIN_LAYER,
    type: "symbol",
    source: SCHOOLS_SOURCE,
    filter: ["!", [...isCluster]],
    layout: {
      "icon-image": ["case", ["get", "favorite"], PIN_FAVORITE, PIN_DEFAULT],
      "icon-anchor": "bottom",
      // Always shown, and city labels make way for them (see city-labels' variable anchors).
      "icon-allow-overlap": true,
      // Favourites are drawn last, on top of pins they overlap.
      "symbol-sort-key": ["case", ["get", "favorite"], 1, 0],
    },
  },
];
