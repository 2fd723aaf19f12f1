import * as v from "valibot";

export const REPORT_REASON_MAX = 500;
/** Reports a member may send a day; past it the spec's 429 body. */
export const REPORT_DAILY_LIMIT = 20;

export const reportKindNames = ["post", "profile", "message", "review"] as const;
export type ReportKind = (typeof reportKindNames)[number];

/** The texts a member or an admin sees about reports. */
export const reportMessages = {
  kindInvalid: "kind must be post, profile, message or review",
  idInvalid: "id must be a positive whole number",
  reasonRequired: "Please tell us what is wrong",
  reasonTooLong: `The reason can be at most ${REPORT_REASON_MAX} characters`,
  postNotFound: "Post not found",
  userNotFound: "User Not Found",
  messageNotFound: "Message not found",
  reviewNotFound: "Review not found",
  ownContent: "You cannot report your own content",
  reportNotFound: "Report not found",
  alreadyDecided: "This report has already been decided",
  sent: "Report sent. An admin will review it.",
  failed: "Could not send the report. Please try again.",
} as const;

/** `POST /api/reports {kind, id, reason}`: the reason is trimmed, 1 to 500 characters. */
export const reportInputSchema = v.object({
  kind: v.picklist(reportKindNames, reportMessages.kindInvalid),
  id: v.pipe(
    v.number(reportMessages.idInvalid),
    v.integer(reportMessages.idInvalid),
    v.minValue(1, reportMessages.idInvalid),
    v.maxValue(Number.MAX_SAFE_INTEGER, reportMessages.idInvalid),
  ),
  reason: v.pipe(
    v.optional(v.string(reportMessages.reasonRequired), ""),
    v.trim(),
    v.minLength(1, reportMessages.reasonRequired),
    v.maxLength(REPORT_REASON_MAX, reportMessages.reasonTooLong),
  ),
});
export type ReportInput = v.InferOutput<typeof reportInputSchema>;

export const reportIdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, reportMessages.reportNotFound), v.transform(Number)),
});

export type ReportStatus = "open" | "removed" | "dismissed";

/** A member's own report, as `POST /api/reports` answers it. */
export interface ReportView {
  id: number;
  kind: ReportKind;
  subjectId: number;
  reason: string;
  status: ReportStatus;
  createdAt: string;
}

/** What was reported, as the admin sees it; null once the content is gone. */
export type ReportedContent =
  | { kind: "post"; content: string; photos: string[]; visibility: string }
  | {
      kind: "profile";
      username: string;
      aboutMe: string | null;
      city: string | null;
      homeGym: string | null;
      profilePhoto: string | null;
    }
  | { kind: "message"; body: string; conversationId: number }
  | {
      kind: "review";
      stars: number;
      review: string | null;
      ownerReply: string | null;
      school: { id: number; gym: string; slug: string };
    };

/** One row of `GET /api/admin/reports`. */
export interface AdminReportView extends ReportView {
  reporter: { id: number; username: string } | null;
  reportedUser: { id: number; username: string } | null;
  decidedBy: number | null;
  decidedAt: string | null;
  content: ReportedContent | null;
}
