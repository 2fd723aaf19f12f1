/** Issue 20: question marks and other marks of a writer's doubt keep the reading, with a reason. */
import { describe } from "bun:test";
import { checked, reason, runScheduleCases, session, scheduleCase as when } from "./test-support.ts";

const doubt = reason.doubt;

describe("parseSchedule: the writer's doubt", () => {
  runScheduleCases([
    when("Sat 11am?", [checked(session("Sat 11:00"), doubt("Sat 11am?", "?"))]),
    when("Sunday 10am (?)", [checked(session("Sun 10:00"), doubt("Sunday 10am (?)", "?"))]),
    when("Sat 12-2pm?? call first", [checked(session("Sat 12:00-14:00"), doubt("Sat 12-2pm??", "??"))], {
      unparsed: ["call first"],
    }),
    when("Fri 6pm (tentative)", [checked(session("Fri 18:00"), doubt("Fri 6pm (tentative)", "tentative"))]),
    when("Sat 11am-1pm (TBC)", [checked(session("Sat 11:00-13:00"), doubt("Sat 11am-1pm (TBC)", "TBC"))]),
    when("Sunday maybe 10am, not sure", [
      checked(session("Sun 10:00"), doubt("Sunday maybe 10am, not sure", "maybe")),
    ]),
    when("I think Saturdays at noon", [
      checked(session("Sat 12:00"), doubt("I think Saturdays at noon", "I think")),
    ]),
    when("Usually Sunday 9am", [checked(session("Sun 09:00"), doubt("Usually Sunday 9am", "Usually"))]),
    when("Sat ~10am", [checked(session("Sat 10:00"), doubt("Sat ~10am", "~"))]),
    when("Saturday 11am ish", [checked(session("Sat 11:00"), doubt("Saturday 11am ish", "ish"))]),
    when("Saturdays around 11", [
      checked(session("Sat 11:00"), reason.amPm("11", "11:00 AM"), doubt("Saturdays around 11", "around")),
    ]),
    when("Sat 11ish-1", [
      checked(
        session("Sat 11:00-13:00"),
        reason.amPm("11ish-1", "11:00 AM–1:00 PM"),
        doubt("11ish-1", "ish"),
      ),
    ]),
    // Only the doubted session is marked.
    when("Sat 11am, Sun 10am?", [
      session("Sat 11:00"),
      checked(session("Sun 10:00"), doubt("Sun 10am?", "?")),
    ]),
    // "about us" is not doubt, nor a "6~8pm" range.
    when("Sat 6~8pm", [session("Sat 18:00-20:00")]),
  ]);
});
