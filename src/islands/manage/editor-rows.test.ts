import { describe, expect, it } from "bun:test";
import { parseSchedule } from "../../common/schedule/parse";
import type { Session, UntimedSession } from "../../common/schedule/types";
import { manageTexts, scheduleText } from "../../common/schemas/school-manage";
import { blankRow, editorTexts, rowsOf, scheduleOfRows } from "./editor-rows";

const weekly: Session = { weekday: 6, start: 600, end: 720, notes: ["Members only", "Gi"] };
const monthly: Session = { weekday: 0, start: 600, end: null, notes: ["No-Gi"], ordinals: [1, -1] };
const dated: Session = { weekday: 6, start: 930, end: null, notes: [], date: "2026-12-19" };
const seasonal: Session = { weekday: 3, start: 1140, end: 1260, notes: ["$10 mat fee"], from: "2026-12-01" };
const untimed: UntimedSession = { weekday: 5, start: null, end: 1200, notes: [], timeNotListed: true };

describe("editor rows", () => {
  it("a schedule's sessions become rows and come back the same, notes in their order", () => {
    const rows = rowsOf([weekly, monthly, dated, seasonal], [untimed]);
    expect(rows.map((r) => [r.recurrence, r.gi, r.noGi, r.other])).toEqual([
      ["weekly", false, false, "$10 mat fee"],
      ["weekly", false, false, ""],
      ["weekly", true, false, "Members only"],
      ["dated", false, false, ""],
      ["monthly", false, true, ""],
    ]);
    const made = scheduleOfRows(rows);
    expect(made.rowProblems.size).toBe(0);
    expect(made.problem).toBeNull();
    expect(made.sessions).toEqual(expect.arrayContaining([weekly, monthly, dated, seasonal]));
    expect(made.untimed).toEqual([untimed]);
    // The listing's text reads back to exactly these rows.
    const read = parseSchedule(scheduleText(made.sessions, made.untimed));
    expect(read.sessions).toHaveLength(4);
    expect(read.untimed).toEqual([untimed]);
  });

  it("notes typed loosely are written the way the listing reads them", () => {
    const row = { ...blankRow(1), start: "10:00", other: "members only,  $15 drop-in " };
    const made = scheduleOfRows([row]);
    expect(made.sessions).toEqual([
      { weekday: 6, start: 600, end: null, notes: ["Members only", "$15 drop-in"] },
    ]);
    expect(made.problem).toBeNull();
  });

  it("a dated row's weekday is its date's; a blank start is a day with no time", () => {
    const made = scheduleOfRows([
      { ...blankRow(1), recurrence: "dated", weekday: 2, date: "2026-12-25", start: "18:00" },
      { ...blankRow(2), weekday: 0 },
    ]);
    expect(made.sessions).toEqual([{ weekday: 5, start: 1080, end: null, notes: [], date: "2026-12-25" }]);
    expect(made.untimed).toEqual([{ weekday: 0, start: null, end: null, notes: [], timeNotListed: true }]);
  });

  it("says what is wrong with each row, and with the rows together", () => {
    const rows = [
      { ...blankRow(1), start: "12:00", end: "11:00" },
      { ...blankRow(2), recurrence: "monthly" as const, start: "10:00" },
      { ...blankRow(3), recurrence: "dated" as const, start: "10:00" },
      { ...blankRow(4), start: "10:00", from: "2027-01-02", until: "2027-01-01" },
      { ...blankRow(5), start: "10:00", other: "x".repeat(101) },
    ];
    expect([...scheduleOfRows(rows).rowProblems.entries()]).toEqual([
      [1, manageTexts.endBeforeStart],
      [2, editorTexts.ordinalsMissing],
      [3, editorTexts.dateMissing],
      [4, editorTexts.seasonOrder],
      [5, manageTexts.note],
    ]);
    const twice = scheduleOfRows([
      { ...blankRow(1), start: "10:00" },
      { ...blankRow(2), start: "10:00", gi: true },
    ]);
    expect(twice.problem).toBe(manageTexts.twice("Sat 10:00 AM (Gi)"));
  });
});
