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
