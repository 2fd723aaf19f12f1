import { Elysia } from "elysia";
import {
  correctFeedbackSchema,
  feedbackIdParams,
  feedbackSchema,
  schoolFeedbackParams,
} from "../../../common/schemas/feedback";
import { schoolParams } from "../../../common/schemas/schedule-exceptions";
import { requestMeta } from "../../http/request-meta";
import type { authGuard } from "../../policy/guard";
import {
  applyFeedback,
  applySchoolFeedback,
  dismissFeedback,
  dismissSchoolFeedback,
  type FeedbackReviewDeps,
  feedbackForAdmins,
  schoolFeedback,
  submitFeedback,
} from "./service";

/**
 * Spec §7 "Feedback": anyone posts; only admins list (private comments are theirs alone),
 * and admins turn an item into a correction of the school or dismiss it, as a school's
 * owners do with its own feedback (issue 21).
 */
export function feedbackRoutes(deps: FeedbackReviewDeps, guard: ReturnType<typeof authGuard>) {
  const { db } = deps;
  return (
    new Elysia({ name: "feedback-routes" })
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
      )
      // A school's owners (and admins) decide its feedback on its manage page (issue 21).
      .get(
        "/api/schools/:id/feedback",
        async ({ viewer, params }) => ({ feedback: await schoolFeedback(db, viewer, params.id) }),
        { auth: "member", params: schoolParams },
      )
      .post(
        "/api/schools/:id/feedback/:feedbackId/apply",
        ({ viewer, params, body }) => applySchoolFeedback(deps, viewer, params.id, params.feedbackId, body),
        { auth: "member", limit: "school.edit", params: schoolFeedbackParams, body: correctFeedbackSchema },
      )
      .post(
        "/api/schools/:id/feedback/:feedbackId/dismiss",
        ({ viewer, params }) => dismissSchoolFeedback(deps, viewer, params.id, params.feedbackId),
        { auth: "member", limit: "school.edit", params: schoolFeedbackParams },
      )
  );
}
