import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { upsertSchool } from "../../src/server/features/schools/ingest";
import { SCHOOLS_VERSION_REFRESH_MS } from "../../src/server/features/schools/schools-version";
import { fixtureSchools, seedFixtureSchools } from "../support/schools";
import { secondCopy } from "../support/second-copy";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 14, scale-out: each copy keeps the schools version it read for a second, so a page
 * that shows no data makes no round trip, and a school page or the home screen of a guest
 * none while the version is fresh. A write is seen at once by the copy that made it, and
 * by every other copy within a second.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof secondCopy>>;
const capital = fixtureSchools[0] as (typeof fixtureSchools)[number];
const slug = "capital-city-grappling-austin-tx";

beforeAll(async () => {
  a = await createTestApp();
  await seedFixtureSchools(a);
  b = await secondCopy(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** The school `rename` writes, far from the fixtures, and a request for the school nearest it. */
const NEAR_IT = "/api/schools/nearby?lat=44.05&lng=-121.31&limit=1";
const rename = (gym: string, isDemo = false) =>
  upsertSchool(
    { db: a.app.context.database.db, now: () => new Date(), timeZoneAt },
    { ...capital, sourceKey: "renamed", gym, isDemo, latitude: 44.05, longitude: -121.31 },
  );

describe("the schools version, kept per copy", () => {
  it("a guest's /about, school page and home screen send no statement while the version is fresh", async () => {
    const counter = countStatements(a.app.context.database.client);
    for (const path of ["/about", `/schools/${slug}`, "/"]) {
      expect((await a.request(path)).status).toBe(200);
      counter.reset();
      for (let i = 0; i < 3; i++) expect((await a.request(path)).status).toBe(200);
      expect({ path, statements: counter.n }).toEqual({ path, statements: 0 });
    }
  });

  it("a write is seen by the next request of its own copy, and by another copy after the refresh", async () => {
    await rename("Capital Grappling Club");
    const newSlug = "capital-grappling-club-austin-tx";
    expect(await (await a.request(`/schools/${newSlug}`)).text()).toContain("Capital Grappling Club");
    // Copy B reads the version again within a second, whatever it held before the write.
    await Bun.sleep(SCHOOLS_VERSION_REFRESH_MS + 50);
    expect(await (await b.request(`/schools/${newSlug}`)).text()).toContain("Capital Grappling Club");

    const before = performance.now();
    expect(await (await b.request(NEAR_IT)).text()).toContain("Capital Grappling Club");
    await rename("Capital Rollers");
    const stale = await (await b.request(NEAR_IT)).text();
    // Within the second B trusts what it read: the old name (unless this machine took that long).
    if (performance.now() - before < SCHOOLS_VERSION_REFRESH_MS * 0.8)
      expect(stale).toContain("Capital Grappling Club");
    expect(await (await a.request(NEAR_IT)).text()).toContain("Capital Rollers");
    await Bun.sleep(SCHOOLS_VERSION_REFRESH_MS + 50);
    expect(await (await b.request(NEAR_IT)).text()).toContain("Capital Rollers");
  });

  it("the demo notice follows the schools version", async () => {
    expect(await (await a.request("/about")).text()).not.toContain("Demo data:");
    await rename("Capital Demo Gym", true);
    expect(await (await a.request("/about")).text()).toContain("Demo data:");
    await Bun.sleep(SCHOOLS_VERSION_REFRESH_MS + 50);
    expect(await (await b.request("/about")).text()).toContain("Demo data:");
  });
});
