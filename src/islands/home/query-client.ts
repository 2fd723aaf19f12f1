import type { QueryClient } from "@tanstack/react-query";
import type { HomeScreenProps } from "../../common/home";
import { createQueryClient } from "../lib/query-client";
import { favoritesKey } from "./queries/favorites";
import { emptySearch, searchKey } from "./queries/search";

/**
 * The spec's fetching defaults (createQueryClient). The cache is seeded with the server's props, so hydrating fetches nothing and a
 * counted search is never run twice.
 */
export function makeQueryClient(props: HomeScreenProps): QueryClient {
  const client = createQueryClient();
  const { query } = props;
  // A refused search (daily limit) shows as an empty result, not as a second try.
  if (query.search && (props.search || props.searchLimit)) {
    client.setQueryData(searchKey(query.search), props.search ?? emptySearch);
  }
  if (props.viewer) client.setQueryData(favoritesKey, props.favoriteIds);
  return client;
}
