import { Elysia } from "elysia";
import {
  exceptionInputSchema,
  occurrencesQuerySchema,
  schoolChoiceQuerySchema,
  schoolExceptionParams,
  schoolParams,
} from "../../../common/schemas/schedule-exceptions";
import { TABLE_FAMILIES } from "../../../db/table-versions";
import type { KeptAnswers } from "../../http/kept-by-viewer";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import {
  addException,
  type ExceptionDeps,
  listOccurrences,
  restoreOccurrence,
  schoolChoices,
  upcomingExceptions,
} from "./service";

const LISTING_TABLES = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.schools];

/**
 * A school's dated open mats (anyone) and its cancellations and moves (issue 20): admins
 * now, owners later, as the policy's `school.exceptions` decides in the service.
 */
export function scheduleExceptionRoutes(
  deps: ExceptionDeps,
  guard: ReturnType<typeof authGuard>,
  /** The app's kept answers (kept-by-viewer.ts): a school's occurrences are kept per viewer until its listing changes. */
  kept: KeptAnswers,
) {
  return (
    new Elysia({ name: "schedule-exception-routes" })
      .use(guard)
      .get(
        "/api/schools/:id/occurrences",
        ({ params, request, viewer }) =>
          kept(request, viewer, LISTING_TABLES, () =>
            listOccurrences(deps, params.id, parseQuery(occurrencesQuerySchema, request), viewer),
          ),
        { params: schoolParams },
      )
      .post(
        "/api/schools/:id/exceptions",
        async ({ viewer, params, body, set }) => {
          const { exception, created } = await addException(deps, viewer, params.id, body);
          set.status = created ? 201 : 200;
          return exception;
        },
        { auth: "member", limit: "admin.decision", params: schoolParams, body: exceptionInputSchema },
      )
      .delete(
        "/api/schools/:id/exceptions/:exceptionId",
        ({ viewer, params }) => restoreOccurrence(deps, viewer, params.id, params.exceptionId),
        { auth: "member", limit: "admin.decision", params: schoolExceptionParams },
      )
      // /admin's cancellations: the list and the cancel form's school search.
      .get("/api/admin/schedule-exceptions", ({ viewer }) => upcomingExceptions(deps, viewer), {
        auth: "member",
      })
      .get(
        "/api/admin/schedule-exceptions/schools",
        ({ viewer, request }) => schoolChoices(deps, viewer, parseQuery(schoolChoiceQuerySchema, request).q),
        { auth: "member" },
      )
  );
}
