import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../../client/toast";
import { type FollowState, userMessages } from "../../../common/schemas/users";
import { apiRequest, failureText } from "../../lib/api";
import { friendsKeys } from "./friends";
import { userSearchKeys } from "./search";

/** Keys for GET /api/users/follow-status/{userId}. */
export const followKeys = {
  all: ["/api/users/follow-status"] as const,
  status: (userId: number) => ["/api/users/follow-status", userId] as const,
};

export const fetchFollowStatus = (userId: number) =>
  apiRequest<boolean>("GET", `/api/users/follow-status/${userId}`);

export const followStatusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: followKeys.status(userId),
    queryFn: () => fetchFollowStatus(userId),
    // Seeded by the page; a follow or unfollow sets it from the server's answer.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether the viewer follows `userId`, starting from what the page rendered. */
export function useFollowStatus(userId: number, initial: boolean) {
  return useQuery({ ...followStatusQueryOptions(userId), initialData: initial });
}

export async function setFollowing(userId: number, follow: boolean): Promise<FollowState> {
  const answer = follow
    ? await apiRequest<Partial<FollowState>>("POST", "/api/users/follow", { followingId: userId })
    : await apiRequest<Partial<FollowState>>("DELETE", `/api/users/unfollow/${userId}`);
  return { isFollowing: typeof answer.isFollowing === "boolean" ? answer.isFollowing : follow };
}

/**
 * Spec §4 Follow/unfollow: isFollowing flips when the server agrees, and the friends list
 * (and any search results, which carry isFollowing) is refreshed after both. §8 toasts on failure.
 */
export function useFollowToggle(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ["follow", userId],
    mutationFn: (follow: boolean) => setFollowing(userId, follow),
    onSuccess: ({ isFollowing }) => {
      client.setQueryData(followKeys.status(userId), isFollowing);
      void client.invalidateQueries({ queryKey: friendsKeys.all });
      void client.invalidateQueries({ queryKey: userSearchKeys.all });
    },
    onError: (error, follow) => {
      showToast({
        title: "Error",
        description: failureText(error, follow ? userMessages.followFailed : userMessages.unfollowFailed),
        variant: "destructive",
      });
    },
  });
}
