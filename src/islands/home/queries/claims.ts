import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClaimView, ViewerOwnership } from "../../../common/schemas/claims";
import { apiRequest } from "../../lib/api";

export const ownershipKey = (schoolId: number) => ["/api/schools/owners/me", schoolId] as const;

/**
 * Whether the signed-in viewer may manage the school, and their open claim: asked after the
 * page hydrates, so no page a guest may be served carries it. Nothing is asked for a guest.
 */
export function useOwnership(schoolId: number, signedIn: boolean) {
  return useQuery({
    queryKey: ownershipKey(schoolId),
    queryFn: () => apiRequest<ViewerOwnership>("GET", `/api/schools/${schoolId}/owners/me`),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** `POST /api/schools/{id}/claims {message}`; the answer is written into the ownership query. */
export function useClaim(schoolId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<ClaimView>("POST", `/api/schools/${schoolId}/claims`, { message }),
    onSuccess: (claim) => {
      client.setQueryData<ViewerOwnership>(ownershipKey(schoolId), (known) =>
        claim.status === "approved"
          ? { owner: true, manage: true, claim: null }
          : {
              owner: known?.owner ?? false,
              manage: known?.manage ?? false,
              claim:
                claim.status === "pending"
                  ? { id: claim.id, status: "pending", createdAt: claim.createdAt }
                  : null,
            },
      );
    },
  });
}
