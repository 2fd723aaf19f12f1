import { Elysia } from "elysia";
import { reportIdParams, reportInputSchema } from "../../../common/schemas/reports";
import type { authGuard } from "../../policy/guard";
import { createReport, dismissReport, type ReportDeps, removeReported, reportQueue } from "./service";

/**
 * Reports (issue 13): `POST /api/reports` for members; the admin queue and its two
 * decisions, each written to the audit log.
 */
export function reportRoutes(deps: ReportDeps, guard: ReturnType<typeof authGuard>) {
  return new Elysia({ name: "report-routes" })
    .use(guard)
    .post(
      "/api/reports",
      async ({ viewer, body, set }) => {
        const { report, created } = await createReport(deps, viewer, body);
        set.status = created ? 201 : 200;
        return report;
      },
      { auth: "member", limit: "report.create", body: reportInputSchema },
    )
    .get("/api/admin/reports", async ({ viewer }) => ({ reports: await reportQueue(deps.db, viewer) }), {
      auth: "admin",
    })
    .post("/api/admin/reports/:id/remove", ({ viewer, params }) => removeReported(deps, viewer, params.id), {
      auth: "admin",
      limit: "admin.decision",
      params: reportIdParams,
    })
    .post("/api/admin/reports/:id/dismiss", ({ viewer, params }) => dismissReport(deps, viewer, params.id), {
      auth: "admin",
      limit: "admin.decision",
      params: reportIdParams,
    });
}
