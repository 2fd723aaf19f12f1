/** Issue 20: a dated one-off written as a sentence, and seasons ("starting March 7"). */
import { describe } from "bun:test";
import { dated, reason, runScheduleCases, seasonal, session, scheduleCase as when } from "./test-support.ts";

describe("parseSchedule: a dated one-off written as a sentence", () => {
  const today = "2025-03-20";
  runScheduleCases(
    [
      when("Special open mat this Saturday, March 29th from 3:30 to 5pm!", [
        dated("2025-03-29", session("Sat 15:30-17:00")),
      ]),
      when(
        "Join us Sunday April 6 at 10am for an all-affiliations open mat",
        [dated("2025-04-06", session("Sun 10:00"))],
        { unparsed: ["for an all-affiliations open mat"] },
      ),
      when(
        "Holiday open mat Friday Dec 26, 2025 10am-12pm",
        [dated("2025-12-26", session("Fri 10:00-12:00"))],
        {
          unparsed: ["Holiday open mat"],
        },
      ),
      when(
        "We're hosting an open mat on Saturday, May 17 from 1-3pm",
        [dated("2025-05-17", session("Sat 13:00-15:00"))],
        {
          unparsed: ["We're hosting an open mat on"],
        },
      ),
      when("Open mat 7/4 at 9am", [dated("2025-07-04", session("Fri 09:00"))]),
      when(
        "New Year's Day open mat: Thursday, January 1st, 11am",
        [dated("2026-01-01", session("Thu 11:00"))],
        {
          unparsed: ["New Year's Day open mat"],
        },
      ),
      when("Sunday 3/30 11am-1pm open mat, all welcome", [
        dated("2025-03-30", session("Sun 11:00-13:00", "All levels")),
      ]),
      when("Memorial Day open mat Mon 5/26 10am", [dated("2025-05-26", session("Mon 10:00"))], {
        unparsed: ["Memorial Day open mat"],
      }),
      when("Seminar + open mat Sat 4/12, 12-3pm", [dated("2025-04-12", session("Sat 12:00-15:00"))], {
        unparsed: ["Seminar"],
      }),
      // A few days past still means this year's date, not next year's.
      when("Saturday, March 15: open mat 11am-1pm (Gi)", [
        dated("2025-03-15", session("Sat 11:00-13:00", "Gi")),
      ]),
      when("Open mat on April 5th 11am and April 19th 11am", [
        dated("2025-04-05", session("Sat 11:00")),
        dated("2025-04-19", session("Sat 11:00")),
      ]),
      // A weekday the date does not fall on: held back with the reason.
      when("Open mat Friday, March 29 at 6pm", [], {
        unparsed: ["Friday, March 29 at 6pm"],
        review: ['"Friday, March 29": Mar 29, 2025 is a Saturday'],
      }),
    ].map((item) => ({ ...item, today })),
  );
  runScheduleCases([
    // The year written: no date to count from is needed.
    when(
      "Open mat Saturday March 22, 2025 at 2 PM - bring a friend",
      [dated("2025-03-22", session("Sat 14:00"))],
      {
        unparsed: ["bring a friend"],
      },
    ),
    // No year and no date to count from: nothing placed, held back with the reason.
    when("Special open mat this Saturday, March 29th from 3:30 to 5pm!", [], {
      unparsed: ["Saturday, March 29th from 3:30 to 5pm"],
      review: [reason.noYear("March 29th")],
    }),
    when("Open mat 7/4 at 9am", [], { unparsed: ["7/4 at 9am"], review: [reason.noYear("7/4")] }),
  ]);
});

describe("parseSchedule: seasons", () => {
  const today = "2026-02-10";
  runScheduleCases(
    [
      when("Sat 11am-1pm starting March 7", [seasonal({ from: "2026-03-07" }, session("Sat 11:00-13:00"))]),
      when(
        "Summer open mat: Sundays 9am (June 1 - Aug 31)",
        [seasonal({ from: "2026-06-01", until: "2026-08-31" }, session("Sun 09:00"))],
        { unparsed: ["Summer open mat"] },
      ),
      when("Starting April 5th: Saturday open mat 12-2pm", [
        seasonal({ from: "2026-04-05" }, session("Sat 12:00-14:00")),
      ]),
      when("Fri 6pm through May 29, 2026", [seasonal({ until: "2026-05-29" }, session("Fri 18:00"))]),
      // The season already running keeps its start; its end follows it.
      when("Sat 10am (Sept–May)", [
        seasonal({ from: "2025-09-01", until: "2026-05-31" }, session("Sat 10:00")),
      ]),
      when("Sundays 10am until the end of March", [seasonal({ until: "2026-03-31" }, session("Sun 10:00"))]),
      when("Beginning 1/10, Saturdays at 11am", [seasonal({ from: "2026-01-10" }, session("Sat 11:00"))]),
      when("Wed 7pm, Jan 5 - Mar 30", [
        seasonal({ from: "2026-01-05", until: "2026-03-30" }, session("Wed 19:00")),
      ]),
      // "from" opens the range: the end is the season's, not a dated one-off.
      when("Thursdays 6:30pm from April 2 to June 25", [
        seasonal({ from: "2026-04-02", until: "2026-06-25" }, session("Thu 18:30")),
      ]),
    ].map((item) => ({ ...item, today })),
  );
  runScheduleCases(
    [
      // Read in November, a summer with no year written is next summer, not the one gone.
      when(
        "Summer hours: Tue 6pm, June 1 - August 31",
        [seasonal({ from: "2027-06-01", until: "2027-08-31" }, session("Tue 18:00"))],
        {
          unparsed: ["Summer hours"],
        },
      ),
      when("Tuesdays 6pm from June 1, 2027 to August 31, 2027", [
        seasonal({ from: "2027-06-01", until: "2027-08-31" }, session("Tue 18:00")),
      ]),
    ].map((item) => ({ ...item, today: "2026-11-26" })),
  );
  runScheduleCases([
    when("Saturdays 11am (from Mar 7, 2026) (until May 30, 2026)", [
      seasonal({ from: "2026-03-07", until: "2026-05-30" }, session("Sat 11:00")),
    ]),
    when("Sat 11am-1pm starting March 7", [], {
      unparsed: ["Sat 11am-1pm starting March 7"],
      review: [reason.noYear("March 7")],
    }),
  ]);
});
