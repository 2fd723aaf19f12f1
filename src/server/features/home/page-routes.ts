import { Elysia } from "elysia";
import { homeQueryString, parseHomeQuery } from "../../../common/home";
import { TABLE_FAMILIES, type VersionedTable } from "../../../db/table-versions";
import { homePage } from "../../../pages/home";
import type { AppContext } from "../../context";
import { requestMeta } from "../../http/request-meta";
import { createGuestPageCache } from "../../render/guest-page-cache";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { currentSchoolsVersion, type SchoolGeocoder } from "../schools/service";
import { homeScreenProps, originOf } from "./service";

/** What a member's home screen is read from (their saved gyms, RSVPs and check-ins among them). */
const HOME_TABLES: readonly VersionedTable[] = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.schools];

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
    const input = async () =>
      homePage(app.env.PUBLIC_URL, await homeScreenProps(deps, query, ctx.session, ip));
    const origin = originOf(ip);
    const at = `${origin.latitude},${origin.longitude}`;
    // A search counts against the quota: never kept. A member's screen is kept for them
    // until a table it reads moves; a guest's plain screen for every guest at one place.
    if (query.search) return render(ctx, await input());
    if (ctx.session) return render.forViewer(ctx, { tables: HOME_TABLES, key: at }, input);
    if (query.school) return render(ctx, await input());
    return guestPages(ctx.request, `${homeQueryString(query)}|${at}`, async () => render(ctx, await input()));
  });
}
