import type { Logger } from "../../log";
import type { SchoolGeocoder } from "../schools/service";
import { type Gazetteer, loadGazetteer } from "./gazetteer";
import { createGeocoder, type Geocoder } from "./geocoder";
import { createOfflineGeocoder, type OfflineGeocoder } from "./offline-geocoder";

// What other features may use of geo: they import this file only.
export type { Gazetteer } from "./gazetteer";
export { lookupIp } from "./ip-location";
export type { GeoResult } from "./offline-geocoder";
export { timeZoneAt } from "./time-zone";

/**
 * The geography the app runs on. Loading the gazetteer and building its indexes takes
 * tens of milliseconds and tens of megabytes, so it happens on the first search or
 * suggestion, never at start.
 */
export function createGeoServices(geocoderUrl: string, logger: Logger) {
  let loaded: { gazetteer: Gazetteer; offline: OfflineGeocoder; geocoder: Geocoder } | undefined;
  const load = () => {
    if (!loaded) {
      const gazetteer = loadGazetteer();
      const offline = createOfflineGeocoder(gazetteer);
      const geocoder = createGeocoder({
        offline,
        url: geocoderUrl || undefined,
        onRemoteError: (error) =>
          logger.warn("remote geocoder failed; used offline data", { error: String(error) }),
      });
      loaded = { gazetteer, offline, geocoder };
    }
    return loaded;
  };
  const schoolGeocoder: SchoolGeocoder = {
    geocode: (query) => load().geocoder.geocode(query),
    suggestPlaces: (prefix, limit) =>
      /^\d/.test(prefix.trim())
        ? load().offline.suggestZips(prefix, limit)
        : load().offline.suggestCities(prefix, limit),
  };
  return { cities: () => load().gazetteer.cities, schoolGeocoder };
}
