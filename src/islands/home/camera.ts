import { CITY_ZOOM, type HomeScreenProps } from "../../common/home";

/** Where the map should look; the same shape SchoolMap takes. */
export type Camera =
  | { kind: "us" }
  | { kind: "point"; lat: number; lng: number; zoom: number }
  | { kind: "fit"; points: { lat: number; lng: number }[] };

type SearchResult = NonNullable<HomeScreenProps["search"]>;

/**
 * Spec §9 "City search zoom; max zoom after fitting results": results are fitted (the map
 * caps the zoom at 15), so the map shows the same set as the list; a radius search (a city
 * or ZIP) keeps the searched place in the frame too. A place with no results is shown at
 * city zoom. At zoom 12 alone, most of a 40-mile radius would be off screen.
 */
export function cameraForSearch(result: SearchResult): Camera {
  const { location, schools } = result;
  const place = location && { lat: location.latitude, lng: location.longitude };
  if (schools.length > 0) {
    const points = schools.map((s) => ({ lat: s.latitude, lng: s.longitude }));
    return { kind: "fit", points: result.strategy === "radius" && place ? [place, ...points] : points };
  }
  if (place) return { kind: "point", ...place, zoom: CITY_ZOOM };
  return { kind: "us" };
}
