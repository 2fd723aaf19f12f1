import { describe, expect, it } from "bun:test";
import { formatMessageTime, formatRelativeTime } from "./relative-time";

const now = new Date("2026-06-10T18:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatRelativeTime (spec §9 relative time)", () => {
  it.each([
    [0, "Just now"],
    [59_999, "Just now"],
    [-5 * MIN, "Just now"],
    [MIN, "1m"],
    [59 * MIN + 59_999, "59m"],
    [HOUR, "1h"],
    [23 * HOUR + 59 * MIN, "23h"],
    [DAY, "1d"],
    [6 * DAY + 23 * HOUR, "6d"],
    [7 * DAY, "Jun 3"],
    [200 * DAY, "Nov 22, 2025"],
  ])("%p ms ago → %p", (ms, text) => {
    expect(formatRelativeTime(ago(ms), now, "UTC")).toBe(text);
  });

  it("dates in the reader's zone", () => {
    // 02:00 UTC on 1 June is still 31 May in Los Angeles.
    const at = new Date("2026-06-01T02:00:00Z");
    expect(formatRelativeTime(at, now, "UTC")).toBe("Jun 1");
    expect(formatRelativeTime(at, now, "America/Los_Angeles")).toBe("May 31");
  });
});

describe("formatMessageTime (spec §2 Conversation)", () => {
  it("shows the time alone for today", () => {
    expect(formatMessageTime(new Date("2026-06-10T09:05:00Z"), now, "UTC")).toBe("9:05 AM");
  });
  it("shows a short date and time for another day", () => {
    expect(formatMessageTime(new Date("2026-06-09T21:30:00Z"), now, "UTC")).toBe("Jun 9, 9:30 PM");
    expect(formatMessageTime(new Date("2025-12-31T08:00:00Z"), now, "UTC")).toBe("Dec 31, 2025, 8:00 AM");
  });
  it("decides 'today' in the reader's zone", () => {
    const at = new Date("2026-06-10T03:00:00Z");
    expect(formatMessageTime(at, now, "UTC")).toBe("3:00 AM");
    expect(formatMessageTime(at, now, "America/New_York")).toBe("Jun 9, 11:00 PM");
  });
});
