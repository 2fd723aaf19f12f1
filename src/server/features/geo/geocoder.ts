import type { GeoKind, GeoResult, OfflineGeocoder } from "./offline-geocoder";

export {
  createOfflineGeocoder,
  type GeoKind,
  type GeoResult,
  type OfflineGeocoder,
} from "./offline-geocoder";

export interface Geocoder {
  geocode(query: string): Promise<GeoResult | null>;
}

export interface GeocoderOptions {
  offline: OfflineGeocoder;
  /** A Nominatim-compatible /search endpoint (GEOCODER_URL); without it only the offline data answers. */
  url?: string;
  /** How long to wait for the remote geocoder before answering from the offline data. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Told why the remote geocoder gave no answer, so an operator can see a broken GEOCODER_URL. */
  onRemoteError?: (error: unknown) => void;
}

export const DEFAULT_GEOCODER_TIMEOUT_MS = 3000;

/** "1100 Congress Ave…": a house number, then words. Only a remote geocoder knows streets. */
const STREET_ADDRESS = /^\s*\d+[a-z]?\s+[a-z]/i;

/** The fields of a Nominatim jsonv2 result that we read. */
interface NominatimPlace {
  lat?: string;
  lon?: string;
  display_name?: string;
  addresstype?: string;
  address?: Record<string, string | undefined>;
}

const KIND_BY_ADDRESS_TYPE: Record<string, GeoKind> = {
  city: "city",
  town: "city",
  village: "city",
  hamlet: "city",
  municipality: "city",
  state: "state",
  postcode: "zip",
};

function toGeoResult(place: NominatimPlace): GeoResult | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const address = place.address ?? {};
  const city = address.city ?? address.town ?? address.village ?? address.hamlet ?? null;
  // "US-TX" → "TX"; Nominatim gives the ISO 3166-2 code of the state this way.
  const state = address["ISO3166-2-lvl4"]?.replace(/^US-/, "") ?? null;
  return {
    latitude,
    longitude,
    city,
    state,
    label:
      (place.display_name ?? "").replace(/, United States$/, "") || [city, state].filter(Boolean).join(", "),
    kind: KIND_BY_ADDRESS_TYPE[place.addresstype ?? ""] ?? "address",
  };
}

/**
 * Street addresses go to GEOCODER_URL first; ZIPs, cities and states are answered from
 * the offline data first (exact and instant), and the remote one is asked only when that
 * finds nothing. A remote timeout, error or empty answer falls back to the offline data.
 */
export function createGeocoder({
  offline,
  url,
  timeoutMs = DEFAULT_GEOCODER_TIMEOUT_MS,
  fetch = globalThis.fetch,
  onRemoteError,
}: GeocoderOptions): Geocoder {
  async function searchRemote(remoteUrl: string, query: string): Promise<GeoResult | null> {
    const request = new URL(remoteUrl);
    request.searchParams.set("q", query);
    request.searchParams.set("format", "jsonv2");
    request.searchParams.set("addressdetails", "1");
    request.searchParams.set("countrycodes", "us");
    request.searchParams.set("limit", "1");
    try {
      const response = await fetch(request, {
        // Nominatim's usage policy asks every client to name itself.
        headers: { Accept: "application/json", "User-Agent": "OpenMat (self-hosted open mat finder)" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`geocoder answered HTTP ${response.status}`);
      const places = (await response.json()) as unknown;
      const [first] = Array.isArray(places) ? (places as NominatimPlace[]) : [];
      return first ? toGeoResult(first) : null;
    } catch (error) {
      onRemoteError?.(error);
      return null;
    }
  }

  async function geocode(query: string): Promise<GeoResult | null> {
    if (!url || !query.trim()) return offline.geocode(query);
    if (STREET_ADDRESS.test(query)) return (await searchRemote(url, query)) ?? offline.geocode(query);
    return offline.geocode(query) ?? searchRemote(url, query);
  }

  return { geocode };
}
