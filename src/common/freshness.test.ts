import { describe, expect, it } from "bun:test";
import { confirmedByCheckinText } from "./freshness";

const now = new Date("2026-06-10T18:00:00Z");

describe("confirmedByCheckinText", () => {
  it.each([
    [null, null],
    ["2026-06-10T12:00:00Z", "Confirmed by a check-in today"],
    ["2026-06-09T17:00:00Z", "Confirmed by a check-in 1 day ago"],
    ["2026-06-01T18:00:00Z", "Confirmed by a check-in 9 days ago"],
    // A clock slightly behind the server's never reads as the future.
    ["2026-06-10T18:05:00Z", "Confirmed by a check-in today"],
  ])("%s → %s", (at, text) => {
    expect(confirmedByCheckinText(at, now)).toBe(text);
  });
});
