import { Elysia } from "elysia";
import { type RequestMeta, requestMeta } from "./request-meta";

/** The one label of every request no route took: an unknown path, or one the pipeline refused first. */
export const UNMATCHED_ROUTE = "unmatched";
/** The not-found page's catch-all: a request it answers matched no real route. */
const CATCH_ALL = "/*";

/**
 * Records each request's matched route template (`/api/users/:id`, never `/api/users/7`)
 * on its RequestMeta, for the request log and the metrics: raw paths would make a label
 * per member, school and post. Use it first in the router: its hooks are global and
 * apply to the routes used after it, and its error hook must run before the error
 * mapper answers (a body that fails to parse never reaches the transform).
 */
export function routeTemplates() {
  const record = ({ request, route }: { request: Request; route?: string }) => {
    if (route) requestMeta(request).route = route;
  };
  return new Elysia({ name: "route-templates" })
    .onTransform({ as: "global" }, record)
    .onError({ as: "global" }, (ctx) => record(ctx as { request: Request; route?: string }));
}

/** The route label of a finished request: its template, or `unmatched`. */
export function routeLabel(meta: RequestMeta): string {
  return meta.route && meta.route !== CATCH_ALL ? meta.route : UNMATCHED_ROUTE;
}
