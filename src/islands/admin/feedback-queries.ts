import { useMutation, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../client/toast";
import type { CorrectFeedbackInput } from "../../common/schemas/feedback";
import { apiRequest } from "../lib/api";
import { adminKeys } from "./queries";
import type { FeedbackEntry } from "./types";

export type FeedbackDecision = { kind: "apply"; correction: CorrectFeedbackInput } | { kind: "dismiss" };

const done = { apply: "School corrected", dismiss: "Feedback dismissed" } as const;

/**
 * Apply one feedback item as a correction of its school, or dismiss it. Success toasts and
 * asks the list again (other items of the same school show its new fields) with the audit
 * log; a failure (409 decided, 422 address, 400 fields) toasts the server's text.
 */
export function useDecideFeedback(entry: FeedbackEntry) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: FeedbackDecision) =>
      decision.kind === "apply"
        ? apiRequest("POST", `/api/admin/feedback/${entry.id}/apply`, decision.correction)
        : apiRequest("POST", `/api/admin/feedback/${entry.id}/dismiss`),
    onSuccess: (_data, decision) => {
      client.setQueryData<FeedbackEntry[]>(adminKeys.feedback, (list) =>
        list?.map((f) =>
          f.id === entry.id ? { ...f, status: decision.kind === "apply" ? "applied" : "dismissed" } : f,
        ),
      );
      void client.invalidateQueries({ queryKey: adminKeys.feedback });
      void client.invalidateQueries({ queryKey: adminKeys.audit });
      showToast({ title: done[decision.kind], description: entry.schoolName });
    },
    onError: (error) => {
      showToast({ title: "Error", description: error.message, variant: "destructive" });
    },
  });
}
