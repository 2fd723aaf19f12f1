import { Elysia } from "elysia";
import { aboutPage } from "../../../pages/about";
import { donatePage } from "../../../pages/donate";
import { notFoundPage } from "../../../pages/not-found";
import { shopPage } from "../../../pages/shop";
import type { AppContext } from "../../context";
import { messages } from "../../http/errors";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";

type SessionPlugin = ReturnType<typeof sessionPlugin>;

/** Public pages that need no data of their own. */
export function sitePageRoutes(app: AppContext, session: SessionPlugin, render: PageRenderer) {
  return new Elysia({ name: "pages" })
    .use(session)
    .get("/shop", (ctx) => render(ctx, shopPage()))
    .get("/about", (ctx) => render(ctx, aboutPage()))
    .get("/donate", (ctx) => render(ctx, donatePage(app.env.DONATE_URL)));
}

/** Registered last: unknown API paths get JSON, everything else the 404 page. */
export function notFoundRoutes(session: SessionPlugin, render: PageRenderer) {
  return new Elysia({ name: "not-found" })
    .use(session)
    .all("/*", (ctx) =>
      new URL(ctx.request.url).pathname.startsWith("/api/") || ctx.request.method !== "GET"
        ? ctx.status(404, { message: messages.notFound })
        : render(ctx, notFoundPage()),
    );
}
