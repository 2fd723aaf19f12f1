import { Elysia } from "elysia";
import { beaconInputSchema } from "../../../common/schemas/listing-activity";
import { schoolParams } from "../../../common/schemas/schedule-exceptions";
import type { AppContext } from "../../context";
import type { authGuard } from "../../policy/guard";
import { listingStats, recordBeacon } from "./service";

/** What a listing does: the browser's beacon (anyone) and the weekly counts (owners and admins). */
export function listingStatsRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  return new Elysia({ name: "listing-stats-routes" })
    .use(guard)
    .post(
      "/api/schools/:id/seen",
      async ({ params, body }) => {
        await recordBeacon(db, params.id, body.kind, app.now());
        return new Response(null, { status: 204 });
      },
      { params: schoolParams, body: beaconInputSchema },
    )
    .get("/api/schools/:id/stats", ({ viewer, params }) => listingStats(db, viewer, params.id, app.now()), {
      auth: "member",
      params: schoolParams,
    });
}
