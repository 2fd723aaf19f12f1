import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { gunzipSync } from "node:zlib";
import { decodePins, PINS_CONTENT_TYPE } from "../../src/common/pins-codec";
import { seedFixtureSchools } from "../support/schools";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  // A generous guest quota here; the quota has its own tests.
  t = await createTestApp({ SEARCH_LIMIT_GUEST: "1000" });
  ids = await seedFixtureSchools(t);
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await t.request(path);
  return { status: res.status, body: await res.json(), res };
};

describe("GET /api/schools/pins", () => {
  it("is compact, cacheable by ETag and gzipped", async () => {
    const res = await t.request("/api/schools/pins", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"pins-/);
    expect(res.headers.get("content-type")).toBe(PINS_CONTENT_TYPE);
    const names = await (await t.request("/api/schools/pins/names")).text();
    const pins = decodePins(gunzipSync(Buffer.from(await res.arrayBuffer())), names);
    expect(pins).toHaveLength(6);
    const capital = pins.find((p) => p.name === "Capital City Grappling");
    // Saturday is bit 6, Sunday bit 0; its Saturday is noted "(Gi)", so it is found by the Gi filter.
    expect(capital).toEqual({
      id: ids["Capital City Grappling"] ?? 0,
      lat: 30.2655,
      lng: -97.7437,
      name: "Capital City Grappling",
      days: 0b1000001,
      rules: 0b1,
    });
    const again = await t.request("/api/schools/pins", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("changes its ETag when a school changes", async () => {
    const before = (await t.request("/api/schools/pins")).headers.get("etag");
    const extra = await createTestApp();
    await seedFixtureSchools(extra);
    const first = (await extra.request("/api/schools/pins")).headers.get("etag");
    await seedFixtureSchools(extra, () => new Date(Date.now() + 60_000));
    const second = (await extra.request("/api/schools/pins")).headers.get("etag");
    await extra.close();
    expect(before).toBeTruthy();
    expect(second).not.toBe(first);
  });
});

describe("GET /api/schools/search", () => {
  it("geocodes 'Austin, TX' and lists schools within 40 miles, nearest first", async () => {
    const { status, body } = await get(`/api/schools/search?q=${encodeURIComponent("Austin, TX")}`);
    expect(status).toBe(200);
    expect(body.strategy).toBe("radius");
    expect(body.location).toMatchObject({ city: "Austin", state: "TX" });
    const names = body.schools.map((s: { gym: string }) => s.gym);
    expect(names).toEqual(["Capital City Grappling", "Eastside Jiu-Jitsu", "Round Rock Rollers"]);
    const distances = body.schools.map((s: { distance: number }) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[2]).toBeLessThanOrEqual(40);
  });

  it("a repeated search sees a school added since, in every running copy", async () => {
    const own = await createTestApp();
    await seedFixtureSchools(own);
    const q = `/api/schools/search?q=${encodeURIComponent("Round Rock, TX")}`;
    const count = async () => (await (await own.request(q)).json()).schools.length;
    const before = await count();
    const { upsertSchool } = await import("../../src/server/features/schools/ingest");
    const { timeZoneAt } = await import("../../src/server/features/geo/time-zone");
    await upsertSchool(
      { db: own.app.context.database.db, now: () => new Date(), timeZoneAt },
      {
        gym: "Brushy Creek BJJ",
        address: "9 Brushy Creek Rd, Round Rock, TX",
        city: "Round Rock",
        state: "TX",
        latitude: 30.51,
        longitude: -97.7,
        dayAndTime: "Sun 1pm",
      },
    );
    expect(await count()).toBe(before + 1);
    await own.close();
  });

  it("finds by ZIP code", async () => {
    const { body } = await get("/api/schools/search?q=75202");
    expect(body.strategy).toBe("radius");
    expect(body.schools[0].gym).toBe("Big D Submission Club");
  });

  it("lists a state's schools for a state name", async () => {
    const { body } = await get("/api/schools/search?q=Texas");
    expect(body.strategy).toBe("state");
    expect(body.schools).toHaveLength(4);
  });

  it("falls back to free text for a gym name", async () => {
    const { body } = await get(`/api/schools/search?q=${encodeURIComponent("Desert Heat")}`);
    expect(body.strategy).toBe("text");
    expect(body.schools.map((s: { gym: string }) => s.gym)).toEqual(["Desert Heat BJJ"]);
  });

  it("carries distance from the caller's point when given", async () => {
    const { body } = await get(`/api/schools/search?q=Aloha&lat=30.2672&lng=-97.7431`);
    expect(body.schools[0].distance).toBeGreaterThan(3000);
  });

  it.each([
    ["", "Search query is required"],
    ["?q=", "Search query is required"],
    [`?q=${"x".repeat(201)}`, "Search query must be 200 characters or less"],
    ["?q=Austin&lat=95&lng=0", "lat must be a number between -90 and 90"],
  ])("rejects %s", async (query, message) => {
    const { status, body } = await get(`/api/schools/search${query}`);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe("radius, city, list and details", () => {
  it("radius returns schools within the circle with distances", async () => {
    const { status, body } = await get("/api/schools/radius?lat=30.2672&lng=-97.7431&radius=10");
    expect(status).toBe(200);
    expect(body.schools.map((s: { gym: string }) => s.gym)).toEqual([
      "Capital City Grappling",
      "Eastside Jiu-Jitsu",
    ]);
  });

  it.each([
    ["lat=91&lng=0&radius=10", "lat must be a number between -90 and 90"],
    ["lat=30&lng=-181&radius=10", "lng must be a number between -180 and 180"],
    ["lat=30&lng=-97&radius=0", "radius must be greater than 0 and at most 500 miles"],
    ["lat=30&lng=-97&radius=501", "radius must be greater than 0 and at most 500 miles"],
    ["lat=abc&lng=-97&radius=5", "lat must be a number between -90 and 90"],
    ["lng=-97&radius=5", "lat must be a number between -90 and 90"],
  ])("radius rejects %s", async (query, message) => {
    const { status, body } = await get(`/api/schools/radius?${query}`);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("city accepts a name or 'City, ST'", async () => {
    expect((await get("/api/schools/city/Austin")).body.schools).toHaveLength(2);
    expect(
      (await get(`/api/schools/city/${encodeURIComponent("Round Rock, TX")}`)).body.schools,
    ).toHaveLength(1);
    expect((await get("/api/schools/city/Nowhere")).body.schools).toHaveLength(0);
  });

  it("lists pages and all schools", async () => {
    const page = (await get("/api/schools?limit=2&offset=1")).body;
    expect(page).toMatchObject({ total: 6, limit: 2, offset: 1 });
    expect(page.schools).toHaveLength(2);
    expect((await get("/api/schools/all")).body).toHaveLength(6);
    const zipped = await t.request("/api/schools/all", { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toHaveLength(6);
    expect((await get("/api/schools?limit=0")).status).toBe(400);
  });

  it("returns one school with its structured sessions, never a 5xx for bad ids", async () => {
    const { status, body } = await get(`/api/schools/${ids["Capital City Grappling"]}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      gym: "Capital City Grappling",
      timeZone: "America/Chicago",
      saturday: true,
      sunday: true,
      monday: false,
      sessions: [
        { weekday: 0, start: 600, end: null, notes: [] },
        { weekday: 6, start: 660, end: 780, notes: ["Gi"] },
      ],
    });
    expect((await get("/api/schools/999999")).status).toBe(404);
    expect((await get("/api/schools/abc")).status).toBe(400);
    expect((await get("/api/schools/1.5")).status).toBe(400);
  });

  it("stores a real time zone per school", async () => {
    const zone = async (gym: string) => (await get(`/api/schools/${ids[gym]}`)).body.timeZone;
    expect(await zone("Desert Heat BJJ")).toBe("America/Phoenix");
    expect(await zone("Aloha Grappling")).toBe("Pacific/Honolulu");
  });
});

describe("GET /api/suggestions", () => {
  it("offers gyms and places for two or more characters, at most ten", async () => {
    const { body } = await get("/api/suggestions?query=ca");
    expect(body).toContain("Capital City Grappling");
    expect(body.length).toBeLessThanOrEqual(10);
    const places = (await get("/api/suggestions?query=aus")).body;
    expect(places).toContain("Austin, TX");
    expect((await get("/api/suggestions?query=7870")).body[0]).toMatch(/^Austin, TX 7870\d$/);
    expect((await get("/api/suggestions?query=a")).body).toEqual([]);
    expect((await get("/api/suggestions")).body).toEqual([]);
  });
});
