import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";
import { type HomeRow, type PinsBody, rowsFromPins } from "../school-api";

export const pinsKey = ["/api/schools/pins"] as const;

export async function fetchPins(): Promise<HomeRow[]> {
  return rowsFromPins(await apiRequest<PinsBody>("GET", "/api/schools/pins"));
}

/** Every school, for the map; only asked for after the list has painted. */
export function usePins(enabled: boolean) {
  return useQuery({ queryKey: pinsKey, queryFn: fetchPins, enabled });
}
