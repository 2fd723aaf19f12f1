import { QueryClient } from "@tanstack/react-query";

/** Spec §7 "Fetching defaults": no retries, no refetch on focus or reconnect, never stale by time. */
export function makeMemberQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: true,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * One QueryClient per page, shared by every member island on it (architecture: "one client
 * data layer"): the islands hydrate separately but import this module from one shared chunk,
 * so a follow in one island is seen by the others. On the server each render gets its own,
 * so no request ever sees another's cache.
 */
export function pageQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeMemberQueryClient();
  browserClient ??= makeMemberQueryClient();
  return browserClient;
}

/** Tests start each case with an empty page cache. */
export function resetPageQueryClient() {
  browserClient?.clear();
  browserClient = undefined;
}
