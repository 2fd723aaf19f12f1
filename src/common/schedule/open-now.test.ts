import { describe, expect, test } from "bun:test";
import {
  hasOpenMatToday,
  isOpenMatNow,
  localDateAt,
  nextOpenMat,
  OPEN_AFTER_START_MINUTES,
  OPEN_BEFORE_START_MINUTES,
  openMatStatus,
  sessionAt,
} from "./open-now.ts";
import { session } from "./test-support.ts";

const NEW_YORK = "America/New_York";
const at = (iso: string) => new Date(iso);

describe("the open window", () => {
  const saturday11 = [session("Sat 11:00")];

  test("is 20 minutes before to 120 minutes after the start", () => {
    expect([OPEN_BEFORE_START_MINUTES, OPEN_AFTER_START_MINUTES]).toEqual([20, 120]);
  });

  test.each([
    ["2026-07-11T10:39:00-04:00", false],
    ["2026-07-11T10:40:00-04:00", true],
    ["2026-07-11T11:00:00-04:00", true],
    ["2026-07-11T13:00:00-04:00", true],
    ["2026-07-11T13:01:00-04:00", false],
    ["2026-07-10T11:00:00-04:00", false],
  ])("Sat 11:00 AM in New York, at %s: %p", (iso, open) => {
    expect(isOpenMatNow(saturday11, NEW_YORK, at(iso))).toBe(open);
  });

  test("is judged on the gym's wall clock, not the server's", () => {
    // 15:00 UTC is 11:00 in New York but 08:00 in Los Angeles.
    expect(isOpenMatNow(saturday11, NEW_YORK, at("2026-07-11T15:00:00Z"))).toBe(true);
    expect(isOpenMatNow(saturday11, "America/Los_Angeles", at("2026-07-11T15:00:00Z"))).toBe(false);
  });

  test("is closed with no sessions", () => {
    expect(isOpenMatNow([], NEW_YORK, at("2026-07-11T15:00:00Z"))).toBe(false);
  });
});

describe("sessions around midnight", () => {
  test("a Saturday 11:30 PM session is still open at 12:30 AM Sunday, closed at 1:31", () => {
    const lateSaturday = [session("Sat 23:30")];
    expect(isOpenMatNow(lateSaturday, NEW_YORK, at("2026-07-12T00:30:00-04:00"))).toBe(true);
    expect(isOpenMatNow(lateSaturday, NEW_YORK, at("2026-07-12T01:30:00-04:00"))).toBe(true);
    expect(isOpenMatNow(lateSaturday, NEW_YORK, at("2026-07-12T01:31:00-04:00"))).toBe(false);
  });

  test("a Sunday 12:10 AM session is already open at 11:50 PM Saturday", () => {
    const earlySunday = [session("Sun 00:10")];
    expect(isOpenMatNow(earlySunday, NEW_YORK, at("2026-07-11T23:50:00-04:00"))).toBe(true);
    expect(isOpenMatNow(earlySunday, NEW_YORK, at("2026-07-11T23:49:00-04:00"))).toBe(false);
  });
});

