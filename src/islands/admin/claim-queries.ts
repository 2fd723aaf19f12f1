import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../client/toast";
import type { AdminClaimView, ClaimView } from "../../common/schemas/claims";
import { apiRequest } from "../lib/api";
import { adminKeys } from "./queries";

export const claimKeys = { list: ["/api/admin/claims"] as const };

/** The pending claims, oldest first; loaded when the Claims tab is first opened. */
export const claimsQueryOptions = () =>
  queryOptions({
    queryKey: claimKeys.list,
    queryFn: async () => (await apiRequest<{ claims: AdminClaimView[] }>("GET", "/api/admin/claims")).claims,
    staleTime: Number.POSITIVE_INFINITY,
  });

export type ClaimDecision = { kind: "approve" } | { kind: "reject"; reason: string };

/**
 * Approve or reject one claim. It leaves the list either way (decided here or, a moment
 * before, by another admin: the answer says which) and the audit log is asked again; a
 * failure toasts the server's text.
 */
export function useDecideClaim(claim: AdminClaimView) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ClaimDecision) =>
      decision.kind === "approve"
        ? apiRequest<ClaimView>("POST", `/api/admin/claims/${claim.id}/approve`)
        : apiRequest<ClaimView>("POST", `/api/admin/claims/${claim.id}/reject`, { reason: decision.reason }),
    onSuccess: (answer) => {
      client.setQueryData<AdminClaimView[]>(claimKeys.list, (list) => list?.filter((c) => c.id !== claim.id));
      void client.invalidateQueries({ queryKey: adminKeys.audit });
      showToast({
        title: answer.status === "approved" ? "Claim approved" : "Claim rejected",
        description: `@${claim.member.username} for ${claim.school.gym}`,
      });
    },
    onError: (error) => {
      showToast({ title: "Error", description: error.message, variant: "destructive" });
    },
  });
}
