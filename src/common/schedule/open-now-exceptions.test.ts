import { describe, expect, it } from "bun:test";
import { hasOpenMatToday, openMatStatus, sessionAt } from "./open-now.ts";
import type { Session } from "./types.ts";

const NY = "America/New_York";
const sessions: Session[] = [
  { weekday: 0, start: 600, end: 720, notes: [] },
  { weekday: 0, start: 960, end: null, notes: [] },
  { weekday: 3, start: 1140, end: null, notes: [] },
];
// Sunday 22 November 2026, 10:30 in New York.
const sundayMorning = new Date("2026-11-22T15:30:00Z");

describe("open-now with exceptions", () => {
  it("skips a cancelled open mat for now, next, today and the check-in window", () => {
    const cancelled = [{ date: "2026-11-22", startMinute: 600, reason: "Tournament" }];
    expect(openMatStatus(sessions, NY, sundayMorning, []).current?.start).toBe(600);
    const status = openMatStatus(sessions, NY, sundayMorning, cancelled);
    expect(status.current).toBeNull();
    expect(status.next?.start).toBe(960);
    expect(sessionAt(sessions, NY, sundayMorning, cancelled)).toBeNull();
    expect(hasOpenMatToday(sessions, NY, sundayMorning, cancelled)).toBe(true);
    const closed = [{ date: "2026-11-22", startMinute: null, reason: "Closed" }];
    expect(hasOpenMatToday(sessions, NY, sundayMorning, closed)).toBe(false);
    expect(openMatStatus(sessions, NY, sundayMorning, closed).next?.startsAt).toEqual(
      new Date("2026-11-26T00:00:00Z"),
    );
  });
});