describe("daylight saving in New York", () => {
  test("spring forward (2026-03-08): the window is 120 real minutes, not wall-clock minutes", () => {
    const sunday0130 = [session("Sun 01:30")]; // 01:30 EST is 06:30 UTC
    expect(isOpenMatNow(sunday0130, NEW_YORK, at("2026-03-08T03:45:00-04:00"))).toBe(true);
    expect(isOpenMatNow(sunday0130, NEW_YORK, at("2026-03-08T04:30:00-04:00"))).toBe(true);
    expect(isOpenMatNow(sunday0130, NEW_YORK, at("2026-03-08T04:31:00-04:00"))).toBe(false);
  });

  test("spring forward: a session in the skipped hour starts an hour later by the clock", () => {
    const sunday0230 = [session("Sun 02:30")]; // does not exist; taken as 03:30 EDT
    expect(nextOpenMat(sunday0230, NEW_YORK, at("2026-03-08T00:00:00-05:00"))?.startsAt).toEqual(
      at("2026-03-08T03:30:00-04:00"),
    );
    expect(isOpenMatNow(sunday0230, NEW_YORK, at("2026-03-08T03:10:00-04:00"))).toBe(true);
    expect(isOpenMatNow(sunday0230, NEW_YORK, at("2026-03-08T03:09:00-04:00"))).toBe(false);
  });

  test("fall back (2026-11-01): a 12:30 AM session is closed at the second 1:40 AM", () => {
    const sunday0030 = [session("Sun 00:30")]; // 04:30 UTC
    expect(isOpenMatNow(sunday0030, NEW_YORK, at("2026-11-01T01:40:00-04:00"))).toBe(true);
    expect(isOpenMatNow(sunday0030, NEW_YORK, at("2026-11-01T01:40:00-05:00"))).toBe(false);
  });

  test("fall back: a session in the repeated hour starts at its first occurrence", () => {
    const sunday0130 = [session("Sun 01:30")]; // 01:30 EDT, 05:30 UTC
    expect(nextOpenMat(sunday0130, NEW_YORK, at("2026-11-01T00:00:00-04:00"))?.startsAt).toEqual(
      at("2026-11-01T01:30:00-04:00"),
    );
    expect(isOpenMatNow(sunday0130, NEW_YORK, at("2026-11-01T02:30:00-05:00"))).toBe(true);
    expect(isOpenMatNow(sunday0130, NEW_YORK, at("2026-11-01T02:31:00-05:00"))).toBe(false);
  });

  test("the Saturday before each change behaves as a plain day", () => {
    const saturday7pm = [session("Sat 19:00")];
    expect(isOpenMatNow(saturday7pm, NEW_YORK, at("2026-03-07T20:00:00-05:00"))).toBe(true);
    expect(isOpenMatNow(saturday7pm, NEW_YORK, at("2026-10-31T20:00:00-04:00"))).toBe(true);
  });
});

describe("zones without daylight saving", () => {
  const saturday9am = [session("Sat 09:00")];

  test("Arizona (America/Phoenix) and Denver differ in summer for the same instant", () => {
    const instant = at("2026-07-11T18:00:00Z"); // 11:00 in Phoenix, 12:00 in Denver
    expect(isOpenMatNow(saturday9am, "America/Phoenix", instant)).toBe(true);
    expect(isOpenMatNow(saturday9am, "America/Denver", instant)).toBe(false);
  });

  test("Arizona and Denver agree in winter", () => {
    const instant = at("2026-01-10T18:00:00Z"); // 11:00 in both
    expect(isOpenMatNow(saturday9am, "America/Phoenix", instant)).toBe(true);
    expect(isOpenMatNow(saturday9am, "America/Denver", instant)).toBe(true);
  });

  test("Hawaii (Pacific/Honolulu) keeps UTC−10 across the mainland change", () => {
    const saturday6pm = [session("Sat 18:00")];
    const instant = at("2026-03-08T04:30:00Z"); // Sat 18:30 in Honolulu, Sat 20:30 in Los Angeles
    expect(isOpenMatNow(saturday6pm, "Pacific/Honolulu", instant)).toBe(true);
    expect(isOpenMatNow(saturday6pm, "America/Los_Angeles", instant)).toBe(false);
    const sunday10am = [session("Sun 10:00")];
    expect(isOpenMatNow(sunday10am, "Pacific/Honolulu", at("2026-03-08T22:00:00Z"))).toBe(true);
    expect(nextOpenMat(sunday10am, "Pacific/Honolulu", at("2026-03-08T00:00:00Z"))?.startsAt).toEqual(
      at("2026-03-08T20:00:00Z"),
    );
  });
});

