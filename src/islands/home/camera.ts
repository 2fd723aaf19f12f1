import { CITY_ZOOM, type HomeScreenProps } from "../../common/home";

/** Where the map should look; the same shape SchoolMap takes. */
export type Camera =
  | { kind: "us" }
  | { kind: "point"; lat: number; lng: number; zoom: number }
  | { kind: "fit"; points: { lat: number; lng: number }[] };

type SearchResult = NonNullable<HomeScreenProps["search"]>;

/**
 * Spec §9 "City search zoom; max zoom after fitting results": a city or ZIP (a radius search)
 * centres on the place at city zoom; other results are fitted (the map caps the zoom).
 */
export function cameraForSearch(result: SearchResult): Camera {
  const { location, schools } = result;
  if (result.strategy === "radius" && location) {
    return { kind: "point", lat: location.latitude, lng: location.longitude, zoom: CITY_ZOOM };
  }
  if (schools.length > 0) {
    return { kind: "fit", points: schools.map((s) => ({ lat: s.latitude, lng: s.longitude })) };
  }
  if (location) return { kind: "point", lat: location.latitude, lng: location.longitude, zoom: CITY_ZOOM };
  return { kind: "us" };
}
