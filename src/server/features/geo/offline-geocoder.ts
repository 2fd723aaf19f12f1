import type { City, Gazetteer, UsState, ZipCode } from "./gazetteer";
import { canonicalWord, placeKey, placeWords, wordStartsWith } from "./place-names";

/** "address" comes only from a remote geocoder (GEOCODER_URL); the offline one knows no streets. */
export type GeoKind = "zip" | "city" | "state" | "address";

export interface GeoResult {
  latitude: number;
  longitude: number;
  city: string | null;
  /** USPS state code. */
  state: string | null;
  /** How to show the place: "Austin, TX", "Texas", "Austin, TX 78701". */
  label: string;
  kind: GeoKind;
}

export interface OfflineGeocoder {
  /** ZIP (also ZIP+4), "City, ST", "City, State", "City ST", a city alone, or a state. */
  geocode(query: string): GeoResult | null;
  /** "Austin, TX" labels whose city starts with `prefix` (at least 2 letters), largest first. */
  suggestCities(prefix: string, limit?: number): string[];
  /** "Austin, TX 78701" labels for ZIP codes starting with `prefix` (at least 2 digits), in order. */
  suggestZips(prefix: string, limit?: number): string[];
}

/** Names people use that are not the gazetteer's: keys of placeKey() form, both sides. */
const CITY_NICKNAMES: Record<string, string> = {
  nyc: "new york city",
  // GeoNames calls the city "New York City"; "New York" alone means the state.
  "new york": "new york city",
  philly: "philadelphia",
  vegas: "las vegas",
  sf: "san francisco",
  nola: "new orleans",
};
const COUNTRY_SUFFIX = / (us|usa|united states|united states of america)$/;
const COUNTRY_KEY = /^(us|usa|united states|united states of america)$/;
/** A ZIP (or ZIP+4) at the end of the query, alone or after an address or "City, ST". */
const TRAILING_ZIP = /(?:^|[\s,])(\d{5})(?:-?\d{4})?\s*$/;
/** Longer input is not a place name; refusing it keeps the work per query bounded. */
const MAX_QUERY_LENGTH = 200;
const DEFAULT_SUGGESTIONS = 8;

/** A place with a post office but too small for the city list, placed at its ZIP codes' mean. */
interface PostOfficePlace {
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  zipCount: number;
}

const cityLabel = (name: string, state: string) => `${name}, ${state}`;
const zipLabel = (zip: ZipCode) => `${cityLabel(zip.city, zip.state)} ${zip.zip}`;

function groupPostOfficePlaces(zips: ZipCode[]): Map<string, PostOfficePlace[]> {
  const byNameAndState = new Map<string, { key: string; zips: ZipCode[] }>();
  for (const zip of zips) {
    const key = placeKey(zip.city);
    const group = byNameAndState.get(`${key}|${zip.state}`);
    if (group) group.zips.push(zip);
    else byNameAndState.set(`${key}|${zip.state}`, { key, zips: [zip] });
  }
  const byKey = new Map<string, PostOfficePlace[]>();
  for (const { key, zips: own } of byNameAndState.values()) {
    const [first] = own;
    if (!first) continue;
    const places = byKey.get(key) ?? [];
    places.push({
      name: first.city,
      state: first.state,
      latitude: own.reduce((sum, z) => sum + z.lat, 0) / own.length,
      longitude: own.reduce((sum, z) => sum + z.lng, 0) / own.length,
      zipCount: own.length,
    });
    byKey.set(key, places);
  }
  // More post offices usually means a bigger place: the best guess for a bare name.
  for (const places of byKey.values()) places.sort((a, b) => b.zipCount - a.zipCount);
  return byKey;
}

