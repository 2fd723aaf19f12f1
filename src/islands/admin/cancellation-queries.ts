import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../client/toast";
import type {
  AdminExceptionView,
  ExceptionSchoolChoice,
  MoveTarget,
  OccurrenceView,
  ScheduleExceptionView,
} from "../../common/schemas/schedule-exceptions";
import { apiRequest } from "../lib/api";
import { adminKeys } from "./queries";

export const cancellationKeys = {
  list: ["/api/admin/schedule-exceptions"] as const,
  schools: (q: string) => ["/api/admin/schedule-exceptions/schools", q] as const,
  occurrences: (schoolId: number) => ["/api/schools/occurrences", schoolId] as const,
};

export const cancellationsQueryOptions = () =>
  queryOptions({
    queryKey: cancellationKeys.list,
    queryFn: async () =>
      (await apiRequest<{ exceptions: AdminExceptionView[] }>("GET", "/api/admin/schedule-exceptions"))
        .exceptions,
  });

export const schoolChoicesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: cancellationKeys.schools(q),
    queryFn: async () =>
      (
        await apiRequest<{ schools: ExceptionSchoolChoice[] }>(
          "GET",
          `/api/admin/schedule-exceptions/schools?q=${encodeURIComponent(q)}`,
        )
      ).schools,
    enabled: q.trim().length >= 2,
  });

/** The school's next four weeks, to pick the open mat (or the day) to cancel. */
export const occurrencesQueryOptions = (schoolId: number | null) =>
  queryOptions({
    queryKey: cancellationKeys.occurrences(schoolId ?? 0),
    queryFn: async () =>
      (await apiRequest<{ occurrences: OccurrenceView[] }>("GET", `/api/schools/${schoolId}/occurrences`))
        .occurrences,
    enabled: schoolId !== null,
  });

const refresh = (client: ReturnType<typeof useQueryClient>, schoolId: number) => {
  void client.invalidateQueries({ queryKey: cancellationKeys.list });
  void client.invalidateQueries({ queryKey: cancellationKeys.occurrences(schoolId) });
  void client.invalidateQueries({ queryKey: adminKeys.audit });
};

export interface CancelInput {
  schoolId: number;
  gym: string;
  date: string;
  startMinute: number | null;
  reason: string;
}

/** Cancel an open mat (or a whole day); a failure toasts the server's text. */
export function useCancelOpenMat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, date, startMinute, reason }: CancelInput) =>
      apiRequest<ScheduleExceptionView>("POST", `/api/schools/${schoolId}/exceptions`, {
        date,
        ...(startMinute === null ? {} : { startMinute }),
        reason,
      }),
    onSuccess: (_data, input) => {
      refresh(client, input.schoolId);
      showToast({ title: "Open mat cancelled", description: input.gym });
    },
    onError: (error) => showToast({ title: "Error", description: error.message, variant: "destructive" }),
  });
}

export interface MoveInput {
  schoolId: number;
  gym: string;
  date: string;
  startMinute: number;
  reason: string;
  moveTo: MoveTarget;
}

/** Move an open mat to another date or time; a failure toasts the server's text. */
export function useMoveOpenMat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, date, startMinute, reason, moveTo }: MoveInput) =>
      apiRequest<ScheduleExceptionView>("POST", `/api/schools/${schoolId}/exceptions`, {
        date,
        startMinute,
        reason,
        moveTo: {
          date: moveTo.date,
          start: moveTo.start,
          ...(moveTo.end === null ? {} : { end: moveTo.end }),
        },
      }),
    onSuccess: (_data, input) => {
      refresh(client, input.schoolId);
      showToast({ title: "Open mat moved", description: input.gym });
    },
    onError: (error) => showToast({ title: "Error", description: error.message, variant: "destructive" }),
  });
}

/** Restore a cancelled open mat (or move a moved one back); it leaves the list. */
export function useRestoreOpenMat(exception: AdminExceptionView) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/schools/${exception.schoolId}/exceptions/${exception.id}`),
    onSuccess: () => {
      client.setQueryData<AdminExceptionView[]>(cancellationKeys.list, (list) =>
        list?.filter((e) => e.id !== exception.id),
      );
      refresh(client, exception.schoolId);
      showToast({
        title: exception.moveTo ? "Open mat moved back" : "Open mat restored",
        description: exception.school.gym,
      });
    },
    onError: (error) => showToast({ title: "Error", description: error.message, variant: "destructive" }),
  });
}
