import { describe, expect, it } from "bun:test";
import { boundingBox, distanceMeters, distanceMiles, formatDistance, isValidCoordinate } from "./geo";

describe("geo maths", () => {
  it("measures known distances", () => {
    // Austin to Dallas is about 182 miles as the crow flies.
    expect(distanceMiles(30.2672, -97.7431, 32.7767, -96.797)).toBeCloseTo(182, -1);
    expect(distanceMeters(40, -75, 40, -75)).toBe(0);
    // One degree of latitude on this sphere.
    expect(distanceMeters(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
  });

  it("bounding box contains the circle", () => {
    const box = boundingBox(30.2672, -97.7431, 40);
    for (const [lat, lng] of [
      [30.2672 + 0.579, -97.7431],
      [30.2672, -97.7431 + 0.66],
      [30.2672 - 0.579, -97.7431],
    ] as const) {
      expect(lat).toBeLessThanOrEqual(box.maxLat);
      expect(lat).toBeGreaterThanOrEqual(box.minLat);
      expect(lng).toBeLessThanOrEqual(box.maxLng);
      expect(lng).toBeGreaterThanOrEqual(box.minLng);
    }
  });

  it("validates coordinates", () => {
    expect(isValidCoordinate(30, -97)).toBe(true);
    expect(isValidCoordinate(91, 0)).toBe(false);
    expect(isValidCoordinate(0, -181)).toBe(false);
    expect(isValidCoordinate(Number.NaN, 0)).toBe(false);
  });
});

describe("formatDistance (issue 23: 'You are 482114m away')", () => {
  it("reads under a tenth of a mile in feet, rounded up to 10 ft", () => {
    expect(formatDistance(0)).toBe("0 feet");
    expect(formatDistance(62)).toBe("210 feet");
    expect(formatDistance(100)).toBe("330 feet");
    expect(formatDistance(160)).toBe("530 feet");
  });

  it("reads a tenth of a mile and more in miles to one decimal", () => {
    expect(formatDistance(161)).toBe("0.1 miles");
    expect(formatDistance(1609.344)).toBe("1.0 mile");
    expect(formatDistance(482_114)).toBe("299.6 miles");
    expect(formatDistance(2_000_000)).toBe("1,242.7 miles");
  });
});
