/**
 * The installable app (issue 22): the web manifest with its built icons, the service worker
 * at the root, the offline page it keeps, and the saved gyms it keeps for offline reading.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type OfflineSaved, offlineTexts } from "../../src/common/schemas/pwa";
import { BACKGROUND_COLOR, THEME_COLOR } from "../../src/common/theme";
import { addSchool } from "../support/checkins";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

// Friday 20 November 2026, noon in New York.
const NOW = new Date("2026-11-20T17:00:00.000Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(() => t.close());

describe("the web manifest", () => {
  it("is served as application/manifest+json with the app's colours and its built icons, each a PNG of its size", async () => {
    const res = await t.request("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/manifest+json");
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      name: "OpenMat",
      short_name: "OpenMat",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const png = await t.request(icon.src);
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await png.arrayBuffer());
      const view = new DataView(bytes.buffer);
      // The PNG's IHDR: width and height at bytes 16 and 20.
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
    }
  });

  it("is linked from every page, with the theme colour and the touch icon", async () => {
    const html = await (await t.request("/about")).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}"/>`);
    expect(html).toMatch(/<link rel="apple-touch-icon" href="\/assets\/apple-touch-icon-[0-9a-f]+\.png"\/>/);
  });
});

describe("the service worker", () => {
  it("is served at the root for the whole site, asked again on each visit, under the site's security headers", async () => {
    const res = await t.request("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("service-worker-allowed")).toBe("/");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toContain("worker-src 'self'");
    const source = await res.text();
    // It keeps the offline page and this build's stylesheet; it never keeps the API but the saved gyms.
    const css = /href="(\/assets\/styles-[^"]+\.css)"/.exec(await (await t.request("/about")).text())?.[1];
    expect(source).toContain('"/offline"');
    expect(source).toContain(`"${css}"`);
    expect(source).toContain("/api/offline/saved");
  });

  it("keeps an offline page that says so, with the island that reads the saved gyms", async () => {
    const res = await t.request("/offline");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${offlineTexts.title.replace("'", "&#x27;")}</h1>`);
    expect(html).toContain('data-island="OfflineSaved"');
    // Marked, so the header's script tells the worker nothing of who is signed in from it.
    expect(html).toContain('data-offline-page=""');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("GET /api/offline/saved", () => {
  it("is a member's saved gyms with their next 7 days, never cached elsewhere; a guest gets 401", async () => {
    expect((await t.request("/api/offline/saved")).status).toBe(401);
    const m = await registerMember(t, "offline");
    const gym = await addSchool(t, {
      gym: "Offline Academy",
      sessions: [
        [0, "10:00"],
        [3, "19:00"],
      ],
    });
    await addSchool(t, { gym: "Not Saved Academy", sessions: [[0, "10:00"]] });
    expect(
      (await t.json("POST", "/api/favorites", { schoolId: gym.id }, { cookie: m.cookie })).status,
    ).toBeLessThan(300);
    const res = await t.request("/api/offline/saved", { headers: { cookie: m.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const saved = (await res.json()) as OfflineSaved;
    expect(saved.savedAt).toBe(NOW.toISOString());
    expect(saved.total).toBe(1);
    expect(saved.gyms.map((g) => g.gym)).toEqual(["Offline Academy"]);
    // Friday 20 to Thursday 26 November: Sunday 22 at 10:00 and Wednesday 25 at 19:00.
    expect(saved.gyms[0]?.occurrences.map((o) => `${o.date} ${o.start} ${o.status}`)).toEqual([
      "2026-11-22 600 scheduled",
      "2026-11-25 1140 scheduled",
    ]);
  });
});
