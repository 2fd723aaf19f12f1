import { Elysia } from "elysia";
import { parseHomeQuery } from "../../../common/home";
import { homePage } from "../../../pages/home";
import type { AppContext } from "../../context";
import { requestMeta } from "../../http/request-meta";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import type { SchoolGeocoder } from "../schools/service";
import { homeScreenProps } from "./service";

/** `/`: the home screen, with `?search=`, `?days=`, `?school=` rendered on the server. `basemapUrl` is BASEMAP_URL or the built-in archive. */
export function homeRoutes(
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
  return new Elysia({ name: "home" }).use(session).get("/", async (ctx) => {
    const query = parseHomeQuery(new URL(ctx.request.url).searchParams);
    const props = await homeScreenProps(deps, query, ctx.session, requestMeta(ctx.request).ip);
    return render(ctx, homePage(app.env.PUBLIC_URL, props));
  });
}