export function createOfflineGeocoder(gazetteer: Gazetteer): OfflineGeocoder {
  const stateByKey = new Map<string, UsState>();
  for (const state of gazetteer.states) {
    stateByKey.set(placeKey(state.code), state);
    stateByKey.set(placeKey(state.name), state);
  }
  const citiesByKey = new Map<string, City[]>();
  // "austin tx": what a typed prefix is matched against, in population order.
  const suggestionKeys: string[] = [];
  for (const city of gazetteer.cities) {
    const key = placeKey(city.name);
    const same = citiesByKey.get(key);
    if (same) same.push(city);
    else citiesByKey.set(key, [city]);
    suggestionKeys.push(`${key} ${city.state.toLowerCase()}`);
  }
  // Suggestions scan only the cities whose key shares the first letter; "St"/"Saint",
  // "Mt"/"Mount" and "Ft"/"Fort" share theirs, so no match is lost.
  const suggestionsByLetter = new Map<string, number[]>();
  suggestionKeys.forEach((key, index) => {
    const bucket = suggestionsByLetter.get(key[0] ?? "");
    if (bucket) bucket.push(index);
    else suggestionsByLetter.set(key[0] ?? "", [index]);
  });
  // Only queries that miss the city list need these, so the first such query builds them.
  let postOfficePlaces: Map<string, PostOfficePlace[]> | undefined;
  const { zips } = gazetteer;

  /** Index of the first ZIP code ≥ `digits` (ZIPs are sorted, so matches of a prefix follow it). */
  function firstZipAtOrAfter(digits: string): number {
    let low = 0;
    let high = zips.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((zips[middle]?.zip ?? "") < digits) low = middle + 1;
      else high = middle;
    }
    return low;
  }
  const findZip = (code: string) => {
    const zip = zips[firstZipAtOrAfter(code)];
    return zip?.zip === code ? zip : undefined;
  };

  const stateResult = (state: UsState): GeoResult => ({
    latitude: state.lat,
    longitude: state.lng,
    city: null,
    state: state.code,
    label: state.name,
    kind: "state",
  });
  const zipResult = (zip: ZipCode): GeoResult => ({
    latitude: zip.lat,
    longitude: zip.lng,
    city: zip.city,
    state: zip.state,
    label: zipLabel(zip),
    kind: "zip",
  });
  const placeResult = (name: string, state: string, latitude: number, longitude: number): GeoResult => ({
    latitude,
    longitude,
    city: name,
    state,
    label: cityLabel(name, state),
    kind: "city",
  });

  /** The largest place of that name, in `state` when given. */
  function findCity(nameKey: string, state?: UsState): GeoResult | null {
    const keys = [nameKey, CITY_NICKNAMES[nameKey]].filter((key): key is string => Boolean(key));
    const inState = (place: { state: string }) => !state || place.state === state.code;
    for (const key of keys) {
      const city = citiesByKey.get(key)?.find(inState);
      if (city) return placeResult(city.name, city.state, city.lat, city.lng);
    }
    postOfficePlaces ??= groupPostOfficePlaces(zips);
    for (const key of keys) {
      const place = postOfficePlaces.get(key)?.find(inState);
      if (place) return placeResult(place.name, place.state, place.latitude, place.longitude);
    }
    return null;
  }

  /** One comma-free part: a state, "City ST" / "City State", or a city alone. */
  function geocodeKey(key: string): GeoResult | null {
    const state = stateByKey.get(key);
    if (state) return stateResult(state);
    const tokens = key.split(" ");
    // State names have at most three words ("District of Columbia"); try the longest first.
    for (let words = Math.min(3, tokens.length - 1); words >= 1; words--) {
      const suffixState = stateByKey.get(tokens.slice(-words).join(" "));
      const city = suffixState && findCity(tokens.slice(0, -words).join(" "), suffixState);
      if (city) return city;
    }
    return findCity(key);
  }

  function geocode(query: string): GeoResult | null {
    if (query.length > MAX_QUERY_LENGTH) return null;
    let rest = query;
    const zipMatch = TRAILING_ZIP.exec(query);
    if (zipMatch?.[1]) {
      const zip = findZip(zipMatch[1]);
      if (zip) return zipResult(zip);
      // An unknown ZIP after "City, ST" should not hide the city.
      rest = query.slice(0, zipMatch.index);
    }
    const segments = rest
      .split(",")
      .map(placeKey)
      .filter((segment) => segment && !COUNTRY_KEY.test(segment));
    const last = segments.at(-1)?.replace(COUNTRY_SUFFIX, "");
    if (!last) return null;
    const previous = segments.at(-2);
    const state = stateByKey.get(last);
    // "…, City, ST": when the last part names a state, the part before it must be the city.
    if (previous && state) return findCity(previous, state);
    return geocodeKey(last);
  }

  function suggestCities(prefix: string, limit = DEFAULT_SUGGESTIONS): string[] {
    const words = placeWords(prefix);
    // The last word may still be being typed: "St. Lo" should offer "St. Louis, MO".
    const typed = words.pop();
    if (!typed || (words.length === 0 && typed.length < 2)) return [];
    const head = words.map(canonicalWord).join(" ");
    const labels: string[] = [];
    for (const i of suggestionsByLetter.get((head || typed)[0] ?? "") ?? []) {
      if (labels.length >= limit) break;
      const key = suggestionKeys[i] ?? "";
      if (head && !key.startsWith(`${head} `)) continue;
      const rest = head ? key.slice(head.length + 1) : key;
      const city = gazetteer.cities[i];
      if (city && wordStartsWith(rest.split(" ", 1)[0] ?? "", typed)) {
        labels.push(cityLabel(city.name, city.state));
      }
    }
    return labels;
  }

  function suggestZips(prefix: string, limit = DEFAULT_SUGGESTIONS): string[] {
    const digits = prefix.trim();
    if (!/^\d{2,5}$/.test(digits)) return [];
    const labels: string[] = [];
    for (let i = firstZipAtOrAfter(digits); i < zips.length && labels.length < limit; i++) {
      const zip = zips[i];
      if (!zip?.zip.startsWith(digits)) break;
      labels.push(zipLabel(zip));
    }
    return labels;
  }

  return { geocode, suggestCities, suggestZips };
}
