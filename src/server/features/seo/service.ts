/** Pages listed in sitemap.xml; later features add their own paths through `extraPaths`. */
export const staticSitemapPaths = ["/", "/shop", "/about", "/donate"] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /auth",
    "Disallow: /login",
    "Disallow: /account",
    "Disallow: /admin",
    "Disallow: /messages",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);

export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${publicUrl}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The sitemap protocol's limit on URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export const sitemapPartPath = (n: number) => `/sitemap-${n}.xml`;

/** A sitemap index naming `parts` sitemaps, `/sitemap-1.xml` onwards. */
export function sitemapIndexXml(publicUrl: string, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${escapeXml(`${publicUrl}${sitemapPartPath(i + 1)}`)}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}

export interface Sitemaps {
  /** `/sitemap.xml`: every URL, or an index of the parts when they do not fit in one file. */
  main: string;
  /** `/sitemap-1.xml` onwards, only when `main` is an index. */
  parts: string[];
}

/** The sitemap files for these paths, at most `maxUrls` URLs in each. */
export function buildSitemaps(
  publicUrl: string,
  paths: readonly string[],
  maxUrls = SITEMAP_MAX_URLS,
): Sitemaps {
  if (paths.length <= maxUrls) return { main: sitemapXml(publicUrl, paths), parts: [] };
  const parts: string[] = [];
  for (let i = 0; i < paths.length; i += maxUrls)
    parts.push(sitemapXml(publicUrl, paths.slice(i, i + maxUrls)));
  return { main: sitemapIndexXml(publicUrl, parts.length), parts };
}
