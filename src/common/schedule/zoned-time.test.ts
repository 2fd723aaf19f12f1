import { describe, expect, test } from "bun:test";
import { instantOfWallClock, isValidTimeZone, wallClockAt } from "./zoned-time.ts";

describe("wallClockAt", () => {
  test("reads local date, weekday and minutes in the given zone", () => {
    expect(wallClockAt(new Date("2026-07-12T03:30:00Z"), "America/Los_Angeles")).toEqual({
      year: 2026,
      month: 7,
      day: 11,
      weekday: 6,
      minutes: 20 * 60 + 30,
    });
    expect(wallClockAt(new Date("2026-07-12T03:30:00Z"), "UTC").weekday).toBe(0);
  });

  test("reads midnight as minute 0", () => {
    expect(wallClockAt(new Date("2026-07-12T04:00:00Z"), "America/New_York").minutes).toBe(0);
  });
});

describe("instantOfWallClock", () => {
  test("maps a plain local time and a day offset", () => {
    const date = { year: 2026, month: 12, day: 31 };
    expect(instantOfWallClock(date, 1, 90, "America/Chicago")).toEqual(new Date("2027-01-01T01:30:00-06:00"));
  });

  test("maps Indiana, which now follows Eastern time with daylight saving", () => {
    const date = { year: 2026, month: 7, day: 11 };
    expect(instantOfWallClock(date, 0, 600, "America/Indiana/Indianapolis")).toEqual(
      new Date("2026-07-11T10:00:00-04:00"),
    );
  });
});

describe("isValidTimeZone", () => {
  test("accepts IANA zones and rejects made-up ones", () => {
    expect(isValidTimeZone("America/Phoenix")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
