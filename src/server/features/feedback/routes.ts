import { Elysia } from "elysia";
import { correctFeedbackSchema, feedbackIdParams, feedbackSchema } from "../../../common/schemas/feedback";
import { requestMeta } from "../../http/request-meta";
import type { authGuard } from "../../policy/guard";
import {
  applyFeedback,
  dismissFeedback,
  type FeedbackReviewDeps,
  feedbackForAdmins,
  submitFeedback,
} from "./service";

/**
 * Spec §7 "Feedback": anyone posts; only admins list (private comments are theirs alone),
 * and only admins turn an item into a correction of the school or dismiss it.
 */
export function feedbackRoutes(deps: FeedbackReviewDeps, guard: ReturnType<typeof authGuard>) {
  const { db } = deps;
  return new Elysia({ name: "feedback-routes" })
    .use(guard)
    .post(
      "/api/feedback",
      async ({ body, session, request, set }) => {
        const who = { userId: session?.user.id ?? null, ip: requestMeta(request).ip };
        const result = await submitFeedback(db, body, who, deps.now(), deps.hourlyLimit);
        set.status = 201;
        return result;
      },
      { limit: "feedback.create", body: feedbackSchema },
    )
    .get("/api/feedback", ({ viewer }) => feedbackForAdmins(db, viewer), { auth: "admin" })
    .post(
      "/api/admin/feedback/:id/apply",
      ({ viewer, params, body }) => applyFeedback(deps, viewer, params.id, body),
      { auth: "admin", limit: "admin.decision", params: feedbackIdParams, body: correctFeedbackSchema },
    )
    .post(
      "/api/admin/feedback/:id/dismiss",
      ({ viewer, params }) => dismissFeedback(deps, viewer, params.id),
      {
        auth: "admin",
        limit: "admin.decision",
        params: feedbackIdParams,
      },
    );
}
