import { QueryClient } from "@tanstack/react-query";
import type { HomeScreenProps } from "../../common/home";
import { favoritesKey } from "./queries/favorites";
import { emptySearch, searchKey } from "./queries/search";

/**
 * Spec §7 "Fetching defaults": no retries, no refetch on focus or reconnect, never stale
 * by time. The cache is seeded with the server's props, so hydrating fetches nothing and a
 * counted search is never run twice.
 */
export function makeQueryClient(props: HomeScreenProps): QueryClient {
  const client = new QueryClient({
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
  const { query } = props;
  // A refused search (daily limit) shows as an empty result, not as a second try.
  if (query.search && (props.search || props.searchLimit)) {
    client.setQueryData(searchKey(query.search), props.search ?? emptySearch);
  }
  if (props.viewer) client.setQueryData(favoritesKey, props.favoriteIds);
  return client;
}
