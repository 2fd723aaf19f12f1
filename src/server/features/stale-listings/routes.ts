import { Elysia } from "elysia";
import { confirmParams, scheduleConfirmSchema } from "../../../common/schemas/schedule-review";
import { staleQuerySchema } from "../../../common/schemas/stale-listings";
import type { AppContext } from "../../context";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import { confirmSchedule, staleListings } from "./service";

/**
 * Issue 13, Stale listings: `GET /api/admin/stale-schools?kind=flagged|unconfirmed&limit=&offset=`;
 * issue 20, `POST /api/admin/schools/{id}/schedule/confirm`, as the policy's
 * `school.confirmSchedule` decides in the service.
 */
export function staleListingRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  return new Elysia({ name: "stale-listing-routes" })
    .use(guard)
    .get(
      "/api/admin/stale-schools",
      ({ viewer, request }) =>
        staleListings(app.database.db, viewer, app.now(), parseQuery(staleQuerySchema, request)),
      { auth: "admin" },
    )
    .post(
      "/api/admin/schools/:id/schedule/confirm",
      ({ viewer, params, body }) => confirmSchedule(app.database.db, viewer, app.now(), params.id, body),
      { auth: "member", limit: "admin.decision", params: confirmParams, body: scheduleConfirmSchema },
    );
}
