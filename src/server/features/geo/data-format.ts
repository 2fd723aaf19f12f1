/**
 * The files scripts/build-geo.ts writes into .build/geo and the server reads back.
 * Tables are columnar (one array per field) because that is about half the size of an
 * array of objects and parses faster; state columns hold indexes into `states`.
 */

/** Bumped whenever the layout changes, so a stale .build/geo is rebuilt, not misread. */
export const GEO_FORMAT_VERSION = 1;

export const GAZETTEER_FILE = "gazetteer.json";
/** IPv4 ranges: see IpRangeTable for the layout. */
export const IP_RANGES_FILE = "ip4-ranges.bin";
export const IP_PLACES_FILE = "ip4-places.json";

export interface GazetteerFile {
  format: number;
  /** The 50 states and DC, sorted by code. */
  states: {
    code: string[];
    name: string[];
    /** Mean of the state's ZIP code points: on land and near where people live. */
    lat: number[];
    lng: number[];
    /** [west, south, east, north] around the state's ZIP code points, for fitting a map. */
    bbox: [number, number, number, number][];
  };
  /** Populated places, largest population first. */
  cities: {
    name: string[];
    state: number[];
    lat: number[];
    lng: number[];
    population: number[];
  };
  /** Five-digit ZIP codes, in ascending order. */
  zips: {
    zip: string[];
    city: string[];
    state: number[];
    lat: number[];
    lng: number[];
  };
}

/**
 * ip4-ranges.bin, little-endian: u32 format, u32 count, then `count` u32 range starts
 * (ascending; each range ends where the next begins), then `count` u16 place numbers:
 * 0 for "not a US place", otherwise 1 + an index into ip4-places.json.
 */
export const IP_RANGES_HEADER_BYTES = 8;

export interface IpPlacesFile {
  format: number;
  city: (string | null)[];
  /** USPS state codes, spelled out so the IP data stands apart from the gazetteer. */
  state: string[];
  lat: number[];
  lng: number[];
}
