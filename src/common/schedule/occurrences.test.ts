import { describe, expect, it } from "bun:test";
import {
  expandOccurrences,
  isCalendarDate,
  type RecurringSession,
  type ScheduleException,
  sessionHappensOn,
  zonedIso,
} from "./occurrences.ts";

const weekly = (weekday: number, start: number | null, end: number | null = null): RecurringSession => ({
  weekday: weekday as RecurringSession["weekday"],
  start,
  end,
  notes: [],
});
const NY = "America/New_York";
const PHX = "America/Phoenix";
const datesOf = (list: { date: string }[]) => list.map((o) => o.date);

describe("which dates a session happens on", () => {
  it("weekly: every such weekday", () => {
    // 2026-11-29 is a Sunday.
    expect(datesOf(expandOccurrences([weekly(0, 600)], [], NY, "2026-11-23", "2026-12-13"))).toEqual([
      "2026-11-29",
      "2026-12-06",
      "2026-12-13",
    ]);
  });

  it("monthly by ordinal: the 2nd and 4th Thursday, and the last Sunday", () => {
    const thursdays = { ...weekly(4, 1140), ordinals: [2, 4] as const };
    expect(datesOf(expandOccurrences([thursdays], [], NY, "2026-11-01", "2027-01-31"))).toEqual([
      "2026-11-12",
      "2026-11-26",
      "2026-12-10",
      "2026-12-24",
      "2027-01-14",
      "2027-01-28",
    ]);
    const lastSunday = { ...weekly(0, 600), ordinals: [-1] as const };
    expect(datesOf(expandOccurrences([lastSunday], [], NY, "2026-11-01", "2027-01-31"))).toEqual([
      "2026-11-29",
      "2026-12-27",
      "2027-01-31",
    ]);
  });

  it("a 5th weekday only in months that have one; a 4th that is also the last counts as both", () => {
    const fifthSaturday = { ...weekly(6, 660), ordinals: [5] as const };
    expect(datesOf(expandOccurrences([fifthSaturday], [], NY, "2026-08-01", "2026-12-31"))).toEqual([
      "2026-08-29",
      "2026-10-31",
    ]);
    // February 2027 has four Sundays: the 4th is the last.
    expect(sessionHappensOn({ ...weekly(0, 600), ordinals: [-1] }, "2027-02-28")).toBe(true);
    expect(sessionHappensOn({ ...weekly(0, 600), ordinals: [4] }, "2027-02-28")).toBe(true);
  });

  it("once on a date, and a season with first and last dates", () => {
    const once = { ...weekly(0, 930), date: "2026-12-06" };
    expect(datesOf(expandOccurrences([once], [], NY, "2026-11-01", "2026-12-31"))).toEqual(["2026-12-06"]);
    const season = { ...weekly(6, 600), from: "2026-12-05", until: "2026-12-19" };
    expect(datesOf(expandOccurrences([season], [], NY, "2026-11-01", "2026-12-31"))).toEqual([
      "2026-12-05",
      "2026-12-12",
      "2026-12-19",
    ]);
  });

  it("a session whose weekday does not match its date never happens", () => {
    expect(sessionHappensOn({ ...weekly(1, 600), date: "2026-12-06" }, "2026-12-06")).toBe(false);
  });
});

describe("times in the gym's zone", () => {
  it("carries the offset of the moment, across the end of daylight saving time", () => {
    const [before, after] = expandOccurrences([weekly(0, 600, 720)], [], NY, "2026-10-25", "2026-11-01");
    expect(before?.startsAt).toBe("2026-10-25T10:00:00-04:00");
    expect(after?.startsAt).toBe("2026-11-01T10:00:00-05:00");
    expect(after?.endsAt).toBe("2026-11-01T12:00:00-05:00");
  });

  it("a zone without daylight saving keeps its offset all year", () => {
    expect(zonedIso("2026-07-04", 600, PHX)).toBe("2026-07-04T10:00:00-07:00");
    expect(zonedIso("2026-12-05", 600, PHX)).toBe("2026-12-05T10:00:00-07:00");
  });

  it("a session that ends after midnight ends on the next day", () => {
    const [late] = expandOccurrences([weekly(5, 1380, 60)], [], NY, "2026-11-27", "2026-11-27");
    expect(late?.startsAt).toBe("2026-11-27T23:00:00-05:00");
    expect(late?.endsAt).toBe("2026-11-28T01:00:00-05:00");
  });

  it("a day listed without a time has no instants", () => {
    const [day] = expandOccurrences([weekly(6, null)], [], NY, "2026-11-28", "2026-11-28");
    expect(day).toMatchObject({ date: "2026-11-28", start: null, startsAt: null, endsAt: null });
  });
});

