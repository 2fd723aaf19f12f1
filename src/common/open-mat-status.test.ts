import { describe, expect, it } from "bun:test";
import { hasOpenMatTodayOn, openMatStatusOn, sessionOpenAt } from "./open-mat-status";
import { openMatStatus } from "./schedule/open-now";
import type { Session } from "./schedule/types";

const NY = "America/New_York";
const sessions: Session[] = [
  { weekday: 0, start: 600, end: 720, notes: [] },
  { weekday: 0, start: 960, end: null, notes: [] },
  { weekday: 3, start: 1140, end: null, notes: [] },
];
// Sunday 22 November 2026, 10:30 in New York.
const sundayMorning = new Date("2026-11-22T15:30:00Z");

describe("open-mat status with exceptions", () => {
  it("with no exceptions answers as open-now does", () => {
    for (const at of [sundayMorning, new Date("2026-11-25T23:50:00Z"), new Date("2027-03-14T06:00:00Z")]) {
      const mine = openMatStatusOn(sessions, [], NY, at);
      const theirs = openMatStatus(sessions, NY, at);
      expect([mine.current?.startsAt, mine.next?.startsAt]).toEqual([
        theirs.current?.startsAt,
        theirs.next?.startsAt,
      ]);
    }
  });

  it("skips a cancelled open mat for now, next, today and the check-in window", () => {
    const cancelled = [{ date: "2026-11-22", startMinute: 600, reason: "Tournament" }];
    expect(openMatStatusOn(sessions, [], NY, sundayMorning).current?.start).toBe(600);
    const status = openMatStatusOn(sessions, cancelled, NY, sundayMorning);
    expect(status.current).toBeNull();
    expect(status.next?.start).toBe(960);
    expect(sessionOpenAt(sessions, cancelled, NY, sundayMorning)).toBeNull();
    expect(hasOpenMatTodayOn(sessions, cancelled, NY, sundayMorning)).toBe(true);
    const closed = [{ date: "2026-11-22", startMinute: null, reason: "Closed" }];
    expect(hasOpenMatTodayOn(sessions, closed, NY, sundayMorning)).toBe(false);
    expect(openMatStatusOn(sessions, closed, NY, sundayMorning).next?.startsAt).toEqual(
      new Date("2026-11-26T00:00:00Z"),
    );
  });
});
