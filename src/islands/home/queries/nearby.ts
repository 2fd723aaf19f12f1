import { useQuery } from "@tanstack/react-query";
import { INITIAL_LIST_SIZE, toSchoolSummary } from "../../../common/home";
import { apiRequest } from "../../lib/api";
import { type ApiSchool, type HomeRow, rowFromSummary } from "../school-api";

type Point = { lat: number; lng: number };

// Rounded so that a jittery GPS fix does not refetch for a few metres.
export const nearbyKey = (p: Point) => ["/api/schools/nearby", p.lat.toFixed(3), p.lng.toFixed(3)] as const;

export async function fetchNearby(p: Point): Promise<HomeRow[]> {
  const params = new URLSearchParams({
    lat: String(p.lat),
    lng: String(p.lng),
    limit: String(INITIAL_LIST_SIZE),
  });
  const body = await apiRequest<{ schools: ApiSchool[] }>("GET", `/api/schools/nearby?${params}`);
  return body.schools.map((s) => rowFromSummary(toSchoolSummary(s)));
}

/** The schools nearest the visitor, nearest first. Not counted against the search quota. */
export function useNearby(point: Point | null) {
  return useQuery({
    queryKey: nearbyKey(point ?? { lat: 0, lng: 0 }),
    queryFn: () => fetchNearby(point ?? { lat: 0, lng: 0 }),
    enabled: point !== null,
  });
}
