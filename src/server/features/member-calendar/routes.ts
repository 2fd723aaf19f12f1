import { Elysia } from "elysia";
import { acceptsGzip } from "../../http/compression";
import type { authGuard } from "../../policy/guard";
import * as calendar from "./service";

/** How long a calendar app (or a cache on its way) may keep the feed without asking again. */
const FEED_MAX_AGE_SECONDS = 300;
const FEED_FILE = /^([a-z2-7]{32})\.ics$/;

/** Whether `If-None-Match` names this ETag (a list, weak or strong, or `*`). */
function notModified(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/**
 * The member's private calendar (issue 22): its address under /api/account (members only,
 * each on their own), and the feed a calendar app polls at /calendar/{token}.ics (no
 * session: the token is the key). A malformed, unknown or revoked token is the same bare
 * 404, whatever the reason.
 */
export function memberCalendarRoutes(deps: calendar.MemberCalendarDeps, guard: ReturnType<typeof authGuard>) {
  const noStore = (set: { headers: Record<string, string | number> }) => {
    // The answer holds the address, which is the key to the feed: never kept by a cache.
    set.headers["cache-control"] = "no-store";
  };
  return new Elysia({ name: "member-calendar-routes" })
    .use(guard)
    .get(
      "/api/account/calendar",
      async ({ member, set }) => {
        noStore(set);
        return calendar.calendarAddress(deps, member.user.id);
      },
      { auth: "member" },
    )
    .post(
      "/api/account/calendar/rotate",
      async ({ member, set }) => {
        noStore(set);
        return calendar.rotateCalendar(deps, member.user.id);
      },
      { auth: "member", limit: "calendar.rotate" },
    )
    .delete(
      "/api/account/calendar",
      async ({ member, set }) => {
        noStore(set);
        return calendar.revokeCalendar(deps, member.user.id);
      },
      { auth: "member", limit: "calendar.rotate" },
    )
    .get("/calendar/:file", async ({ params, request }) => {
      const token = FEED_FILE.exec(String(params.file))?.[1];
      const feed = token ? await calendar.calendarFeed(deps, token) : null;
      if (!feed)
        return new Response("Not found", {
          status: 404,
          headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
        });
      const headers = {
        etag: feed.etag,
        // One member's: a shared cache never keeps it.
        "cache-control": `private, max-age=${FEED_MAX_AGE_SECONDS}`,
      };
      if (notModified(request, feed.etag)) return new Response(null, { status: 304, headers });
      const gzip = acceptsGzip(request);
      // The kept calendar's gzip is made once with it (a 50 gyms' body is about 60 KB).
      if (gzip) feed.gzip ??= Bun.gzipSync(new TextEncoder().encode(feed.body), { level: 6 });
      return new Response(gzip ? feed.gzip : feed.body, {
        headers: {
          ...headers,
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": 'inline; filename="openmat.ics"',
          // Without gzip, the pipeline's compression adds the Vary (and finds nothing to do).
          ...(gzip ? { vary: "Accept-Encoding", "content-encoding": "gzip" } : {}),
        },
      });
    });
}