describe("exceptions", () => {
  const sunday = weekly(0, 600, 720);
  const saturday = weekly(6, 660, 780);

  it("a cancelled occurrence stays listed, cancelled, with its reason; the others are untouched", () => {
    const cancel: ScheduleException = { date: "2026-12-06", startMinute: 600, reason: "Coach away" };
    const list = expandOccurrences([sunday, saturday], [cancel], NY, "2026-12-05", "2026-12-13");
    expect(list.map((o) => [o.date, o.status, o.reason])).toEqual([
      ["2026-12-05", "scheduled", null],
      ["2026-12-06", "cancelled", "Coach away"],
      ["2026-12-12", "scheduled", null],
      ["2026-12-13", "scheduled", null],
    ]);
  });

  it("a closed day cancels every occurrence on it", () => {
    const evening = weekly(0, 1080);
    const closed: ScheduleException = { date: "2026-12-27", startMinute: null, reason: "Holiday closure" };
    const list = expandOccurrences([sunday, evening], [closed], NY, "2026-12-27", "2026-12-27");
    expect(list.map((o) => [o.start, o.status])).toEqual([
      [600, "cancelled"],
      [1080, "cancelled"],
    ]);
  });

  it("a moved occurrence keeps its key and says where it was", () => {
    const move: ScheduleException = {
      date: "2026-12-06",
      startMinute: 600,
      reason: "Tournament in the morning",
      moveTo: { date: "2026-12-06", start: 900, end: 1020 },
    };
    const [moved] = expandOccurrences([sunday], [move], NY, "2026-12-06", "2026-12-06");
    expect(moved).toMatchObject({
      key: "2026-12-06@600",
      start: 900,
      startsAt: "2026-12-06T15:00:00-05:00",
      status: "scheduled",
      reason: "Tournament in the morning",
      movedFrom: { date: "2026-12-06", start: 600 },
    });
  });

  it("an occurrence moved into the range from a day outside it is listed", () => {
    const move: ScheduleException = {
      date: "2026-12-13",
      startMinute: 600,
      reason: "Swapped with Saturday",
      moveTo: { date: "2026-12-12", start: 600, end: 720 },
    };
    const list = expandOccurrences([sunday], [move], NY, "2026-12-12", "2026-12-12");
    expect(list.map((o) => [o.date, o.key])).toEqual([["2026-12-12", "2026-12-13@600"]]);
  });

  it("an occurrence moved out of the range is not listed, nor is its old slot", () => {
    const move: ScheduleException = {
      date: "2026-12-06",
      startMinute: 600,
      reason: "Moved to the next Saturday",
      moveTo: { date: "2026-12-12", start: 660, end: 780 },
    };
    const list = expandOccurrences([sunday], [move], NY, "2026-12-06", "2026-12-11");
    expect(list).toEqual([]);
    const wider = expandOccurrences([sunday], [move], NY, "2026-12-06", "2026-12-13");
    expect(wider.map((o) => [o.date, o.start, o.status, o.movedFrom?.date])).toEqual([
      ["2026-12-12", 660, "scheduled", "2026-12-06"],
      ["2026-12-13", 600, "scheduled", undefined],
    ]);
  });

  it("a move reaches 31 days either way, and is listed beside the occurrences of its new day", () => {
    const back: ScheduleException = {
      date: "2027-01-10",
      startMinute: 600,
      reason: "Moved a month earlier",
      moveTo: { date: "2026-12-10", start: 1140, end: null },
    };
    const list = expandOccurrences([sunday, weekly(4, 600)], [back], NY, "2026-12-10", "2026-12-10");
    expect(list.map((o) => [o.start, o.key, o.weekday])).toEqual([
      [600, "2026-12-10@600", 4],
      [1140, "2027-01-10@600", 4],
    ]);
  });

  it("a move onto a closed day is cancelled there with the closure's reason; a cancelled slot there is another occurrence", () => {
    const move: ScheduleException = {
      date: "2026-12-06",
      startMinute: 600,
      reason: "Moved to Saturday",
      moveTo: { date: "2026-12-12", start: 660, end: 780 },
    };
    const closed: ScheduleException = { date: "2026-12-12", startMinute: null, reason: "Holiday closure" };
    const list = expandOccurrences([sunday, saturday], [move, closed], NY, "2026-12-06", "2026-12-12");
    expect(list.map((o) => [o.date, o.start, o.status, o.reason, o.movedFrom?.date ?? null])).toEqual([
      ["2026-12-12", 660, "cancelled", "Holiday closure", "2026-12-06"],
      ["2026-12-12", 660, "cancelled", "Holiday closure", null],
    ]);
    // Only Saturday's own 11:00 is cancelled: the open mat moved onto 11:00 still happens.
    const slot: ScheduleException = { date: "2026-12-12", startMinute: 660, reason: "Coach away" };
    const kept = expandOccurrences([sunday, saturday], [move, slot], NY, "2026-12-12", "2026-12-12");
    expect(kept.map((o) => [o.key, o.status])).toEqual([
      ["2026-12-06@600", "scheduled"],
      ["2026-12-12@660", "cancelled"],
    ]);
  });

  it("a move out of a closed day takes the open mat away from the closure", () => {
    const closed: ScheduleException = { date: "2026-12-06", startMinute: null, reason: "Closed" };
    const move: ScheduleException = {
      date: "2026-12-06",
      startMinute: 600,
      reason: "Held on Saturday instead",
      moveTo: { date: "2026-12-05", start: 600, end: 720 },
    };
    const list = expandOccurrences([sunday], [closed, move], NY, "2026-12-05", "2026-12-06");
    expect(list.map((o) => [o.date, o.status, o.reason])).toEqual([
      ["2026-12-05", "scheduled", "Held on Saturday instead"],
    ]);
  });
});

describe("bad ranges and dates", () => {
  it("a date that does not exist is no date, and an empty or reversed range lists nothing", () => {
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(expandOccurrences([weekly(0, 600)], [], NY, "2026-12-13", "2026-12-06")).toEqual([]);
    expect(expandOccurrences([weekly(0, 600)], [], NY, "2026-02-30", "2026-03-31")).toEqual([]);
  });
});
