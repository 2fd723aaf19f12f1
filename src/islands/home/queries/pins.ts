import { useQuery } from "@tanstack/react-query";
import { PinsMismatch } from "../../../common/pins-codec";
import { ApiError } from "../../lib/api";
import { type HomeRow, rowsFromPins } from "../school-api";

export const pinsKey = ["/api/schools/pins"] as const;
const PINS_PATH = "/api/schools/pins";
const NAMES_PATH = "/api/schools/pins/names";
/** A school changed between the two fetches at most this many times in a row before it gives up. */
const TRIES = 3;

async function fetched(path: string): Promise<Response> {
  const res = await fetch(path, { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}

/**
 * Every school, from the compact binary pins and their names, fetched at once (not JSON
 * through apiRequest): the rows come back only with both, so the map and the list never
 * show a school without its name. Two bodies of different versions are fetched again.
 */
export async function fetchPins(): Promise<HomeRow[]> {
  for (let attempt = 1; ; attempt++) {
    const [pins, names] = await Promise.all([fetched(PINS_PATH), fetched(NAMES_PATH)]);
    const [body, text] = await Promise.all([pins.arrayBuffer(), names.text()]);
    try {
      return rowsFromPins(new Uint8Array(body), text);
    } catch (error) {
      if (!(error instanceof PinsMismatch) || attempt >= TRIES) throw error;
    }
  }
}

/** Every school, for the map; only asked for after the list has painted. */
export function usePins(enabled: boolean) {
  return useQuery({ queryKey: pinsKey, queryFn: fetchPins, enabled });
}
