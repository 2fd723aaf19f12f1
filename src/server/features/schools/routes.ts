import { Elysia } from "elysia";
import {
  cityParamsSchema,
  cityQuerySchema,
  listQuerySchema,
  nearbyQuerySchema,
  openQuerySchema,
  radiusQuerySchema,
  schoolIdSchema,
  searchQuerySchema,
  suggestionQuerySchema,
} from "../../../common/schemas/search";
import type { AppContext } from "../../context";
import { acceptsGzip } from "../../http/compression";
import { HttpError } from "../../http/errors";
import { parseQuery } from "../../http/query";
import { chargeDailySearch } from "../../http/quota";
import { requestMeta } from "../../http/request-meta";
import type { sessionPlugin } from "../auth/service";
import { createPinsRoute } from "./pins";
import { createResultCache } from "./result-cache";
import * as schools from "./service";

const pointOf = (q: { lat?: number; lng?: number }) =>
  q.lat !== undefined && q.lng !== undefined ? { latitude: q.lat, longitude: q.lng } : undefined;

/**
 * Cached answers are asked and keyed at a coordinate rounded to 3 decimals (about 100 m) and
 * a radius rounded to a hundredth of a mile: distances are shown to a tenth of a mile, so the
 * answer does not change in any way that matters, and a client cannot fill the cache by
 * nudging a coordinate.
 */
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const roundedPoint = (q: { lat?: number; lng?: number }) =>
  pointOf({
    lat: q.lat === undefined ? undefined : round3(q.lat),
    lng: q.lng === undefined ? undefined : round3(q.lng),
  });
const roundedRadius = (miles: number) => Math.max(0.01, Math.round(miles * 100) / 100);

/** Spec §7 "Schools, search and suggestions". Searches count against the daily quota. */
export function schoolRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  geocoder: schools.SchoolGeocoder,
) {
  const db = app.database.db;
  const pins = createPinsRoute(db);
  const openIndex = schools.createOpenNowIndex(db);
  const cached = createResultCache(db);
  const allSchools = schools.createAllSchoolsCache(db);
  const quota = { memberLimit: app.env.SEARCH_LIMIT_MEMBER, guestLimit: app.env.SEARCH_LIMIT_GUEST };
  /** Counts the search; answers the quota's headers. */
  const chargeOf = (ctx: { session: { user: { id: number } } | null; request: Request }) => {
    const who = ctx.session ? { userId: ctx.session.user.id } : { ip: requestMeta(ctx.request).ip };
    return chargeDailySearch(db, quota, who, app.now().getTime());
  };
  const charge = async (
    ctx: Parameters<typeof chargeOf>[0] & { set: { headers: Record<string, string | number> } },
  ) => {
    Object.assign(ctx.set.headers, await chargeOf(ctx));
  };

  return new Elysia({ name: "school-routes" })
    .use(session)
    .get("/api/schools/pins", ({ request }) => pins.pins(request))
    .get("/api/schools/pins/names", ({ request }) => pins.names(request))
    .get("/api/schools/search", async (ctx) => {
      const query = parseQuery(searchQuerySchema, ctx.request);
      // The quota's headers go on the kept answer itself, not through `set.headers` (which
      // Elysia would copy onto it a second time).
      const headers = await chargeOf(ctx);
      const from = roundedPoint(query);
      const rules = query.rules ?? [];
      return cached(
        ctx.request,
        `search|${query.q.toLowerCase()}|${from?.latitude}|${from?.longitude}|${rules}`,
        () => schools.search(db, geocoder, query.q, from, rules),
        headers,
      );
    })
    .get("/api/schools/radius", async (ctx) => {
      const query = parseQuery(radiusQuerySchema, ctx.request);
      const headers = await chargeOf(ctx);
      const { latitude, longitude } = { latitude: round3(query.lat), longitude: round3(query.lng) };
      const radius = roundedRadius(query.radius);
      const rules = query.rules ?? [];
      return cached(
        ctx.request,
        `radius|${latitude}|${longitude}|${radius}|${rules}`,
        async () => ({ schools: await schools.withinRadius(db, { latitude, longitude }, radius, rules) }),
        headers,
      );
    })
    .get(
      "/api/schools/city/:city",
      async (ctx) => {
        const query = parseQuery(cityQuerySchema, ctx.request);
        await charge(ctx);
        return { schools: await schools.inCity(db, ctx.params.city, pointOf(query)) };
      },
      { params: cityParamsSchema },
    )
    .get("/api/schools/nearby", async ({ request }) => {
      const { lat, lng, limit, rules } = parseQuery(nearbyQuerySchema, request);
      return { schools: await schools.nearest(db, { latitude: lat, longitude: lng }, limit, rules) };
    })
    .get("/api/schools/open", async ({ request }) => ({
      ids: await openIndex(parseQuery(openQuerySchema, request).when, app.now()),
    }))
    .get("/api/schools", ({ request }) => {
      const query = parseQuery(listQuerySchema, request);
      return schools.listPage(db, query.limit, query.offset, pointOf(query));
    })
    .get("/api/schools/all", async ({ request }) => {
      // Spec §7 lists it beside the paged list; it is served from memory, built once per schools version.
      const from = pointOf(parseQuery(cityQuerySchema, request));
      const all = await allSchools();
      if (from) return schools.byDistanceFrom(all.schools, from);
      const headers = { "content-type": "application/json; charset=utf-8", vary: "Accept-Encoding" };
      if (!acceptsGzip(request)) return new Response(all.json, { headers });
      return new Response(all.gzip, { headers: { ...headers, "content-encoding": "gzip" } });
    })
    .get(
      "/api/schools/:id",
      async ({ params }) => {
        const school = await schools.getSchool(db, params.id);
        if (!school) throw new HttpError(404, "School not found");
        return school;
      },
      { params: schoolIdSchema },
    )
    .get("/api/suggestions", async ({ request }) => {
      const { query } = parseQuery(suggestionQuerySchema, request);
      return cached(request, `suggest|${query.trim().toLowerCase()}`, () =>
        schools.suggestions(db, geocoder, query),
      );
    });
}
