/** Issue 20: monthly rules by ordinal weekday; rules no date can be worked out from are held back. */
import { describe } from "bun:test";
import { checked, monthly, reason, runScheduleCases, session, scheduleCase as when } from "./test-support.ts";

describe("parseSchedule: ordinal weekdays of the month", () => {
  runScheduleCases([
    when("1st & 3rd Saturdays 11am-1pm", [monthly([1, 3], session("Sat 11:00-13:00"))]),
    when("Second Sunday of every month 10am", [monthly([2], session("Sun 10:00"))]),
    when("Last Friday of the month 6pm", [monthly([-1], session("Fri 18:00"))]),
    when("2nd and 4th Sat 12pm", [monthly([2, 4], session("Sat 12:00"))]),
    when("First and third Sunday, 9:30am", [monthly([1, 3], session("Sun 09:30"))]),
    when("1st/3rd Sun 10am (Gi)", [monthly([1, 3], session("Sun 10:00", "Gi"))]),
    when("Sat 11am (1st & 3rd)", [monthly([1, 3], session("Sat 11:00"))]),
    when("Open mat the last Sunday of each month from 12-2pm", [monthly([-1], session("Sun 12:00-14:00"))]),
    when("Women's open mat 2nd Saturday of the month 1pm", [
      monthly([2], session("Sat 13:00", "Women only")),
    ]),
    when("Monthly open mat, first Friday 7pm", [monthly([1], session("Fri 19:00"))]),
    when(
      "Open mat 1st Friday of every month at 7:00 PM, all affiliations welcome",
      [monthly([1], session("Fri 19:00"))],
      {
        unparsed: ["all affiliations welcome"],
      },
    ),
    when("Sat 11am; last Sunday 10am", [session("Sat 11:00"), monthly([-1], session("Sun 10:00"))]),
    when("1st, 3rd & 5th Thursday 7pm", [monthly([1, 3, 5], session("Thu 19:00"))]),
    // One ordinal before two days is read for both, and listed.
    when(
      "1st Saturday & Sunday 10am",
      ["Sat", "Sun"].map((day) =>
        checked(
          monthly([1], session(`${day} 10:00`)),
          '"1st Saturday & Sunday": the 1st read as applying to each day',
        ),
      ),
    ),
  ]);
});

describe("parseSchedule: a rule that cannot be placed is held back, never listed weekly", () => {
  runScheduleCases([
    when("Every other Saturday at 11", [], {
      unparsed: ["Every other Saturday at 11"],
      review: [reason.everyOther("Every other Saturday")],
    }),
    when("Every 2nd Saturday 11am", [], {
      unparsed: ["Every 2nd Saturday 11am"],
      review: [reason.everyOther("Every 2nd Saturday")],
    }),
    when("Saturdays 11am, every other week", [], {
      unparsed: ["Saturdays 11am, every other week"],
      review: [reason.everyOther("every other week")],
    }),
    when("Bi-weekly open mat Sunday 4pm", [], {
      unparsed: ["Bi-weekly open mat Sunday 4pm"],
      review: [reason.everyOther("Bi-weekly")],
    }),
    when("Sat 10am (every other week); Sun 10am", [session("Sun 10:00")], {
      unparsed: ["Sat 10am (every other week)"],
      review: [reason.everyOther("every other week")],
    }),
    when("Open mat once a month on Saturday 11am", [], {
      unparsed: ["once a month on Saturday 11am"],
      review: [reason.whichWeek("once a month")],
    }),
    when("Sunday 2pm, twice a month", [], {
      unparsed: ["Sunday 2pm, twice a month"],
      review: [reason.whichWeek("twice a month")],
    }),
    when("1st & 3rd weekends 10am", [], {
      unparsed: ["1st & 3rd weekends 10am"],
      review: ['"1st & 3rd weekends": which days of the month that weekend covers is not written'],
    }),
  ]);
});
