import { Elysia } from "elysia";
import { homeQueryString, parseHomeQuery } from "../../../common/home";
import { homePage } from "../../../pages/home";
import type { AppContext } from "../../context";
import { requestMeta } from "../../http/request-meta";
import { createGuestPageCache } from "../../render/guest-page-cache";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { currentSchoolsVersion, type SchoolGeocoder } from "../schools/service";
import { homeScreenProps, originOf } from "./service";

/** `/`: the home screen, with `?search=`, `?days=`, `?school=` rendered on the server. `basemapUrl` is BASEMAP_URL or the built-in archive. */
export function homePageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
  geocoder: SchoolGeocoder,
  basemapUrl: string,
) {
  const deps = {
    db: app.database.db,
    geocoder,
    quota: { memberLimit: app.env.SEARCH_LIMIT_MEMBER, guestLimit: app.env.SEARCH_LIMIT_GUEST },
    basemapUrl,
    now: app.now,
  };
  // The plain home screen of every guest at one place: kept per schools version and minute.
  const guestPages = createGuestPageCache({
    version: () => currentSchoolsVersion(deps.db),
    now: app.now,
    maxPages: 500,
  });
  return new Elysia({ name: "home" }).use(session).get("/", async (ctx) => {
    const query = parseHomeQuery(new URL(ctx.request.url).searchParams);
    const { ip } = requestMeta(ctx.request);
    const page = async () =>
      render(ctx, homePage(app.env.PUBLIC_URL, await homeScreenProps(deps, query, ctx.session, ip)));
    // A search counts against the quota and `?school=` is read fresh: only the plain screen is kept.
    if (ctx.session || query.search || query.school) return page();
    const origin = originOf(ip);
    return guestPages(ctx.request, `${homeQueryString(query)}|${origin.latitude},${origin.longitude}`, page);
  });
}
