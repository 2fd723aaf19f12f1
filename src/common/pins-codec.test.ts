import { describe, expect, it } from "bun:test";
import { decodePins, encodePins, PINS_FORMAT, type PinRow, PinsMismatch } from "./pins-codec";

/** Encodes, then decodes the two bodies together, as the home screen does. */
const roundTrip = (rows: readonly PinRow[]) => {
  const { pins, names } = encodePins(rows);
  return decodePins(pins, names);
};

/** A small deterministic generator, so a failure names the same rows every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const expectSameRows = (decoded: PinRow[], given: PinRow[]) => {
  const byId = [...given].sort((a, b) => a.id - b.id);
  expect(decoded.map((r) => r.id)).toEqual(byId.map((r) => r.id));
  expect(decoded.map((r) => r.name)).toEqual(byId.map((r) => r.name));
  expect(decoded.map((r) => r.days)).toEqual(byId.map((r) => r.days));
  expect(decoded.map((r) => r.rules ?? 0)).toEqual(byId.map((r) => r.rules ?? 0));
  for (const [i, row] of decoded.entries()) {
    const want = byId[i] as PinRow;
    expect(Math.abs(row.lat - want.lat)).toBeLessThanOrEqual(1e-5);
    expect(Math.abs(row.lng - want.lng)).toBeLessThanOrEqual(1e-5);
  }
};

describe("pins codec", () => {
  it("round-trips ids, names, positions and days, ordered by id", () => {
    const rows: PinRow[] = [
      { id: 42, lat: 30.2655, lng: -97.7437, name: "Capital City Grappling", days: 0b1000001 },
      { id: 7, lat: 40.712776, lng: -74.005974, name: 'The "Mat" Room \\ Ñandú 柔術 🥋', days: 0 },
      { id: 1_000_000, lat: -33.8688, lng: 151.2093, name: "", days: 127 },
      { id: 8, lat: 40.712776, lng: -74.005974, name: "Same place, other gym\nsecond line", days: 2 },
      { id: 9, lat: 90, lng: 180, name: "Pole", days: 64 },
      { id: 10, lat: -90, lng: -180, name: "Other pole", days: 1 },
      { id: 11, lat: 0, lng: 0, name: "Capital City Grappling", days: 5 },
    ];
    expectSameRows(roundTrip(rows), rows);
  });

  it("gives the same positions the JSON pins gave: rounded to 1e-5 degree", () => {
    const [row] = roundTrip([{ id: 1, lat: 30.265_54, lng: -97.743_66, name: "A", days: 1 }]);
    expect(row).toEqual({ id: 1, lat: 30.26554, lng: -97.74366, name: "A", days: 1 });
    const [rounded] = roundTrip([{ id: 1, lat: 30.265_546, lng: -97.743_664, name: "A", days: 1 }]);
    expect(rounded?.lat).toBe(Math.round(30.265_546 * 1e5) / 1e5);
    expect(rounded?.lng).toBe(Math.round(-97.743_664 * 1e5) / 1e5);
  });

  it("round-trips thousands of schools with repeated names and every day mask", () => {
    const next = random(7);
    const words = ["Iron", "Tidal", "Granite", "Jiu-Jitsu", "BJJ", "Academy", "Ōkami", "L'Équipe"];
    const rows: PinRow[] = Array.from({ length: 5000 }, (_, i) => ({
      id: 1 + i * 3 + Math.floor(next() * 3),
      lat: 25 + next() * 24,
      lng: -124 + next() * 57,
      name: `${words[Math.floor(next() * words.length)]} ${words[Math.floor(next() * words.length)]}`,
      days: i % 128,
      rules: i % 64,
    }));
    expectSameRows(roundTrip(rows), rows);
  });

  it("round-trips each school's visitor-rule bits, and leaves them out where there are none", () => {
    const rows: PinRow[] = [
      { id: 1, lat: 30, lng: -97, name: "Free No-Gi", days: 1, rules: 0b000110 },
      { id: 2, lat: 30.1, lng: -97, name: "Unknown", days: 2, rules: 0 },
      { id: 3, lat: 30.2, lng: -97, name: "Not said", days: 4 },
      { id: 4, lat: 30.3, lng: -97, name: "Everything", days: 8, rules: 0b111111 },
    ];
    expect(roundTrip(rows)).toEqual([
      { id: 1, lat: 30, lng: -97, name: "Free No-Gi", days: 1, rules: 0b000110 },
      { id: 2, lat: 30.1, lng: -97, name: "Unknown", days: 2 },
      { id: 3, lat: 30.2, lng: -97, name: "Not said", days: 4 },
      { id: 4, lat: 30.3, lng: -97, name: "Everything", days: 8, rules: 0b111111 },
    ]);
  });

  it("costs next to nothing gzipped while no gym has set rules", () => {
    const next = random(11);
    const rows: PinRow[] = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      lat: 25 + next() * 24,
      lng: -124 + next() * 57,
      name: `Gym ${i}`,
      days: i % 128,
    }));
    const withRules = encodePins(rows).pins;
    // The same body without its last 5,000 bytes (the rules).
    const without = withRules.subarray(0, withRules.length - rows.length);
    expect(Bun.gzipSync(withRules).length - Bun.gzipSync(without).length).toBeLessThan(100);
  });

  it("encodes no schools", () => {
    expect(roundTrip([])).toEqual([]);
  });

  it("refuses a body of another format or cut short", () => {
    const { pins: body, names } = encodePins([{ id: 1, lat: 1, lng: 1, name: "A", days: 1 }]);
    expect(body[0]).toBe(PINS_FORMAT);
    expect(() => decodePins(Uint8Array.of(PINS_FORMAT + 1, ...body.subarray(1)))).toThrow("unknown format");
    expect(() => decodePins(body.subarray(0, body.length - 1))).toThrow("ends early");
    expect(() => decodePins(body, names.replace('"key":"', '"key":"0'))).toThrow(PinsMismatch);
  });

  it("sends a repeated name once: later pins name it by how far back it was", () => {
    const rows: PinRow[] = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      lat: 30 + i / 1000,
      lng: -97,
      name: ["Iron Academy", "Tidal BJJ", "7"][i % 3] as string,
      days: 1,
    }));
    const { names } = encodePins(rows);
    expect(names.match(/Iron Academy/g)).toHaveLength(1);
    expectSameRows(roundTrip(rows), rows);
  });
});
