import { type FeedbackInput, feedbackMessages } from "../../../common/schemas/feedback";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { hitRate, tooManyRequests } from "../../http/rate-limit";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { getSchool } from "../schools/service";
import { insertFeedback, listFeedback } from "./queries";

export const FEEDBACK_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/** Anyone may leave feedback; each client is throttled so the form cannot be flooded. */
export async function submitFeedback(
  db: Db,
  input: FeedbackInput,
  who: { userId: number | null; ip: string },
  now: Date,
) {
  const key = who.userId ? `feedback:user:${who.userId}` : `feedback:ip:${who.ip}`;
  const state = await hitRate(db, { key, ...FEEDBACK_LIMIT }, now.getTime());
  if (!state.allowed) throw tooManyRequests(state);
  if (!(await getSchool(db, input.schoolId))) throw new HttpError(404, "School not found");
  const row = await insertFeedback(db, { ...input, userId: who.userId, submittedAt: now });
  return { id: row?.id, message: feedbackMessages.success };
}

/** Every feedback row with its private comments: the policy keeps this to admins. */
export async function feedbackForAdmins(db: Db, viewer: PolicyViewer) {
  requireAccess(viewer, "feedback.list", { forbidden: adminOnlyApiMessage });
  const rows = await listFeedback(db, 1000);
  return rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() }));
}
