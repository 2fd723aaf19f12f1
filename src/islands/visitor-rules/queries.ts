import { useMutation, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../client/toast";
import type { SchoolView } from "../../common/schemas/school";
import { type VisitorRulesInput, visitorRuleTexts } from "../../common/schemas/visitor-rules";
import { apiRequest } from "../lib/api";
import { manageKeys } from "../manage/manage-queries";

/** PUT /api/schools/{id}/visitor-rules; the answer is the school's new view, kept for the page. */
export function useSaveVisitorRules(schoolId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitorRulesInput) =>
      apiRequest<SchoolView>("PUT", `/api/schools/${schoolId}/visitor-rules`, body),
    onSuccess: (school) => {
      client.setQueryData(manageKeys.school(schoolId), school);
      showToast({ title: visitorRuleTexts.saved });
    },
    onError: (error: Error) =>
      showToast({ title: "Error", description: error.message, variant: "destructive" }),
  });
}
