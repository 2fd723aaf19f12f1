import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { UserSearchResult } from "../../../common/schemas/users";
import { apiRequest } from "../../lib/api";

/** Keys for GET /api/users/search; follows invalidate `all`, since results carry isFollowing. */
export const userSearchKeys = {
  all: ["/api/users/search"] as const,
  query: (q: string) => ["/api/users/search", q] as const,
};

export function fetchUserSearch(q: string): Promise<UserSearchResult[]> {
  return apiRequest<UserSearchResult[]>("GET", `/api/users/search?q=${encodeURIComponent(q)}`);
}

export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: userSearchKeys.query(q),
    queryFn: () => fetchUserSearch(q),
    enabled: q.length > 0,
    // Spec §7: never stale by time; a follow or unfollow invalidates them (results carry isFollowing).
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `q` is the debounced, trimmed text; the list keeps the previous answer while the next loads. */
export function useUserSearch(q: string) {
  return useQuery({ ...userSearchQueryOptions(q), placeholderData: keepPreviousData });
}
