import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../lib/api";
import { type HomeRow, rowsFromPins } from "../school-api";

export const pinsKey = ["/api/schools/pins"] as const;
const PINS_PATH = "/api/schools/pins";

/** Every school, from the compact binary body (not JSON, so not through apiRequest). */
export async function fetchPins(): Promise<HomeRow[]> {
  const res = await fetch(PINS_PATH, { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${(await res.text()) || res.statusText}`);
  return rowsFromPins(new Uint8Array(await res.arrayBuffer()));
}

/** Every school, for the map; only asked for after the list has painted. */
export function usePins(enabled: boolean) {
  return useQuery({ queryKey: pinsKey, queryFn: fetchPins, enabled });
}
