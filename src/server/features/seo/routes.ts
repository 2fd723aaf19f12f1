import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { acceptsGzip } from "../../http/compression";
import { buildSitemaps, robotsTxt, SITEMAP_MAX_URLS, staticSitemapPaths } from "./service";

interface Document {
  xml: string;
  gzip?: Uint8Array<ArrayBuffer>;
}

const XML = { "content-type": "application/xml; charset=utf-8", vary: "Accept-Encoding" };

function xmlResponse(request: Request, doc: Document): Response {
  if (!acceptsGzip(request)) return new Response(doc.xml, { headers: XML });
  doc.gzip ??= Bun.gzipSync(doc.xml, { level: 6 });
  return new Response(doc.gzip, { headers: { ...XML, "content-encoding": "gzip" } });
}

/**
 * `pagePaths` lists the pages other features add to the sitemap, such as every school. It
 * must return the same array for as long as those pages do not change (the schools' list is
 * kept per schools version): the sitemap files are built once per array and kept, gzipped
 * when first asked for. Past `maxUrls` URLs (the protocol's 50,000), `/sitemap.xml` is an
 * index of `/sitemap-1.xml`, `/sitemap-2.xml`, … with at most `maxUrls` URLs each.
 */
export function seoRoutes(
  app: AppContext,
  pagePaths: () => Promise<readonly string[]>,
  { maxUrls = SITEMAP_MAX_URLS }: { maxUrls?: number } = {},
) {
  const url = app.env.PUBLIC_URL;
  let built: { source: readonly string[]; main: Document; parts: Document[] } | undefined;
  async function sitemaps() {
    const source = await pagePaths();
    if (built?.source !== source) {
      const { main, parts } = buildSitemaps(url, [...staticSitemapPaths, ...source], maxUrls);
      built = { source, main: { xml: main }, parts: parts.map((xml) => ({ xml })) };
    }
    return built;
  }

  return new Elysia({ name: "seo" })
    .get(
      "/robots.txt",
      () => new Response(robotsTxt(url), { headers: { "content-type": "text/plain; charset=utf-8" } }),
    )
    .get("/sitemap.xml", async ({ request }) => xmlResponse(request, (await sitemaps()).main))
    .get("/sitemap-:part", async ({ request }) => {
      const n = /^\/sitemap-([1-9]\d{0,5})\.xml$/.exec(new URL(request.url).pathname)?.[1];
      const part = n ? (await sitemaps()).parts[Number(n) - 1] : undefined;
      if (!part) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
      return xmlResponse(request, part);
    });
}
