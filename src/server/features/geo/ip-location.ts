import {
  GEO_FORMAT_VERSION,
  IP_PLACES_FILE,
  IP_RANGES_FILE,
  IP_RANGES_HEADER_BYTES,
  type IpPlacesFile,
} from "./data-format";
import { geoDataRoot, readGeoBinary, readGeoJson } from "./data-root";

/** Roughly where an IP address is: a city-sized guess, good for centring a map, no more. */
export interface IpLocation {
  latitude: number;
  longitude: number;
  city: string | null;
  /** USPS state code. */
  region: string;
}

export interface IpRangeTable {
  /** Ascending range starts; a range ends where the next begins. */
  starts: Uint32Array;
  /** Per range: 0 for "no US place", else 1 + an index into `places`. */
  placeNumbers: Uint16Array;
  places: IpLocation[];
}

/** Dotted-quad IPv4, or IPv4 written as IPv6 ("::ffff:192.0.2.1"), as a number; else null. */
export function parseIpv4(ip: string): number | null {
  const dotted = ip.trim().replace(/^::ffff:/i, "");
  const parts = dotted.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** [first address, prefix length] of IPv4 blocks that never locate a visitor (RFC 6890 and friends). */
const NON_PUBLIC_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 3], // multicast, reserved and broadcast (224/4 and 240/4)
];
const nonPublicRanges = NON_PUBLIC_IPV4.map(([first, bits]) => {
  const start = parseIpv4(first) ?? 0;
  return [start, start + 2 ** (32 - bits) - 1] as const;
});

export const isPublicIpv4 = (address: number) =>
  !nonPublicRanges.some(([first, last]) => address >= first && address <= last);

/** The place of `ip`, or null for IPv6 (the data has none), non-public and non-US addresses. */
export function locateIp(table: IpRangeTable, ip: string): IpLocation | null {
  const address = parseIpv4(ip);
  if (address === null || !isPublicIpv4(address)) return null;
  // Binary search for the last range that starts at or before the address.
  let low = 0;
  let high = table.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((table.starts[middle] ?? 0) <= address) low = middle;
    else high = middle - 1;
  }
  const placeNumber = table.placeNumbers[low] ?? 0;
  return placeNumber ? (table.places[placeNumber - 1] ?? null) : null;
}

export function loadIpRangeTable(root = geoDataRoot()): IpRangeTable {
  const ranges = readGeoBinary(root, IP_RANGES_FILE);
  const [format, count = 0] = new Uint32Array(ranges, 0, 2);
  if (format !== GEO_FORMAT_VERSION)
    throw new Error(`${IP_RANGES_FILE} has format ${format}: rebuild the geo data`);
  const places = readGeoJson<IpPlacesFile>(root, IP_PLACES_FILE);
  return {
    starts: new Uint32Array(ranges, IP_RANGES_HEADER_BYTES, count),
    placeNumbers: new Uint16Array(ranges, IP_RANGES_HEADER_BYTES + count * 4, count),
    places: places.city.map((city, i) => ({
      latitude: places.lat[i] ?? 0,
      longitude: places.lng[i] ?? 0,
      city,
      region: places.state[i] ?? "",
    })),
  };
}

let defaultTable: IpRangeTable | undefined;

/** lookupIp against the geo build, which is read on the first call (about 6 MB). */
export function lookupIp(ip: string): IpLocation | null {
  defaultTable ??= loadIpRangeTable();
  return locateIp(defaultTable, ip);
}
