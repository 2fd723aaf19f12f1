import { describe, expect, test } from "bun:test";
import {
  dayFlags,
  formatDays,
  formatNextStart,
  formatSchedule,
  formatSession,
  formatTime,
  listedSessions,
  sessionParts,
} from "./format.ts";
import { parseSchedule } from "./parse.ts";
import {
  dated,
  monthly,
  onDays,
  seasonal,
  session,
  sortSessions,
  untimed as untimed_,
} from "./test-support.ts";

describe("formatTime", () => {
  test.each([
    [0, "12:00 AM"],
    [5, "12:05 AM"],
    [660, "11:00 AM"],
    [720, "12:00 PM"],
    [1170, "7:30 PM"],
    [1439, "11:59 PM"],
  ])("%i minutes is %s", (minutes, text) => {
    expect(formatTime(minutes)).toBe(text);
  });
});

describe("formatDays", () => {
  test.each([
    [[6], "Sat"],
    [[6, 0], "Sat/Sun"],
    [[1, 3, 5], "Mon/Wed/Fri"],
    [[1, 2, 3, 4, 5], "Mon–Fri"],
    [[0, 1, 3, 4, 5], "Mon/Wed–Fri/Sun"],
    [[0, 1, 2, 3, 4, 5, 6], "Mon–Sun"],
  ] as const)("%p is %s", (days, text) => {
    expect(formatDays(days)).toBe(text);
  });
});

describe("formatSchedule", () => {
  test("writes the canonical form from the spec", () => {
    const text = "Sat 11-1pm (gi) and sunday 10 AM";
    expect(formatSchedule(parseSchedule(text))).toBe("Sat 11:00 AM–1:00 PM (Gi); Sun 10:00 AM");
  });

  test("groups days that share times and notes, Monday first", () => {
    const sessions = [
      ...onDays("Sun Mon Wed Fri", "18:00-20:00", "No-Gi"),
      session("Sat 11:00", "$10 mat fee"),
    ];
    expect(formatSchedule({ sessions })).toBe(
      "Mon/Wed/Fri/Sun 6:00 PM–8:00 PM (No-Gi); Sat 11:00 AM ($10 mat fee)",
    );
  });

  test("keeps each note in its own brackets and sessions past midnight as written", () => {
    const sessions = [session("Fri 23:00-01:00", "Gi", "bring a water bottle")];
    expect(formatSchedule({ sessions })).toBe("Fri 11:00 PM–1:00 AM (Gi) (bring a water bottle)");
  });

  test("writes a start in the midnight hour as 'midnight' or 24-hour, so it never reads back as a 12am slip", () => {
    const sessions = [session("Fri 00:00-02:00"), session("Sat 00:30"), session("Sun 22:00-00:00")];
    const text = formatSchedule({ sessions });
    expect(text).toBe("Fri midnight–2:00 AM; Sat 00:30; Sun 10:00 PM–12:00 AM");
    expect(parseSchedule(text)).toEqual({ sessions: sortSessions(sessions), unparsed: [], noOpenMat: false });
  });

  test("writes monthly, dated and seasonal sessions, and days with no time listed, each in a clause of its own", () => {
    const sessions = [
      { ...session("Sat 11:00-13:00", "Gi"), ordinals: [1, 3] as (1 | 3)[] },
      { ...session("Sun 10:00"), ordinals: [-1] as -1[] },
      { ...session("Sat 15:30-17:00"), date: "2026-03-28" },
      { ...session("Fri 18:00"), from: "2026-03-06", until: "2026-05-29" },
      ...onDays("Mon Wed", "06:00-07:00"),
    ];
    const untimed = [untimed_("Thu"), untimed_("Tue -20:30", "No-Gi")];
    const text = formatSchedule({ sessions, untimed });
    expect(text).toBe(
      "Mon/Wed 6:00 AM–7:00 AM; Tue until 8:30 PM (No-Gi); Thu (time not listed); " +
        "Fri 6:00 PM (from Mar 6, 2026) (until May 29, 2026); 1st & 3rd Sat 11:00 AM–1:00 PM (Gi); " +
        "Sat Mar 28, 2026 3:30 PM–5:00 PM; last Sun 10:00 AM",
    );
    expect(parseSchedule(text)).toEqual({
      sessions: sortSessions(sessions),
      untimed: sortSessions(untimed),
      unparsed: [],
      noOpenMat: false,
    });
  });

  test("writes an end in the midnight hour after a morning start so that it never reads back as noon", () => {
    const sessions = [session("Sat 10:00-00:00"), session("Sun 09:00-00:30")];
    const text = formatSchedule({ sessions });
    expect(text).toBe("Sat 10:00 AM–midnight; Sun 9:00 AM–00:30");
    expect(parseSchedule(text).sessions).toEqual(sortSessions(sessions));
  });

  test("says 'No open mat' only when the parse said so", () => {
    expect(formatSchedule(parseSchedule("Members only"))).toBe("No open mat");
    expect(formatSchedule(parseSchedule("gibberish"))).toBe("");
  });
});