describe("nextOpenMat and openMatStatus", () => {
  const week = [session("Sat 11:00-13:00"), session("Wed 19:00")];

  test("finds the next start, wrapping to next week", () => {
    expect(nextOpenMat(week, NEW_YORK, at("2026-07-09T12:00:00-04:00"))).toEqual({
      weekday: 6,
      start: 660,
      startsAt: at("2026-07-11T11:00:00-04:00"),
    });
    expect(nextOpenMat([session("Sat 11:00")], NEW_YORK, at("2026-07-11T11:05:00-04:00"))?.startsAt).toEqual(
      at("2026-07-18T11:00:00-04:00"),
    );
  });

  test("is null with no sessions", () => {
    expect(nextOpenMat([], NEW_YORK, at("2026-07-11T11:00:00-04:00"))).toBeNull();
  });

  test("reports the open session and the one after it", () => {
    const status = openMatStatus(week, NEW_YORK, at("2026-07-11T12:00:00-04:00"));
    expect(status.current?.session).toEqual(week[0]);
    expect(status.current?.startsAt).toEqual(at("2026-07-11T11:00:00-04:00"));
    expect(status.next?.startsAt).toEqual(at("2026-07-15T19:00:00-04:00"));
  });
});

describe("hasOpenMatToday", () => {
  const saturday11 = [{ weekday: 6 as const, start: 660, end: 780, notes: [] }];
  test("is true before and during today's session, false after it and on other days", () => {
    // Saturday 2026-07-11 in Phoenix (UTC-7 all year).
    expect(hasOpenMatToday(saturday11, "America/Phoenix", new Date("2026-07-11T15:00:00Z"))).toBe(true);
    expect(hasOpenMatToday(saturday11, "America/Phoenix", new Date("2026-07-11T19:59:00Z"))).toBe(true);
    expect(hasOpenMatToday(saturday11, "America/Phoenix", new Date("2026-07-11T20:01:00Z"))).toBe(false);
    expect(hasOpenMatToday(saturday11, "America/Phoenix", new Date("2026-07-10T15:00:00Z"))).toBe(false);
  });
});

describe("sessionAt (the check-in window)", () => {
  const rows = [
    { id: 7, ...session("Sat 11:00") },
    { id: 8, ...session("Wed 19:00") },
  ];

  test.each([
    ["2026-07-11T10:40:00-04:00", 7],
    ["2026-07-11T10:39:00-04:00", null],
    ["2026-07-11T13:00:00-04:00", 7],
    ["2026-07-11T13:01:00-04:00", null],
    ["2026-07-15T18:41:00-04:00", 8],
  ])("at %s the open row is %p", (iso, id) => {
    expect(sessionAt(rows, NEW_YORK, at(iso))?.session.id ?? null).toBe(id);
  });

  test("returns the caller's row and the real start instant", () => {
    const found = sessionAt(rows, NEW_YORK, at("2026-07-11T12:00:00-04:00"));
    expect(found?.session).toBe(rows[0]);
    expect(found?.startsAt).toEqual(at("2026-07-11T11:00:00-04:00"));
  });

  test("agrees with isOpenMatNow across a DST change, Phoenix and Honolulu", () => {
    const cases: [string, string][] = [
      [NEW_YORK, "2026-03-08T04:30:00-04:00"],
      [NEW_YORK, "2026-11-01T01:40:00-05:00"],
      ["America/Phoenix", "2026-07-11T18:00:00Z"],
      ["Pacific/Honolulu", "2026-03-08T04:30:00Z"],
    ];
    const some = [session("Sun 01:30"), session("Sun 00:30"), session("Sat 09:00"), session("Sat 18:00")];
    for (const [zone, iso] of cases) {
      expect(sessionAt(some, zone, at(iso)) !== null).toBe(isOpenMatNow(some, zone, at(iso)));
    }
  });
});

describe("localDateAt", () => {
  test("is the gym's calendar day, not UTC's", () => {
    expect(localDateAt(at("2026-07-12T03:00:00Z"), NEW_YORK)).toBe("2026-07-11");
    expect(localDateAt(at("2026-07-12T09:59:00Z"), "Pacific/Honolulu")).toBe("2026-07-11");
    expect(localDateAt(at("2026-07-12T10:00:00Z"), "Pacific/Honolulu")).toBe("2026-07-12");
  });
});
