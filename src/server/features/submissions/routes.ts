import { Elysia } from "elysia";
import {
  approveSubmissionSchema,
  auditQuerySchema,
  mergeSubmissionSchema,
  openMatSubmissionSchema,
  rejectSubmissionSchema,
  submissionIdParams,
} from "../../../common/schemas/submission";
import { idempotencyKeyOf } from "../../http/idempotency";
import { parseQuery } from "../../http/query";
import { requireAccess } from "../../policy/access";
import type { authGuard } from "../../policy/guard";
import { adminOnlyApiMessage } from "../../policy/guard";
import {
  approveSubmission,
  auditLog,
  mergeSubmission,
  rejectSubmission,
  reviewQueue,
  type SubmissionDeps,
  submitOpenMat,
} from "./service";

/**
 * Spec §7 `POST /api/schools` (a member's open mat, stored for review) and the admin
 * review API: the queue, approve, merge, reject, and the audit log of every decision.
 */
export function submissionRoutes(deps: SubmissionDeps, guard: ReturnType<typeof authGuard>) {
  const { db } = deps;
  return new Elysia({ name: "submission-routes" })
    .use(guard)
    .post(
      "/api/schools",
      async ({ body, viewer, member, set, request }) => {
        requireAccess(viewer, "submissions.create", { forbidden: adminOnlyApiMessage });
        const submission = await submitOpenMat(deps, member.user.id, body, idempotencyKeyOf(request));
        set.status = 201;
        return submission;
      },
      { auth: "member", limit: "submission.create", body: openMatSubmissionSchema },
    )
    .get("/api/admin/submissions", async ({ viewer }) => ({ submissions: await reviewQueue(db, viewer) }), {
      auth: "admin",
    })
    .post(
      "/api/admin/submissions/:id/approve",
      ({ viewer, params, body }) => approveSubmission(deps, viewer, params.id, body),
      { auth: "admin", limit: "admin.decision", params: submissionIdParams, body: approveSubmissionSchema },
    )
    .post(
      "/api/admin/submissions/:id/merge",
      ({ viewer, params, body }) => mergeSubmission(deps, viewer, params.id, body.schoolId),
      { auth: "admin", limit: "admin.decision", params: submissionIdParams, body: mergeSubmissionSchema },
    )
    .post(
      "/api/admin/submissions/:id/reject",
      ({ viewer, params, body }) => rejectSubmission(deps, viewer, params.id, body.reason),
      { auth: "admin", limit: "admin.decision", params: submissionIdParams, body: rejectSubmissionSchema },
    )
    .get(
      "/api/admin/audit",
      ({ viewer, request }) => {
        const query = parseQuery(auditQuerySchema, request);
        return auditLog(db, viewer, query.limit, query.beforeId);
      },
      { auth: "admin" },
    );
}
