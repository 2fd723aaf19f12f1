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

/** Pins fetched ahead, for at most this long: past it the map asks again. */
const WARM_FOR_MS = 60_000;
let warm: { rows: Promise<HomeRow[]>; at: number } | undefined;

/**
 * Fetches and decodes every pin ahead of need (once the page is idle), outside React: no
 * re-render of the screen until the map or a filter asks for them, and then they are here.
 */
export function warmPins(): void {
  if (warm && Date.now() - warm.at < WARM_FOR_MS) return;
  const rows = fetchPins();
  rows.catch(() => {
    if (warm?.rows === rows) warm = undefined;
  });
  warm = { rows, at: Date.now() };
}

function pinsOnce(): Promise<HomeRow[]> {
  const kept = warm && Date.now() - warm.at < WARM_FOR_MS ? warm.rows : undefined;
  warm = undefined;
  return kept ?? fetchPins();
}

/** Every school, for the map and the filters over every school; asked for when they show them. */
export function usePins(enabled: boolean) {
  return useQuery({ queryKey: pinsKey, queryFn: pinsOnce, enabled });
}
