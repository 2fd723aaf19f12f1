import { expect, test } from "bun:test";
import { timeZoneAt } from "./time-zone";

/** [place, latitude, longitude, IANA zone]: each US zone rule that trips people up, and the big cities. */
const CASES: [string, number, number, string][] = [
  ["Phoenix (no DST)", 33.4484, -112.074, "America/Phoenix"],
  ["Indianapolis", 39.7684, -86.1581, "America/Indiana/Indianapolis"],
  ["Honolulu", 21.3069, -157.8583, "Pacific/Honolulu"],
  ["Anchorage", 61.2181, -149.9003, "America/Anchorage"],
  ["Boise (Mountain in Idaho)", 43.6135, -116.2034, "America/Boise"],
  ["El Paso (Mountain in Texas)", 31.7619, -106.485, "America/Denver"],
  ["New York City", 40.7128, -74.006, "America/New_York"],
  ["Chicago", 41.8781, -87.6298, "America/Chicago"],
  ["Los Angeles", 34.0522, -118.2437, "America/Los_Angeles"],
  ["Detroit", 42.3314, -83.0458, "America/Detroit"],
  ["Denver", 39.7392, -104.9903, "America/Denver"],
  ["Louisville", 38.2527, -85.7585, "America/Kentucky/Louisville"],
  ["Pensacola (Central in Florida)", 30.4213, -87.2169, "America/Chicago"],
];

test.each(CASES)("%s", (_place, latitude, longitude, zone) => {
  expect(timeZoneAt(latitude, longitude)).toBe(zone);
});

test("rejects what is not a coordinate", () => {
  expect(() => timeZoneAt(Number.NaN, 0)).toThrow(RangeError);
  expect(() => timeZoneAt(91, 0)).toThrow(RangeError);
  expect(() => timeZoneAt(0, -181)).toThrow(RangeError);
});
