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

  it("follows a moved open mat to its new time, with its own session, and not at the old one", () => {
    // Sunday's 10:00 moved to 8:30 the same morning, Wednesday's 19:00 moved to Monday 18:00.
    const moved = [
      {
        date: "2026-11-22",
        startMinute: 600,
        reason: "Early",
        moveTo: { date: "2026-11-22", start: 510, end: 600 },
      },
      {
        date: "2026-11-25",
        startMinute: 1140,
        reason: "Swap",
        moveTo: { date: "2026-11-23", start: 1080, end: null },
      },
    ];
    // 10:30: the old window would hold it; the new one (8:30 + 120 minutes) still does, as 8:30's.
    const now = openMatStatus(sessions, NY, sundayMorning, moved);
    expect(now.current?.start).toBe(510);
    expect(now.current?.session).toBe(sessions[0] as Session);
    // 11:45: past 8:30's window, though 10:00's would still be open.
    const later = new Date("2026-11-22T16:45:00Z");
    expect(sessionAt(sessions, NY, later, moved)).toBeNull();
    expect(sessionAt(sessions, NY, later, [])?.session).toBe(sessions[0] as Session);
    // Monday 18:10: Wednesday's open mat is on, as Wednesday's session.
    const monday = new Date("2026-11-23T23:10:00Z");
    expect(sessionAt(sessions, NY, monday, moved)?.session).toBe(sessions[2] as Session);
    expect(sessionAt(sessions, NY, monday, [])).toBeNull();
    // Sunday night: the next one is Monday's moved open mat, not Wednesday's old slot.
    const sundayNight = new Date("2026-11-23T03:00:00Z");
    expect(openMatStatus(sessions, NY, sundayNight, moved).next?.startsAt).toEqual(
      new Date("2026-11-23T23:00:00Z"),
    );
  });
});
