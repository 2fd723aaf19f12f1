import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Friend } from "../../../common/schemas/users";
import { apiRequest } from "../../lib/api";

/** Keys for GET /api/users/friends (the members the viewer follows). */
export const friendsKeys = {
  all: ["/api/users/friends"] as const,
};

export const fetchFriends = () => apiRequest<Friend[]>("GET", "/api/users/friends");

export const friendsQueryOptions = () => queryOptions({ queryKey: friendsKeys.all, queryFn: fetchFriends });

/** Loaded when the See Friends dialog opens; refreshed after every follow or unfollow. */
export function useFriends(enabled: boolean) {
  return useQuery({ ...friendsQueryOptions(), enabled });
}
