import { Elysia } from "elysia";
import { goingParams, tonightQuerySchema } from "../../../common/schemas/going";
import { TABLE_FAMILIES } from "../../../db/table-versions";
import type { KeptAnswers } from "../../http/kept-by-viewer";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import { viewerId } from "../../policy/viewer";
import { type GoingDeps, goingNames, goTo, takeBack, tonightNear } from "./service";

const LISTING_TABLES = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.schools];
/**
 * What the Tonight view reads: the listings near the point and who is going. Its answers are
 * kept per viewer and point for the minute until one of them changes: the list is the
 * minute's (tonight.ts), and serializing and gzipping up to 100 open mats cost a request three
 * times a radius search's whole answer.
 */
const TONIGHT_TABLES = ["schools", "open_mat_sessions", "schedule_exceptions", "occurrence_going"] as const;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Going to a dated open mat (issue 22): say so and take it back (members, per member limit),
 * who is going (names as the policy allows), and the Tonight view near a point (anyone).
 */
/** `kept`: the app's kept answers (kept-by-viewer.ts); the names are kept per viewer until an RSVP, a member or a block changes. */
export function goingRoutes(deps: GoingDeps, guard: ReturnType<typeof authGuard>, kept: KeptAnswers) {
  return new Elysia({ name: "going-routes" })
    .use(guard)
    .get("/api/schools/tonight", ({ request, viewer }) =>
      kept(request, viewer, TONIGHT_TABLES, () => {
        // Asked at about 100 m: nothing a list of gyms 40 miles around would show changes.
        const { lat, lng } = parseQuery(tonightQuerySchema, request);
        const center = { latitude: round3(lat), longitude: round3(lng) };
        return tonightNear(deps.db, center, deps.now(), viewerId(viewer));
      }),
    )
    .get(
      "/api/schools/:id/occurrences/:date/:startMinute/going",
      ({ viewer, params, request }) =>
        kept(request, viewer, LISTING_TABLES, () => goingNames(deps, viewer, params.id, slotOf(params))),
      { params: goingParams },
    )
    .post(
      "/api/schools/:id/occurrences/:date/:startMinute/going",
      async ({ viewer, params, set }) => {
        const { change, created } = await goTo(deps, viewer, params.id, slotOf(params));
        set.status = created ? 201 : 200;
        return change;
      },
      { auth: "member", limit: "going.change", params: goingParams },
    )
    .delete(
      "/api/schools/:id/occurrences/:date/:startMinute/going",
      ({ viewer, params }) => takeBack(deps, viewer, params.id, slotOf(params)),
      { auth: "member", limit: "going.change", params: goingParams },
    );
}

const slotOf = (params: { date: string; startMinute: number }) => ({
  date: params.date,
  startMinute: params.startMinute,
});
