import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { gunzipSync } from "node:zlib";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DONATE_URL: "https://donate.example/openmat" });
});
afterAll(() => t.close());

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe("pages", () => {
  it.each([
    ["/", 200, "OpenMat: Find Brazilian Jiu-Jitsu Open Mats Near You"],
    ["/shop", 200, "Shop | OpenMat"],
    ["/about", 200, "About | OpenMat"],
    ["/donate", 200, "Donate | OpenMat"],
    ["/no/such/page", 404, "404 Page Not Found"],
  ])("%s renders with status %i and title %s", async (path, status, title) => {
    const res = await t.request(path);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(titleOf(html)).toBe(title);
    expect(html).toContain('<meta name="description"');
    if (status === 200) expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${path}"/>`);
    else expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<meta property="og:title"');
  });

  it("404 page is noindex and has the spec's text", async () => {
    const html = await (await t.request("/nope")).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  it("about says Coming Soon and loads no island script", async () => {
    const html = await (await t.request("/about")).text();
    expect(html).toContain("Coming Soon");
    expect(html).not.toContain("data-island");
    expect(html).not.toMatch(/hydrate-[\w]+\.js/);
    expect(html).toMatch(/nav-[\w]+\.js/);
  });

  it("donate links to DONATE_URL and back to the map", async () => {
    const html = await (await t.request("/donate")).text();
    expect(html).toContain('href="https://donate.example/openmat"');
    expect(html).toContain('href="/"');
  });

  it("donate says donations are not set up without DONATE_URL", async () => {
    const bare = await createTestApp();
    const html = await (await bare.request("/donate")).text();
    await bare.close();
    expect(html).toContain("Donations are not set up on this site yet.");
  });

  it("home carries Organization and WebSite structured data with a SearchAction", async () => {
    const html = await (await t.request("/")).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? "null"),
    );
    expect(blocks.map((b) => b["@type"])).toEqual(["Organization", "WebSite"]);
    expect(blocks[1].potentialAction.target.urlTemplate).toBe(
      "http://localhost:3000/?search={search_term_string}",
    );
  });

  it("side menu footer shows the copyright from the founding year to the current year", async () => {
    const html = await (await t.request("/shop")).text();
    expect(html).toContain(`© 2023–${new Date().getFullYear()} OpenMat`);
  });

  it("guest header shows Sign In and a locked Feed link to /auth", async () => {
    const html = await (await t.request("/")).text();
    expect(html).toMatch(
      /<a href="\/auth" class="button" data-auth-modal="\/assets\/auth-modal-\w+\.js">Sign In<\/a>/,
    );
    expect(html).toContain('href="/auth?next=%2Ffeed"');
    expect(html).toContain("(sign in required)");
  });
});

describe("security headers", () => {
  it("sets a nonce-based CSP and the other headers on pages and API answers", async () => {
    for (const path of ["/", "/api/nothing", "/healthz"]) {
      const res = await t.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("the nonce differs per response, and pages carry no inline executable script", async () => {
    const a = await t.request("/");
    const b = await t.request("/");
    const nonceOf = (r: Response) => r.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    for (const html of [await a.text(), await (await t.request("/auth")).text()]) {
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) {
        expect(attrs).toMatch(/src="\/assets\/[\w-]+\.js"|type="application\/(ld\+)?json"/);
      }
    }
  });

  it("serves the same cached bytes to every guest of a static page, and a fresh render to members", async () => {
    const first = await (await t.request("/about")).text();
    const second = await (await t.request("/about")).text();
    expect(second).toBe(first);
    const gz = await t.request("/about", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(first);
  });

  it("adds HSTS when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://openmat.example" });
    const res = await secure.app.handle(new Request("https://openmat.example/about"));
    await secure.close();
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("api errors and request rules", () => {
  it("unknown /api path is a JSON 404", async () => {
    const res = await t.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });

  it("refuses cross-site state-changing requests", async () => {
    const res = await t.json("POST", "/api/anything", {}, { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Cross-origin requests are not allowed");
    const byOrigin = await t.request("/api/anything", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(byOrigin.status).toBe(403);
  });

  it("refuses non-JSON bodies on API writes", async () => {
    const res = await t.request("/api/anything", {
      method: "POST",
      headers: { "content-type": "text/plain", "sec-fetch-site": "same-origin" },
      body: "hello",
    });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe("Content-Type must be application/json");
  });

  it("answers 413 for JSON bodies over 1 MiB, with or without Content-Length", async () => {
    const big = JSON.stringify({ text: "x".repeat(1024 * 1024 + 10) });
    const res = await t.json("POST", "/api/anything", JSON.parse(big));
    expect(res.status).toBe(413);
    const chunked = await t.request("/api/anything", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: new Blob([big]).stream(),
    });
    expect(chunked.status).toBe(413);
  });

  it("takes an empty body with Content-Length: 0 and a JSON type as no body, as a browser's bodiless POST sends it", async () => {
    const res = await t.request("/api/auth/logout", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "0", "sec-fetch-site": "same-origin" },
      body: "",
    });
    expect(res.status).toBe(200);
  });
});

describe("assets, compression, health, seo", () => {
  it("serves hashed assets as immutable, gzipped when accepted", async () => {
    const html = await (await t.request("/about")).text();
    const css = html.match(/href="(\/assets\/styles-[\w]+\.css)"/)?.[1] ?? "";
    const plain = await t.request(css);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const text = await plain.text();
    const zipped = await t.request(css, { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text);
    expect((await t.request("/assets/missing.js")).status).toBe(404);
  });

  it("gzips HTML for clients that accept it", async () => {
    const res = await t.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toStartWith("<!DOCTYPE html>");
  });

  it("leaves small JSON answers uncompressed", async () => {
    const res = await t.request("/healthz", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("healthz answers while the process serves", async () => {
    const res = await t.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("healthz is liveness only: with the database gone it stays 200 and readyz answers 503", async () => {
    const broken = await createTestApp();
    await broken.app.context.database.close();
    expect((await broken.request("/healthz")).status).toBe(200);
    const ready = await broken.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable", reason: "database" });
    await broken.close();
  });

  it("serves robots.txt and sitemap.xml", async () => {
    const robots = await (await t.request("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const sitemap = await (await t.request("/sitemap.xml")).text();
    for (const p of ["/", "/shop", "/about", "/donate"]) {
      expect(sitemap).toContain(`<loc>http://localhost:3000${p}</loc>`);
    }
  });
});
