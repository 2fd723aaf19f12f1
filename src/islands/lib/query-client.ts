import { QueryClient } from "@tanstack/react-query";

/** Spec §7 "Fetching defaults": no retries, no refetch on focus or reconnect, never stale by time. */
export function createQueryClient(): QueryClient {
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
