import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { robotsTxt, sitemapXml, staticSitemapPaths } from "./service";

export function seoRoutes(app: AppContext) {
  const url = app.env.PUBLIC_URL;
  return new Elysia({ name: "seo" })
    .get(
      "/robots.txt",
      () => new Response(robotsTxt(url), { headers: { "content-type": "text/plain; charset=utf-8" } }),
    )
    .get(
      "/sitemap.xml",
      () =>
        new Response(sitemapXml(url, staticSitemapPaths), {
          headers: { "content-type": "application/xml; charset=utf-8" },
        }),
    );
}
