import { Elysia } from "elysia";
import { historyQuerySchema } from "../../../common/schemas/listing-activity";
import { schoolParams } from "../../../common/schemas/schedule-exceptions";
import type { AppContext } from "../../context";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import { schoolHistory } from "./service";

/** A school's edit history, for its owners and admins (issue 21). */
export function schoolHistoryRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  return new Elysia({ name: "school-history-routes" })
    .use(guard)
    .get(
      "/api/schools/:id/history",
      ({ viewer, params, request }) =>
        schoolHistory(db, viewer, params.id, parseQuery(historyQuerySchema, request)),
      { auth: "member", params: schoolParams },
    );
}
