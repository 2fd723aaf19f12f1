/** The home map's first view drawn by the server (issue 23): the props, the marks and the image route. */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { DrawnMapView, DrawnMark } from "../../src/common/drawn-map";
import { PALETTE } from "../../src/common/map-style/palette";
import { DRAWING, drawingOrigin, project, snapView } from "../../src/server/features/drawn-map/projection";
import { fixtureSchools, insertManySchools, seedFixtureSchools } from "../support/schools";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" });
  ids = await seedFixtureSchools(t);
});
afterAll(() => t.close());

const homeProps = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.request(path, { headers: { "x-forwarded-for": "198.51.100.77", ...headers } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const id = html.match(/data-island="HomeScreen" data-island-id="(island-\d+)"/)?.[1];
  const block = html.match(new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`));
  return JSON.parse(block?.[1] ?? "{}") as { drawnMap?: DrawnMapView; favoriteIds: number[] };
};

const schoolsIn = (marks: DrawnMark[]) =>
  marks.reduce((sum, mark) => sum + (mark.kind === "cluster" ? mark.count : 1), 0);

/** The fixture schools whose point is inside the drawing of a view. */
const fixturesInside = (view: DrawnMapView) => {
  const grid = snapView(view.center, view.zoom);
  const { left, top } = drawingOrigin(grid);
  return fixtureSchools.filter((school) => {
    const p = project({ lng: school.longitude, lat: school.latitude }, view.zoom);
    return p.x >= left && p.x <= left + DRAWING.width && p.y >= top && p.y <= top + DRAWING.height;
  });
};

describe("GET / carries the drawn first view", () => {
  it("without a search: the US view, every school in it as a mark, and an image URL that answers", async () => {
    const { drawnMap } = await homeProps("/");
    if (!drawnMap) throw new Error("no drawnMap");
    expect(drawnMap).toMatchObject({ zoom: 4, width: 1600, height: 1100 });
    expect(drawnMap.center.lng).toBeCloseTo(-98.58, 0);
    expect(drawnMap.center.lat).toBeCloseTo(39.83, 0);
    // Honolulu is far outside the drawing; the other six are in it.
    expect(fixturesInside(drawnMap).length).toBe(fixtureSchools.length - 1);
    expect(schoolsIn(drawnMap.marks)).toBe(fixtureSchools.length - 1);
    expect(drawnMap.imageUrl).toMatch(/^\/basemap\/drawn\/4\/\d+\/\d+\.svg\?v=[0-9a-f]{16}&s=\S+$/);
    const image = await t.request(drawnMap.imageUrl, { headers: { "accept-encoding": "gzip" } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("content-encoding")).toBe("gzip");
  });

  it("the Austin area's three schools are one cluster at the US zoom, and pins at city zoom", async () => {
    const us = (await homeProps("/")).drawnMap?.marks ?? [];
    const austin = us.find((m) => m.kind === "cluster" && Math.abs(m.lat - 30.26) < 0.5);
    expect(austin).toMatchObject({ kind: "cluster", count: 3, favorites: 0 });
    if (austin?.kind !== "cluster") throw new Error("no cluster");
    expect(austin.expansionZoom).toBeGreaterThan(4);
    expect(austin.expansionZoom).toBeLessThanOrEqual(12);

    const { drawnMap } = await homeProps(`/?school=${ids["Capital City Grappling"]}`);
    expect(drawnMap?.zoom).toBe(12);
    expect(drawnMap?.center.lat).toBeCloseTo(30.2655, 2);
    expect(drawnMap?.center.lng).toBeCloseTo(-97.7437, 2);
    const pin = drawnMap?.marks.find((m) => m.kind === "pin" && m.id === ids["Capital City Grappling"]);
    expect(pin).toMatchObject({ kind: "pin", name: "Capital City Grappling", favorite: false });
    // The focused school is in the middle of the drawing (the centre is snapped to a 32 px grid).
    expect(Math.abs((pin?.x ?? 0) - 800)).toBeLessThanOrEqual(16);
    expect(Math.abs((pin?.y ?? 0) - 550)).toBeLessThanOrEqual(16);
    expect(drawnMap?.marks.some((m) => m.kind === "pin" && m.id === ids["Eastside Jiu-Jitsu"])).toBe(true);
  });

  it("a search fits the schools found (and the place searched) into a phone-sized box", async () => {
    const { drawnMap } = await homeProps(`/?search=${encodeURIComponent("Austin, TX")}`);
    if (!drawnMap) throw new Error("no drawnMap");
    expect(Number.isInteger(drawnMap.zoom)).toBe(true);
    expect(drawnMap.zoom).toBeGreaterThanOrEqual(6);
    expect(drawnMap.zoom).toBeLessThanOrEqual(12);
    // Round Rock and both Austin schools are within the 360 x 420 box in the drawing's middle.
    for (const gym of ["Round Rock Rollers", "Capital City Grappling", "Eastside Jiu-Jitsu"]) {
      const school = fixtureSchools.find((s) => s.gym === gym);
      if (!school) throw new Error(gym);
      const grid = snapView(drawnMap.center, drawnMap.zoom);
      const { left, top } = drawingOrigin(grid);
      const p = project({ lng: school.longitude, lat: school.latitude }, drawnMap.zoom);
      expect(Math.abs(p.x - left - 800)).toBeLessThanOrEqual(180);
      expect(Math.abs(p.y - top - 550)).toBeLessThanOrEqual(210);
    }
  });

  it("marks a member's saved gym: a red pin, or counted in its cluster", async () => {
    const member = await registerMember(t, "drawnfav");
    const saved = await t.json(
      "POST",
      "/api/favorites",
      { schoolId: ids["Desert Heat BJJ"] },
      { cookie: member.cookie },
    );
    expect(saved.status).toBeLessThan(300);
    const saveAustin = await t.json(
      "POST",
      "/api/favorites",
      { schoolId: ids["Eastside Jiu-Jitsu"] },
      { cookie: member.cookie },
    );
    expect(saveAustin.status).toBeLessThan(300);
    const { drawnMap } = await homeProps("/", { cookie: member.cookie });
    const marks = drawnMap?.marks ?? [];
    expect(marks.find((m) => m.kind === "pin" && m.id === ids["Desert Heat BJJ"])).toMatchObject({
      favorite: true,
    });
    expect(marks.find((m) => m.kind === "cluster" && Math.abs(m.lat - 30.26) < 0.5)).toMatchObject({
      count: 3,
      favorites: 1,
    });
    expect(marks.find((m) => m.kind === "pin" && m.id === ids["Big D Submission Club"])).toMatchObject({
      favorite: false,
    });
    // Saved gyms' pins come last, so they are drawn on top.
    expect(marks[marks.length - 1]).toMatchObject({ kind: "pin", favorite: true });
  });
});

describe("GET /basemap/drawn/{zoom}/{gx}/{gy}.svg", () => {
  it("draws the US view's land, lakes, state lines and labels, small enough to send in the first view", async () => {
    const { drawnMap } = await homeProps("/");
    const res = await t.request(drawnMap?.imageUrl ?? "/");
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1100"');
    // Asserted as booleans: a failure would print the whole drawing.
    const has = (part: string | RegExp) => (typeof part === "string" ? svg.includes(part) : part.test(svg));
    expect(has(new RegExp(`<path fill="${PALETTE.land}" d="M[-\\d]`))).toBe(true);
    expect(has(new RegExp(`<path fill="${PALETTE.sea}" d="M[-\\d]`))).toBe(true);
    expect(has(`stroke="${PALETTE.stateLine}"`)).toBe(true);
    expect(has(`stroke="${PALETTE.countryLine}"`)).toBe(true);
    expect(has(">KANSAS</text>")).toBe(true);
    // The halo is painted under the letters, as MapLibre draws it.
    expect(has('paint-order="stroke"')).toBe(true);
    expect(has(">Chicago</text>")).toBe(true);
    expect(has("sans-serif")).toBe(true);
    expect(has("<script")).toBe(false);
    const gzipped = Bun.gzipSync(new TextEncoder().encode(svg)).length;
    console.log(`US view: ${svg.length} bytes, ${gzipped} gzipped`);
    expect(gzipped).toBeLessThan(60_000);
  });

  it("names its version: without it the image is revalidated by ETag", async () => {
    const res = await t.request("/basemap/drawn/4/58/97.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"drawn-/);
    const again = await t.request("/basemap/drawn/4/58/97.svg", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const old = await t.request("/basemap/drawn/4/58/97.svg?v=0000000000000000&s=1");
    expect(old.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("answers 404 with the catalogue's message for a view it does not draw", async () => {
    for (const path of [
      "/basemap/drawn/13/1/1.svg",
      "/basemap/drawn/4/abc/1.svg",
      "/basemap/drawn/4/1/1.png",
      "/basemap/drawn/4/-1/1.svg",
      "/basemap/drawn/4/257/1.svg",
      "/basemap/drawn/4/1/99999999.svg",
      "/basemap/drawn/4.5/1/1.svg",
    ]) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Not found" });
    }
  });

  it("is an image the page's strict policy allows (img-src 'self')", async () => {
    const res = await t.request("/");
    expect(res.headers.get("content-security-policy")).toMatch(/img-src 'self'/);
  });
});

describe("many schools", () => {
  it("clusters them as the live map does: the counts add up to the schools in the drawing", async () => {
    await insertManySchools(t, 400, { latitude: 40.7, longitude: -74.0 }, "drawnbulk");
    const { drawnMap } = await homeProps("/");
    if (!drawnMap) throw new Error("no drawnMap");
    expect(schoolsIn(drawnMap.marks)).toBe(fixtureSchools.length - 1 + 400);
    const big = drawnMap.marks.find((m) => m.kind === "cluster" && m.count > 100);
    expect(big).toBeDefined();
  });
});

describe("a basemap elsewhere (BASEMAP_URL)", () => {
  it("draws land colour only, and the marks still come", async () => {
    const other = await createTestApp({ BASEMAP_URL: "https://tiles.example.com/us.pmtiles" });
    try {
      await seedFixtureSchools(other);
      const res = await other.request("/");
      const html = await res.text();
      const id = html.match(/data-island="HomeScreen" data-island-id="(island-\d+)"/)?.[1];
      const block = html.match(new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`));
      const { drawnMap } = JSON.parse(block?.[1] ?? "{}") as { drawnMap?: DrawnMapView };
      expect(drawnMap?.imageUrl).toStartWith("data:image/svg+xml,");
      expect(decodeURIComponent(drawnMap?.imageUrl ?? "")).toContain(`fill="${PALETTE.land}"`);
      expect(schoolsIn(drawnMap?.marks ?? [])).toBe(fixtureSchools.length - 1);
    } finally {
      await other.close();
    }
  });
});
