import { Elysia } from "elysia";
import { schoolParams } from "../../../common/schemas/schedule-exceptions";
import { contactSchema, scheduleSaveSchema } from "../../../common/schemas/school-manage";
import type { authGuard } from "../../policy/guard";
import { type ManageDeps, saveContact, saveSchedule } from "./service";

/**
 * The manage page's writes (issue 21): a school's schedule as rows, and its contact fields.
 * Its owners and admins only; anyone else gets the same 404 as for a missing school.
 */
export function schoolManageRoutes(deps: ManageDeps, guard: ReturnType<typeof authGuard>) {
  return new Elysia({ name: "school-manage-routes" })
    .use(guard)
    .put(
      "/api/schools/:id/schedule",
      ({ viewer, params, body }) => saveSchedule(deps, viewer, params.id, body),
      {
        auth: "member",
        limit: "school.edit",
        params: schoolParams,
        body: scheduleSaveSchema,
      },
    )
    .patch(
      "/api/schools/:id/contact",
      ({ viewer, params, body }) => saveContact(deps, viewer, params.id, body),
      {
        auth: "member",
        limit: "school.edit",
        params: schoolParams,
        body: contactSchema,
      },
    );
}
