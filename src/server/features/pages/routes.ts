import { Elysia } from "elysia";
import { aboutPage } from "../../../pages/about";
import { donatePage } from "../../../pages/donate";
import { homePage } from "../../../pages/home";
import { notFoundPage } from "../../../pages/not-found";
import { shopPage } from "../../../pages/shop";
import type { AppContext } from "../../context";
import { messages } from "../../http/errors";
import type { PageRenderer } from "../../render/page-renderer";

/** Public pages that need no data of their own. */
export function pagesRoutes(app: AppContext, render: PageRenderer) {
  return new Elysia({ name: "pages" })
    .get("/", ({ request }) => render(request, homePage(app.env.PUBLIC_URL)))
    .get("/shop", ({ request }) => render(request, shopPage()))
    .get("/about", ({ request }) => render(request, aboutPage()))
    .get("/donate", ({ request }) => render(request, donatePage(app.env.DONATE_URL)));
}

/** Registered last: unknown API paths get JSON, everything else the 404 page. */
export function notFoundRoutes(render: PageRenderer) {
  return new Elysia({ name: "not-found" }).all("/*", ({ request, status }) =>
    new URL(request.url).pathname.startsWith("/api/") || request.method !== "GET"
      ? status(404, { message: messages.notFound })
      : render(request, notFoundPage()),
  );
}
