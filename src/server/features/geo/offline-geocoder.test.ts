import { beforeAll, describe, expect, test } from "bun:test";
import { loadGazetteer } from "./gazetteer";
import { createOfflineGeocoder, type GeoKind, type OfflineGeocoder } from "./offline-geocoder";
import { ensureGeoData } from "./test-support";

let geocoder: OfflineGeocoder;
beforeAll(() => {
  ensureGeoData();
  geocoder = createOfflineGeocoder(loadGazetteer());
});

/** [query, expected label and kind (null: no result)]. */
const CASES: [string, string | null, GeoKind | null][] = [
  // City, ST in its many spellings
  ["Austin, TX", "Austin, TX", "city"],
  ["austin tx", "Austin, TX", "city"],
  ["  AUSTIN ,  tx. ", "Austin, TX", "city"],
  ["Austin, Texas", "Austin, TX", "city"],
  ["Austin Texas", "Austin, TX", "city"],
  ["Austin TX, USA", "Austin, TX", "city"],
  ["Boise, ID, USA", "Boise, ID", "city"],
  ["Austin, MN", "Austin, MN", "city"],
  ["Anchorage, Alaska", "Anchorage, AK", "city"],
  ["Portland Maine", "Portland, ME", "city"],
  ["Portland, ME", "Portland, ME", "city"],
  ["Charleston, West Virginia", "Charleston, WV", "city"],
  ["Charleston West Virginia", "Charleston, WV", "city"],
  ["Indiana, PA", "Indiana, PA", "city"],
  ["Fort Wayne IN", "Fort Wayne, IN", "city"],
  ["Kansas City, KS", "Kansas City, KS", "city"],
  // A city alone: the largest of the name
  ["Austin", "Austin, TX", "city"],
  ["Springfield", "Springfield, MO", "city"],
  ["Springfield, IL", "Springfield, IL", "city"],
  ["Springfield, Massachusetts", "Springfield, MA", "city"],
  ["Portland", "Portland, OR", "city"],
  ["Kansas City", "Kansas City, MO", "city"],
  ["Honolulu", "Honolulu, HI", "city"],
  ["Miami Beach", "Miami Beach, FL", "city"],
  // Saint / Fort / Mount, punctuation and accents
  ["St. Louis", "St. Louis, MO", "city"],
  ["Saint Louis", "St. Louis, MO", "city"],
  ["st louis mo", "St. Louis, MO", "city"],
  ["St Paul", "Saint Paul, MN", "city"],
  ["Ft. Worth, TX", "Fort Worth, TX", "city"],
  ["Mt. Pleasant, SC", "Mount Pleasant, SC", "city"],
  ["Winston Salem", "Winston-Salem, NC", "city"],
  ["coeur d'alene", "Coeur d'Alene, ID", "city"],
  ["Canon City, CO", "Cañon City, CO", "city"],
  // New York and Washington: the city and the state
  ["New York City", "New York City, NY", "city"],
  ["New York, NY", "New York City, NY", "city"],
  ["NYC", "New York City, NY", "city"],
  ["New York", "New York", "state"],
  ["Washington, DC", "Washington, DC", "city"],
  ["Washington D.C.", "Washington, DC", "city"],
  ["Washington", "Washington", "state"],
  ["Philly", "Philadelphia, PA", "city"],
  // Too small for the city list, but it has a post office
  ["Bird-in-Hand, PA", "Bird In Hand, PA", "city"],
  // States by name and code; a bare code means the state, not a city
  ["Texas", "Texas", "state"],
  ["TX", "Texas", "state"],
  ["tx", "Texas", "state"],
  ["rhode island", "Rhode Island", "state"],
  ["District of Columbia", "District of Columbia", "state"],
  ["LA", "Louisiana", "state"],
  // ZIP codes, ZIP+4, and a ZIP after an address
  ["78701", "Austin, TX 78701", "zip"],
  ["78701-1234", "Austin, TX 78701", "zip"],
  ["787011234", "Austin, TX 78701", "zip"],
  ["Austin, TX 78701", "Austin, TX 78701", "zip"],
  ["1100 Congress Ave, Austin, TX 78701", "Austin, TX 78701", "zip"],
  ["1100 Congress Ave, Austin, TX", "Austin, TX", "city"],
  ["10001", "New York, NY 10001", "zip"],
  ["Austin, TX 00000", "Austin, TX", "city"],
  // Nothing
  ["00000", null, null],
  ["99999", null, null],
  ["asdfgh", null, null],
  ["qwerty uiop", null, null],
  ["", null, null],
  ["   ", null, null],
  [",,,", null, null],
  ["123", null, null],
  ["Austin, CA", null, null],
  ["Paris, France", null, null],
  ["x".repeat(500), null, null],
];

