import type { QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "../lib/query-client";

let browserClient: QueryClient | undefined;

/**
 * One QueryClient per page, shared by every member island on it (architecture: "one client
 * data layer"): the islands hydrate separately but import this module from one shared chunk,
 * so a follow in one island is seen by the others. On the server each render gets its own,
 * so no request ever sees another's cache.
 */
export function pageQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Tests start each case with an empty page cache. */
export function resetPageQueryClient() {
  browserClient?.clear();
  browserClient = undefined;
}
