import { GAZETTEER_FILE, type GazetteerFile } from "./data-format";
import { geoDataRoot, readGeoJson } from "./data-root";

export interface UsState {
  /** USPS code, e.g. "TX". */
  code: string;
  name: string;
  /** A point inside the state where people live: the mean of its ZIP code points. */
  lat: number;
  lng: number;
  /** [west, south, east, north], for fitting a map to the state. */
  bbox: [number, number, number, number];
}

export interface City {
  name: string;
  /** USPS state code. */
  state: string;
  lat: number;
  lng: number;
  population: number;
}

export interface ZipCode {
  zip: string;
  /** The post office's place name, e.g. "New York" for 10001. */
  city: string;
  state: string;
  lat: number;
  lng: number;
}

export interface Gazetteer {
  /** The 50 states and DC, by code. */
  states: UsState[];
  /** Populated places (GeoNames, population ≥ 1000 or a seat), largest first. */
  cities: City[];
  /** Five-digit ZIP codes in ascending order. */
  zips: ZipCode[];
}

/** Turns the columnar file into rows; state indexes become codes. */
export function gazetteerFromFile(file: GazetteerFile): Gazetteer {
  const { states, cities, zips } = file;
  const codeOf = (index: number) => states.code[index] ?? "";
  const at = <T>(column: T[], index: number): T => column[index] as T;
  return {
    states: states.code.map((code, i) => ({
      code,
      name: at(states.name, i),
      lat: at(states.lat, i),
      lng: at(states.lng, i),
      bbox: at(states.bbox, i),
    })),
    cities: cities.name.map((name, i) => ({
      name,
      state: codeOf(at(cities.state, i)),
      lat: at(cities.lat, i),
      lng: at(cities.lng, i),
      population: at(cities.population, i),
    })),
    zips: zips.zip.map((zip, i) => ({
      zip,
      city: at(zips.city, i),
      state: codeOf(at(zips.state, i)),
      lat: at(zips.lat, i),
      lng: at(zips.lng, i),
    })),
  };
}

const loaded = new Map<string, Gazetteer>();

/**
 * The US gazetteer from the geo build (scripts/build-geo.ts), read once per process.
 * Callers share the arrays: treat them as read-only.
 */
export function loadGazetteer(root = geoDataRoot()): Gazetteer {
  let gazetteer = loaded.get(root);
  if (!gazetteer) {
    gazetteer = gazetteerFromFile(readGeoJson<GazetteerFile>(root, GAZETTEER_FILE));
    loaded.set(root, gazetteer);
  }
  return gazetteer;
}