describe("geocode", () => {
  test.each(CASES)("%p → %p", (query, label, kind) => {
    const result = geocoder.geocode(query);
    expect(result?.label ?? null).toBe(label);
    expect(result?.kind ?? null).toBe(kind);
  });

  test("a city result carries its coordinates, city and state code", () => {
    const austin = geocoder.geocode("Austin, TX");
    expect(austin).toMatchObject({ city: "Austin", state: "TX", kind: "city" });
    expect(austin?.latitude).toBeCloseTo(30.27, 1);
    expect(austin?.longitude).toBeCloseTo(-97.74, 1);
  });

  test("a state result has no city and sits inside the state", () => {
    const texas = geocoder.geocode("Texas");
    expect(texas).toMatchObject({ city: null, state: "TX", label: "Texas" });
    expect(texas?.latitude).toBeGreaterThan(25.8);
    expect(texas?.latitude).toBeLessThan(36.5);
    expect(texas?.longitude).toBeGreaterThan(-106.7);
    expect(texas?.longitude).toBeLessThan(-93.5);
  });

  test("a ZIP result names the post office's place", () => {
    expect(geocoder.geocode("96813")).toMatchObject({ city: "Honolulu", state: "HI", kind: "zip" });
    expect(geocoder.geocode("99501")).toMatchObject({ city: "Anchorage", state: "AK", kind: "zip" });
  });
});

describe("suggestCities", () => {
  test("offers the largest cities first, labelled City, ST", () => {
    expect(geocoder.suggestCities("aus", 3)).toEqual(["Austin, TX", "Austintown, OH", "Austin, MN"]);
    expect(geocoder.suggestCities("san", 4)).toEqual([
      "San Antonio, TX",
      "San Diego, CA",
      "San Jose, CA",
      "San Francisco, CA",
    ]);
  });

  test("needs two characters", () => {
    expect(geocoder.suggestCities("a")).toEqual([]);
    expect(geocoder.suggestCities(" ")).toEqual([]);
    expect(geocoder.suggestCities("ho").length).toBeGreaterThan(0);
  });

  test("matches a state typed after the city", () => {
    expect(geocoder.suggestCities("austin, t")).toEqual(["Austin, TX"]);
    expect(geocoder.suggestCities("portland m")).toEqual(["Portland, ME", "Portland, MI"]);
    expect(geocoder.suggestCities("washington d")).toEqual(["Washington, DC"]);
  });

  test("treats Saint and St. alike, even while the word is being typed", () => {
    expect(geocoder.suggestCities("st lo", 2)).toEqual(["St. Louis, MO", "Saint Louis Park, MN"]);
    expect(geocoder.suggestCities("saint lo", 2)).toEqual(["St. Louis, MO", "Saint Louis Park, MN"]);
    expect(geocoder.suggestCities("sai", 2)).toEqual(["St. Louis, MO", "Saint Paul, MN"]);
    // "Ste" could still become "Sterling": it must not turn into "Sainte" only.
    expect(geocoder.suggestCities("ste", 1)).toEqual(["Sterling Heights, MI"]);
    expect(geocoder.suggestCities("mt pl", 1)).toEqual(["Mount Pleasant, SC"]);
  });

  test("honours the limit and finds nothing for gibberish", () => {
    expect(geocoder.suggestCities("sp", 5)).toHaveLength(5);
    expect(geocoder.suggestCities("zzqx")).toEqual([]);
  });
});

describe("suggestZips", () => {
  test("lists ZIP codes with the prefix in order", () => {
    expect(geocoder.suggestZips("7870", 3)).toEqual([
      "Austin, TX 78701",
      "Austin, TX 78702",
      "Austin, TX 78703",
    ]);
    expect(geocoder.suggestZips("10001")).toEqual(["New York, NY 10001"]);
  });

  test("needs two to five digits", () => {
    expect(geocoder.suggestZips("7")).toEqual([]);
    expect(geocoder.suggestZips("787011")).toEqual([]);
    expect(geocoder.suggestZips("austin")).toEqual([]);
    expect(geocoder.suggestZips("00000")).toEqual([]);
    expect(geocoder.suggestZips("99", 100).every((label) => / 99\d{3}$/.test(label))).toBe(true);
  });
});
