import { useMutation } from "@tanstack/react-query";
import type { BlockState } from "../../../common/schemas/users";
import { apiRequest } from "../../lib/api";

/** POST /api/users/block: the member can no longer see or reach the viewer, nor the viewer them. */
export const blockUser = (userId: number) => apiRequest<BlockState>("POST", "/api/users/block", { userId });

export function useBlockUser(userId: number) {
  return useMutation({ mutationKey: ["block", userId], mutationFn: () => blockUser(userId) });
}
