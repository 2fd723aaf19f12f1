import type { Logger } from "../../log";
import type { SchoolGeocoder } from "../schools/service";
import { loadGazetteer } from "./gazetteer";
import { createGeocoder } from "./geocoder";
import { createOfflineGeocoder } from "./offline-geocoder";

/** The geography the app runs on: the gazetteer and the geocoder that search uses. */
export function createGeoServices(geocoderUrl: string, logger: Logger) {
  const gazetteer = loadGazetteer();
  const offline = createOfflineGeocoder(gazetteer);
  const geocoder = createGeocoder({
    offline,
    url: geocoderUrl || undefined,
    onRemoteError: (error) =>
      logger.warn("remote geocoder failed; used offline data", { error: String(error) }),
  });
  const schoolGeocoder: SchoolGeocoder = {
    geocode: (query) => geocoder.geocode(query),
    suggestPlaces: (prefix, limit) =>
      /^\d/.test(prefix.trim()) ? offline.suggestZips(prefix, limit) : offline.suggestCities(prefix, limit),
  };
  return { gazetteer, schoolGeocoder };
}
