import { Elysia } from "elysia";
import { beaconInputSchema } from "../../../common/schemas/listing-activity";
import { schoolParams } from "../../../common/schemas/schedule-exceptions";
import type { VersionedTable } from "../../../db/table-versions";
import type { AppContext } from "../../context";
import { keptAnswersOf } from "../../http/kept-by-viewer";
import type { authGuard } from "../../policy/guard";
import { listingStats, recordBeacon } from "./service";

/** What the counts are read from: the counts, the school and its owners (who may see them), the member. */
const STATS_TABLES: readonly VersionedTable[] = ["school_daily_stats", "schools", "school_owners", "users"];

/** What a listing does: the browser's beacon (anyone) and the weekly counts (owners and admins). */
export function listingStatsRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  const kept = keptAnswersOf(app);
  return (
    new Elysia({ name: "listing-stats-routes" })
      .use(guard)
      .post(
        "/api/schools/:id/seen",
        async ({ params, body }) => {
          await recordBeacon(db, params.id, body.kind, app.now());
          return new Response(null, { status: 204 });
        },
        { params: schoolParams, body: beaconInputSchema },
      )
      // Kept per viewer until the counts, the owners or the member move (kept-by-viewer.ts).
      .get(
        "/api/schools/:id/stats",
        ({ viewer, params, request }) =>
          kept(request, viewer, STATS_TABLES, () => listingStats(db, viewer, params.id, app.now())),
        { auth: "member", params: schoolParams },
      )
  );
}
