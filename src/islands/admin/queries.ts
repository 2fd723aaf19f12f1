import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { showToast } from "../../client/toast";
import { STALE_PAGE_SIZE } from "../../common/schemas/stale-listings";
import { apiRequest } from "../lib/api";
import {
  type AdminReportView,
  type ApproveEdits,
  AUDIT_PAGE_SIZE,
  type AuditPage,
  type FeedbackEntry,
  type PendingSubmission,
  type StaleKind,
  type StalePage,
} from "./types";

export const adminKeys = {
  submissions: ["/api/admin/submissions"] as const,
  feedback: ["/api/feedback"] as const,
  audit: ["/api/admin/audit"] as const,
  reports: ["/api/admin/reports"] as const,
  stale: (kind: StaleKind) => ["/api/admin/stale-schools", kind] as const,
};

export const submissionsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.submissions,
    queryFn: async () =>
      (await apiRequest<{ submissions: PendingSubmission[] }>("GET", "/api/admin/submissions")).submissions,
    // Seeded by the page; decisions are written into the cache.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const feedbackQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.feedback,
    queryFn: () => apiRequest<FeedbackEntry[]>("GET", "/api/feedback"),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const auditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam }) =>
      apiRequest<AuditPage>(
        "GET",
        `/api/admin/audit?limit=${AUDIT_PAGE_SIZE}${pageParam ? `&beforeId=${pageParam}` : ""}`,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: AuditPage) => last.nextBeforeId ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

export type AuditPages = InfiniteData<AuditPage, number | undefined>;

export const reportsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.reports,
    queryFn: async () =>
      (await apiRequest<{ reports: AdminReportView[] }>("GET", "/api/admin/reports")).reports,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const staleQueryOptions = (kind: StaleKind) =>
  infiniteQueryOptions({
    queryKey: adminKeys.stale(kind),
    queryFn: ({ pageParam }) =>
      apiRequest<StalePage>(
        "GET",
        `/api/admin/stale-schools?kind=${kind}&limit=${STALE_PAGE_SIZE}&offset=${pageParam}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last: StalePage) => last.nextOffset ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

export type StalePages = InfiniteData<StalePage, number>;

export type Decision =
  | { kind: "approve"; edits?: ApproveEdits }
  | { kind: "merge"; schoolId: number }
  | { kind: "reject"; reason: string };

const done: Record<Decision["kind"], string> = {
  approve: "Submission approved",
  merge: "Submission merged",
  reject: "Submission rejected",
};

/**
 * Approve, merge or reject one submission. Success toasts and takes it out of the queue (and
 * the audit log is asked again); a failure (409 decided, 422 address) toasts the server's text.
 */
export function useDecide(submission: PendingSubmission) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => {
      const base = `/api/admin/submissions/${submission.id}`;
      if (decision.kind === "approve") return apiRequest("POST", `${base}/approve`, decision.edits ?? {});
      if (decision.kind === "merge")
        return apiRequest("POST", `${base}/merge`, { schoolId: decision.schoolId });
      return apiRequest("POST", `${base}/reject`, { reason: decision.reason });
    },
    onSuccess: (_data, decision) => {
      client.setQueryData<PendingSubmission[]>(adminKeys.submissions, (list) =>
        list?.filter((s) => s.id !== submission.id),
      );
      void client.invalidateQueries({ queryKey: adminKeys.audit });
      showToast({ title: done[decision.kind], description: submission.gym });
    },
    onError: (error) => {
      showToast({ title: "Error", description: error.message, variant: "destructive" });
    },
  });
}

const reportDone = { remove: "Content removed", dismiss: "Report dismissed" } as const;

/**
 * Remove the reported content or dismiss the report. Either way the report leaves the list
 * (with every other open report a removal settled) and the audit log is asked again; a
 * failure (409 decided, 404) toasts the server's text.
 */
export function useDecideReport(report: AdminReportView) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: keyof typeof reportDone) =>
      apiRequest<AdminReportView>("POST", `/api/admin/reports/${report.id}/${decision}`),
    onSuccess: (_data, decision) => {
      const settled = (r: AdminReportView) =>
        r.id === report.id ||
        (decision === "remove" && r.kind === report.kind && r.subjectId === report.subjectId);
      client.setQueryData<AdminReportView[]>(adminKeys.reports, (list) =>
        list?.map((r) =>
          settled(r) && r.status === "open"
            ? { ...r, status: decision === "remove" ? "removed" : "dismissed" }
            : r,
        ),
      );
      void client.invalidateQueries({ queryKey: adminKeys.audit });
      showToast({ title: reportDone[decision], description: `Report #${report.id}` });
    },
    onError: (error) => {
      showToast({ title: "Error", description: error.message, variant: "destructive" });
    },
  });
}
