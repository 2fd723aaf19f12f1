/**
 * The manage page's data: the school (seeded by the page), its next four weeks (the same
 * query the admin's cancel dialogs use), its open feedback, and the writes that change them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../client/toast";
import type { CorrectFeedbackInput, SchoolFeedbackItem } from "../../common/schemas/feedback";
import type { OccurrenceView, ScheduleExceptionView } from "../../common/schemas/schedule-exceptions";
import { scheduleReviewTexts } from "../../common/schemas/schedule-review";
import type { SchoolView } from "../../common/schemas/school";
import { type ContactInput, manageTexts, type ScheduleSaveInput } from "../../common/schemas/school-manage";
import { cancellationKeys, occurrencesQueryOptions } from "../admin/cancellation-queries";
import { apiRequest } from "../lib/api";

export const manageKeys = {
  school: (id: number) => ["/api/schools", id] as const,
  feedback: (id: number) => ["/api/schools/feedback", id] as const,
};

const failed = (error: Error) =>
  showToast({ title: "Error", description: error.message, variant: "destructive" });

export function useSchool(initial: SchoolView) {
  return useQuery(
    queryOptions({
      queryKey: manageKeys.school(initial.id),
      queryFn: () => apiRequest<SchoolView>("GET", `/api/schools/${initial.id}`),
      initialData: initial,
    }),
  );
}

export const useOccurrences = (schoolId: number, initial: OccurrenceView[]) =>
  useQuery({ ...occurrencesQueryOptions(schoolId), initialData: initial });

/** After a change to the schedule or its exceptions: the school and its next four weeks again. */
function useRefresh(schoolId: number) {
  const client = useQueryClient();
  return (school?: SchoolView) => {
    if (school) client.setQueryData(manageKeys.school(schoolId), school);
    else void client.invalidateQueries({ queryKey: manageKeys.school(schoolId) });
    void client.invalidateQueries({ queryKey: cancellationKeys.occurrences(schoolId) });
  };
}

export function useSaveSchedule(schoolId: number) {
  const refresh = useRefresh(schoolId);
  return useMutation({
    mutationFn: (body: ScheduleSaveInput) =>
      apiRequest<{ school: SchoolView }>("PUT", `/api/schools/${schoolId}/schedule`, body),
    onSuccess: ({ school }) => {
      refresh(school);
      showToast({ title: manageTexts.scheduleSaved, description: school.dayAndTime });
    },
    onError: failed,
  });
}

/** Confirms the parser's reading of the gym's text as it is (the owner checked it). */
export function useConfirmReading(schoolId: number) {
  const refresh = useRefresh(schoolId);
  return useMutation({
    mutationFn: (dayAndTime: string) =>
      apiRequest("POST", `/api/admin/schools/${schoolId}/schedule/confirm`, { dayAndTime }),
    onSuccess: () => {
      refresh();
      showToast({ title: scheduleReviewTexts.confirmed });
    },
    onError: failed,
  });
}

export function useSaveContact(schoolId: number) {
  const refresh = useRefresh(schoolId);
  return useMutation({
    mutationFn: (body: ContactInput) =>
      apiRequest<{ school: SchoolView }>("PATCH", `/api/schools/${schoolId}/contact`, body),
    onSuccess: ({ school }) => {
      refresh(school);
      showToast({ title: manageTexts.contactSaved });
    },
    onError: failed,
  });
}

/** Cancel one open mat (`startMinute`) or close the day (null), or move one (`moveTo`). */
export interface ExceptionRequest {
  date: string;
  startMinute: number | null;
  reason: string;
  moveTo?: { date: string; start: number; end: number | null };
}

export function useAddException(schoolId: number) {
  const refresh = useRefresh(schoolId);
  return useMutation({
    mutationFn: ({ date, startMinute, reason, moveTo }: ExceptionRequest) =>
      apiRequest<ScheduleExceptionView>("POST", `/api/schools/${schoolId}/exceptions`, {
        date,
        ...(startMinute === null ? {} : { startMinute }),
        reason,
        ...(moveTo
          ? {
              moveTo: {
                date: moveTo.date,
                start: moveTo.start,
                ...(moveTo.end === null ? {} : { end: moveTo.end }),
              },
            }
          : {}),
      }),
    onSuccess: (_data, input) => {
      refresh();
      showToast({
        title: input.moveTo
          ? "Open mat moved"
          : input.startMinute === null
            ? "Day closed"
            : "Open mat cancelled",
      });
    },
    onError: failed,
  });
}

/** Restore a cancelled open mat or a closed day, or move a moved one back. */
export function useRestore(schoolId: number) {
  const refresh = useRefresh(schoolId);
  return useMutation({
    mutationFn: (exception: { id: number; moved: boolean }) =>
      apiRequest("DELETE", `/api/schools/${schoolId}/exceptions/${exception.id}`),
    onSuccess: (_data, exception) => {
      refresh();
      showToast({ title: exception.moved ? "Open mat moved back" : "Open mat restored" });
    },
    onError: failed,
  });
}

export const useSchoolFeedback = (schoolId: number, initial: SchoolFeedbackItem[] | null) =>
  useQuery(
    queryOptions({
      queryKey: manageKeys.feedback(schoolId),
      queryFn: async () =>
        (await apiRequest<{ feedback: SchoolFeedbackItem[] }>("GET", `/api/schools/${schoolId}/feedback`))
          .feedback,
      ...(initial ? { initialData: initial } : {}),
    }),
  );

export type FeedbackDecision = { kind: "apply"; correction: CorrectFeedbackInput } | { kind: "dismiss" };

/** Apply an item as a correction of the school, or dismiss it; either way it leaves the list. */
export function useDecideSchoolFeedback(item: SchoolFeedbackItem) {
  const client = useQueryClient();
  const refresh = useRefresh(item.schoolId);
  return useMutation({
    mutationFn: (decision: FeedbackDecision) =>
      decision.kind === "apply"
        ? apiRequest("POST", `/api/schools/${item.schoolId}/feedback/${item.id}/apply`, decision.correction)
        : apiRequest("POST", `/api/schools/${item.schoolId}/feedback/${item.id}/dismiss`),
    onSuccess: (_data, decision) => {
      client.setQueryData<SchoolFeedbackItem[]>(manageKeys.feedback(item.schoolId), (list) =>
        list?.filter((f) => f.id !== item.id),
      );
      void client.invalidateQueries({ queryKey: manageKeys.feedback(item.schoolId) });
      if (decision.kind === "apply") refresh();
      showToast({ title: decision.kind === "apply" ? "School corrected" : "Feedback dismissed" });
    },
    onError: failed,
  });
}
