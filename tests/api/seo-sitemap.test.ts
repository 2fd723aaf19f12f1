import { describe, expect, it } from "bun:test";
import type { AppContext } from "../../src/server/context";
import { seoRoutes } from "../../src/server/features/seo/routes";
import { SITEMAP_MAX_URLS, staticSitemapPaths } from "../../src/server/features/seo/service";

const ORIGIN = "https://openmat.example";

/** The seo routes alone, with `count` school pages and at most `maxUrls` URLs per file. */
function sitemapApp(count: number, maxUrls?: number) {
  const paths = Array.from({ length: count }, (_, i) => `/schools/gym-${i + 1}`);
  const calls = { n: 0 };
  const app = seoRoutes(
    { env: { PUBLIC_URL: ORIGIN } } as AppContext,
    async () => {
      calls.n++;
      return paths;
    },
    maxUrls === undefined ? {} : { maxUrls },
  );
  const get = async (path: string) => {
    const res = await app.handle(new Request(`${ORIGIN}${path}`));
    return { res, text: await res.text() };
  };
  /** The body of a request that accepts gzip, unzipped, and its Content-Encoding. */
  const getGzip = async (path: string) => {
    const res = await app.handle(new Request(`${ORIGIN}${path}`, { headers: { "accept-encoding": "gzip" } }));
    const body = Bun.gunzipSync(new Uint8Array(await res.arrayBuffer()));
    return { encoding: res.headers.get("content-encoding"), text: new TextDecoder().decode(body) };
  };
  return { get, getGzip, calls, all: [...staticSitemapPaths, ...paths].map((p) => `${ORIGIN}${p}`) };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemap.xml", () => {
  it("is one urlset up to the limit, with no parts", async () => {
    const { get, all } = sitemapApp(6, 10);
    const { res, text } = await get("/sitemap.xml");
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(text)).toEqual(all);
    expect((await get("/sitemap-1.xml")).res.status).toBe(404);
  });

  it("past the limit, is an index of parts that hold every URL once, none over the limit", async () => {
    const { get, all } = sitemapApp(23, 5); // 27 URLs: 6 parts
    const index = await get("/sitemap.xml");
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.text).not.toContain("<urlset");
    const parts = locs(index.text);
    expect(parts).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
    const seen: string[] = [];
    for (const part of parts) {
      const { res, text } = await get(new URL(part as string).pathname);
      expect(res.status).toBe(200);
      expect(text).toContain("<urlset");
      expect(locs(text).length).toBeLessThanOrEqual(5);
      seen.push(...(locs(text) as string[]));
    }
    expect(seen).toEqual(all);
    for (const path of [
      "/sitemap-7.xml",
      "/sitemap-0.xml",
      "/sitemap-01.xml",
      "/sitemap-1.xmlx",
      "/sitemap-x.xml",
    ]) {
      expect((await get(path)).res.status).toBe(404);
    }
  });

  it("serves the same files again, gzipped when asked", async () => {
    const { get, getGzip, calls } = sitemapApp(20, 5);
    const first = await get("/sitemap-2.xml");
    expect(locs(first.text)).toHaveLength(5);
    for (let i = 0; i < 2; i++)
      expect(await getGzip("/sitemap-2.xml")).toEqual({ encoding: "gzip", text: first.text });
    expect((await get("/sitemap-2.xml")).text).toBe(first.text);
    expect((await getGzip("/sitemap.xml")).encoding).toBe("gzip");
    // The page list is asked for each time (it is one version lookup in the app); the files are kept.
    expect(calls.n).toBe(5);
  });

  it("uses the protocol's limit by default", async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const { get } = sitemapApp(SITEMAP_MAX_URLS - staticSitemapPaths.length + 1);
    const { text } = await get("/sitemap.xml");
    expect(locs(text)).toEqual([`${ORIGIN}/sitemap-1.xml`, `${ORIGIN}/sitemap-2.xml`]);
    expect(locs((await get("/sitemap-2.xml")).text)).toHaveLength(1);
  });

  it("robots.txt still points at /sitemap.xml", async () => {
    const { get } = sitemapApp(1);
    expect((await get("/robots.txt")).text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
