import { Elysia } from "elysia";
import { staleQuerySchema } from "../../../common/schemas/stale-listings";
import type { AppContext } from "../../context";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import { staleListings } from "./service";

/** Issue 13, Stale listings: `GET /api/admin/stale-schools?kind=flagged|unconfirmed&limit=&offset=`. */
export function staleListingRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  return new Elysia({ name: "stale-listing-routes" })
    .use(guard)
    .get(
      "/api/admin/stale-schools",
      ({ viewer, request }) =>
        staleListings(app.database.db, viewer, app.now(), parseQuery(staleQuerySchema, request)),
      { auth: "admin" },
    );
}