describe("formatSession", () => {
  test.each([
    [session("Sat 11:00-13:00", "Gi"), "Sat", "11:00 AM–1:00 PM (Gi)"],
    [monthly([1, 3], session("Sun 10:00")), "1st & 3rd Sun", "10:00 AM"],
    [monthly([-1], session("Sun 10:00")), "last Sun", "10:00 AM"],
    [dated("2026-03-28", session("Sat 15:00")), "Sat Mar 28, 2026", "3:00 PM"],
    [
      seasonal({ from: "2026-03-07", until: "2026-05-30" }, session("Tue 19:00")),
      "Tue",
      "7:00 PM (from Mar 7, 2026) (until May 30, 2026)",
    ],
    [untimed_("Wed"), "Wed", "(time not listed)"],
    [untimed_("Fri -20:00"), "Fri", "until 8:00 PM"],
  ] as const)("%p is %s %s, the clause formatSchedule writes for it alone", (item, day, text) => {
    expect(sessionParts(item)).toEqual({ day, text });
    expect(formatSession(item)).toBe(`${day} ${text}`);
    const alone = "timeNotListed" in item ? { sessions: [], untimed: [item] } : { sessions: [item] };
    expect(formatSchedule(alone)).toBe(`${day} ${text}`);
  });

  test("listedSessions puts timed and untimed days in one list, Monday first, untimed before times", () => {
    const sun = monthly([1], session("Sun 10:00"));
    const sat = session("Sat 11:00");
    const satDated = dated("2026-03-28", session("Sat 11:00"));
    const wed = untimed_("Wed");
    const wedTimed = session("Wed 18:00");
    expect(listedSessions([sun, satDated, sat, wedTimed], [wed])).toEqual([
      wed,
      wedTimed,
      sat,
      satDated,
      sun,
    ]);
  });
});

describe("dayFlags", () => {
  test("flags the days that have a session", () => {
    expect(dayFlags(parseSchedule("Tues & Thurs 7pm, Sun 10am").sessions)).toEqual({
      monday: false,
      tuesday: true,
      wednesday: false,
      thursday: true,
      friday: false,
      saturday: false,
      sunday: true,
    });
  });

  test("is all false with no sessions", () => {
    expect(Object.values(dayFlags([])).some(Boolean)).toBe(false);
  });
});

describe("formatNextStart", () => {
  test("writes the weekday, time and zone on the gym's clock, one formatter per zone", () => {
    expect(formatNextStart(new Date("2026-07-11T16:00:00Z"), "America/Chicago")).toBe(
      "Saturday, 11:00 AM CDT",
    );
    expect(formatNextStart(new Date("2026-01-10T16:00:00Z"), "America/Chicago")).toBe(
      "Saturday, 10:00 AM CST",
    );
    expect(formatNextStart(new Date("2026-01-10T16:00:00Z"), "America/New_York")).toBe(
      "Saturday, 11:00 AM EST",
    );
  });
});
