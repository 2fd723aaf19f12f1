import { describe, expect, it } from "bun:test";
import { distanceMiles } from "../../../common/geo";
import { type IndexedPlace, type Ranked, SpatialIndex } from "./spatial-index";

/** A deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** Every place by distance, then id: the order the index must reproduce. */
function bruteForce(places: readonly IndexedPlace[], lat: number, lng: number): Ranked[] {
  return places
    .map((p) => ({ id: p.id, miles: distanceMiles(lat, lng, p.latitude, p.longitude) }))
    .sort((a, b) => a.miles - b.miles || a.id - b.id);
}

const rnd = random(7);
/** Clusters around a few cities, plus some anywhere on earth. */
const places: IndexedPlace[] = [];
const cities = [
  [30.27, -97.74],
  [40.71, -74.0],
  [64.84, -147.72],
  [-33.87, 151.21],
  [51.5, 179.9],
  [51.5, -179.9],
];
for (let id = 1; id <= 3000; id++) {
  const city = cities[id % cities.length] as number[];
  const spread = id % 10 === 0 ? 60 : 0.5;
  places.push({
    id,
    latitude: Math.max(-90, Math.min(90, (city[0] as number) + (rnd() - 0.5) * spread)),
    longitude: (((city[1] as number) + (rnd() - 0.5) * spread * 3 + 540) % 360) - 180,
  });
}
const index = new SpatialIndex(places);

const points: [number, number][] = [
  [30.2672, -97.7431],
  [39.8283, -98.5795],
  [0, 0],
  [51.5, 180],
  [51.5, -180],
  [-89.9, 12],
  [89.9, -45],
  [-33.9, 151.2],
];

describe("SpatialIndex", () => {
  it("finds the same nearest places, in the same order, as sorting every place", () => {
    for (const [lat, lng] of points) {
      for (const limit of [1, 15, 100, 500]) {
        expect(index.nearest(lat, lng, limit)).toEqual(bruteForce(places, lat, lng).slice(0, limit));
      }
    }
  });

  it("lists everything within a radius nearest first, across the antimeridian too", () => {
    for (const [lat, lng] of points) {
      for (const miles of [0.5, 10, 40, 500]) {
        const expected = bruteForce(places, lat, lng).filter((r) => r.miles <= miles);
        expect(index.within(lat, lng, miles)).toEqual(expected);
      }
    }
    // Both sides of the antimeridian are one city apart.
    const across = index.within(51.5, 180, 40).map((r) => r.id % cities.length);
    expect(new Set(across)).toEqual(new Set([4, 5]));
  });

  it("breaks ties by id, like the brute-force order", () => {
    const tied: IndexedPlace[] = [
      { id: 9, latitude: 10, longitude: 20.5 },
      { id: 3, latitude: 10, longitude: 19.5 },
      { id: 5, latitude: 10, longitude: 20.5 },
      { id: 4, latitude: 10, longitude: 20 },
      { id: 8, latitude: 10, longitude: 20 },
    ];
    const small = new SpatialIndex(tied);
    expect(small.nearest(10, 20, 3).map((r) => r.id)).toEqual([4, 8, 3]);
    expect(small.nearest(10, 20, 5).map((r) => r.id)).toEqual(bruteForce(tied, 10, 20).map((r) => r.id));
    expect(small.within(10, 20, 100).map((r) => r.id)).toEqual(bruteForce(tied, 10, 20).map((r) => r.id));
  });

  it("with a rule mask, answers what sorting only the places with every bit of it would", () => {
    const ruled = places.map((p) => ({ ...p, rules: p.id % 64 }));
    const filtered = new SpatialIndex(ruled);
    for (const mask of [0, 0b1, 0b110, 0b100001, 0b111111]) {
      const having = ruled.filter((p) => (p.rules & mask) === mask);
      for (const [lat, lng] of points) {
        expect(filtered.nearest(lat, lng, 15, mask)).toEqual(bruteForce(having, lat, lng).slice(0, 15));
        const expected = bruteForce(having, lat, lng).filter((r) => r.miles <= 500);
        expect(filtered.within(lat, lng, 500, mask)).toEqual(expected);
      }
    }
    // A mask no place has: nothing, however far it looks.
    expect(new SpatialIndex(places).nearest(0, 0, 15, 0b1)).toEqual([]);
  });

  it("answers every place when fewer than asked, and nothing from an empty index", () => {
    expect(index.nearest(0, 0, 5000)).toHaveLength(places.length);
    expect(new SpatialIndex([]).nearest(0, 0, 15)).toEqual([]);
    expect(new SpatialIndex([]).within(0, 0, 40)).toEqual([]);
    expect(index.nearest(0, 0, 0)).toEqual([]);
  });
});
