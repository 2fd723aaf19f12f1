import { type FeedbackInput, feedbackMessages } from "../../../common/schemas/feedback";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { limitRule, memberLimitTable } from "../../http/member-limits";
import { chargeRate } from "../../http/rate-limit";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { getSchool } from "../schools/service";
import { insertFeedback, listFeedback } from "./queries";
import { rulesColumn, schoolRulesOf, suggestedRules } from "./rules";

export { applyFeedback, dismissFeedback, type FeedbackReviewDeps } from "./review";
export { applySchoolFeedback, dismissSchoolFeedback, schoolFeedback } from "./school-feedback";

/**
 * Anyone may leave feedback, with visitor rules to suggest (issue 21); each member, or a
 * guest's address, is throttled (LIMIT_FEEDBACK_PER_HOUR) so the form cannot be flooded.
 */
export async function submitFeedback(
  db: Db,
  input: FeedbackInput,
  who: { userId: number | null; ip: string },
  now: Date,
  hourlyLimit: number = memberLimitTable["feedback.create"].default,
) {
  const subject = who.userId ? { memberId: who.userId } : { ip: who.ip };
  await chargeRate(db, limitRule("feedback.create", subject, hourlyLimit), now.getTime());
  if (!(await getSchool(db, input.schoolId))) throw new HttpError(404, "School not found");
  const row = await insertFeedback(db, {
    schoolId: input.schoolId,
    communityNotes: input.communityNotes,
    privateComments: input.privateComments,
    visitorRules: rulesColumn(input.visitorRules),
    userId: who.userId,
    submittedAt: now,
  });
  return { id: row?.id, message: feedbackMessages.success };
}

/**
 * Every feedback row with its private comments (the policy keeps this to admins), its
 * suggested visitor rules and the school's own, which the correction dialog starts from.
 */
export async function feedbackForAdmins(db: Db, viewer: PolicyViewer) {
  requireAccess(viewer, "feedback.list", { forbidden: adminOnlyApiMessage });
  const rows = await listFeedback(db, 1000);
  return rows.map((r) => ({
    ...r,
    visitorRules: suggestedRules(r.visitorRules),
    schoolVisitorRules: schoolRulesOf(r.schoolVisitorRules),
    submittedAt: r.submittedAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}
