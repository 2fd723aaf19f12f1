import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { robotsTxt, sitemapXml, staticSitemapPaths } from "./service";

/** `pagePaths` lists the pages other features add to the sitemap, such as every school. */
export function seoRoutes(app: AppContext, pagePaths: () => Promise<string[]>) {
  const url = app.env.PUBLIC_URL;
  return new Elysia({ name: "seo" })
    .get(
      "/robots.txt",
      () => new Response(robotsTxt(url), { headers: { "content-type": "text/plain; charset=utf-8" } }),
    )
    .get(
      "/sitemap.xml",
      async () =>
        new Response(sitemapXml(url, [...staticSitemapPaths, ...(await pagePaths())]), {
          headers: { "content-type": "application/xml; charset=utf-8" },
        }),
    );
}
