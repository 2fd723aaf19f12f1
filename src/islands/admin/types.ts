import type { FeedbackStatus } from "../../common/schemas/feedback";
import type { AdminReportView } from "../../common/schemas/reports";
import {
  type StaleKind,
  type StalePage,
  type StaleSchool,
  staleKinds,
} from "../../common/schemas/stale-listings";
import type { DuplicateCandidate, PendingSubmission } from "../../common/schemas/submission";
import type { VisitorRules } from "../../common/schemas/visitor-rules";

export type { AdminReportView, DuplicateCandidate, PendingSubmission, StaleKind, StalePage, StaleSchool };
export { staleKinds };

/** Audit log rows per page on /admin ('Load more' asks for the next). */
export const AUDIT_PAGE_SIZE = 20;

/** `GET /api/feedback` (admins): every feedback with its school and private comments. */
export interface FeedbackEntry {
  id: number;
  schoolId: number;
  communityNotes?: string | null;
  privateComments?: string | null;
  submittedAt: string;
  schoolName: string;
  address: string;
  city: string;
  /** Review state; a missing one reads as open. */
  status?: FeedbackStatus;
  decidedAt?: string | null;
  /** The deciding admin's username. */
  decidedBy?: string | null;
  notePublished?: boolean;
  /** The school's listed fields, which the correction dialog starts from. */
  schoolSlug?: string;
  dayAndTime?: string;
  website?: string | null;
  /** Visitor rules the sender suggests (issue 21), or null. */
  visitorRules?: VisitorRules | null;
  /** The school's own rules now, which the correction's rule fields start from. */
  schoolVisitorRules?: VisitorRules;
}

export interface AuditEntry {
  id: number;
  actorId: number | null;
  actor: string | null;
  action: string;
  subjectType: string;
  subjectId: number | null;
  before: unknown;
  after: unknown;
  at: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextBeforeId: number | null;
}

/** What /admin renders with: each list null when it failed on the server (the island asks again). */
export interface AdminDashboardProps {
  submissions: PendingSubmission[] | null;
  feedback: FeedbackEntry[] | null;
  audit: AuditPage | null;
  /** `GET /api/admin/reports`: open reports first (the tab shows the open ones). */
  reports: AdminReportView[] | null;
  /** The first page of each stale list. */
  stale: Record<StaleKind, StalePage | null>;
}

/** Edits an admin may make before approving. */
export interface ApproveEdits {
  gym?: string;
  address?: string;
  dayAndTime?: string;
  link?: string;
  communityNotes?: string;
}

/** A fixed format (UTC), so the server's HTML and the hydrated page agree. */
const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
export const formatWhen = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
