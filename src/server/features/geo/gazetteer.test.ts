import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GAZETTEER_FILE } from "./data-format";
import { type Gazetteer, loadGazetteer } from "./gazetteer";
import { ensureGeoData } from "./test-support";

const STATE_CODES =
  "AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND NE NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY";

let gazetteer: Gazetteer;
beforeAll(() => {
  ensureGeoData();
  gazetteer = loadGazetteer();
});

/** Inside the box that holds the 50 states (Hawaii to Maine, Florida Keys to Alaska's north coast). */
const inUs = (lat: number, lng: number) => lat > 18 && lat < 72 && lng > -180 && lng < -66;

describe("loadGazetteer", () => {
  test("holds the 50 states and DC with names, centres and boxes", () => {
    expect(gazetteer.states.map((s) => s.code).join(" ")).toBe(STATE_CODES);
    expect(gazetteer.states.find((s) => s.code === "DC")?.name).toBe("District of Columbia");
    for (const state of gazetteer.states) {
      const [west, south, east, north] = state.bbox;
      expect(state.lat).toBeGreaterThanOrEqual(south);
      expect(state.lat).toBeLessThanOrEqual(north);
      expect(state.lng).toBeGreaterThanOrEqual(west);
      expect(state.lng).toBeLessThanOrEqual(east);
    }
  });

  test("lists cities of every state, largest first, inside the US", () => {
    const { cities } = gazetteer;
    expect(cities.length).toBeGreaterThan(15_000);
    expect(cities[0]).toMatchObject({ name: "New York City", state: "NY" });
    expect(new Set(cities.map((c) => c.state)).size).toBe(51);
    expect(cities.every((c, i) => i === 0 || (cities[i - 1]?.population ?? 0) >= c.population)).toBe(true);
    expect(cities.every((c) => inUs(c.lat, c.lng))).toBe(true);
    const springfields = cities.filter((c) => c.name === "Springfield").map((c) => c.state);
    expect(springfields.slice(0, 3)).toEqual(["MO", "MA", "IL"]);
  });

  test("lists five-digit ZIP codes in order, inside the US", () => {
    const { zips } = gazetteer;
    expect(zips.length).toBeGreaterThan(40_000);
    expect(zips.every((z, i) => /^\d{5}$/.test(z.zip) && (i === 0 || (zips[i - 1]?.zip ?? "") < z.zip))).toBe(
      true,
    );
    expect(zips.every((z) => inUs(z.lat, z.lng) && STATE_CODES.includes(z.state))).toBe(true);
    expect(zips.find((z) => z.zip === "78701")).toMatchObject({ city: "Austin", state: "TX" });
  });

  test("is read once and shared", () => {
    expect(loadGazetteer()).toBe(gazetteer);
  });

  test("says how to build the data when it is missing, and refuses another format", () => {
    const empty = mkdtempSync(join(tmpdir(), "geo-"));
    try {
      expect(() => loadGazetteer(empty)).toThrow("npm run build:geo");
      writeFileSync(join(empty, GAZETTEER_FILE), JSON.stringify({ format: 999 }));
      expect(() => loadGazetteer(empty)).toThrow("format 999");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
