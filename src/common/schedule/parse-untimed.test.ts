/** Issue 20: a day named with no time, and an end time with no start. */
import { describe } from "bun:test";
import { checked, reason, runScheduleCases, session, untimed, scheduleCase as when } from "./test-support.ts";

describe("parseSchedule: a day named with no time is that day, time not listed", () => {
  runScheduleCases([
    when("Saturday open mat", [], { untimed: [untimed("Sat")] }),
    when("Sundays (call for times)", [], { untimed: [untimed("Sun")] }),
    when("Open mat on Fridays", [], { untimed: [untimed("Fri")] }),
    when("Saturday & Sunday, times vary", [], { untimed: [untimed("Sat"), untimed("Sun")] }),
    when("Weekends - check our Instagram", [], { untimed: [untimed("Sat"), untimed("Sun")] }),
    when("Open mat Saturday mornings", [], { untimed: [untimed("Sat")] }),
    when("Wednesday (time TBA)", [], { untimed: [untimed("Wed")] }),
    when("Open mat: Saturdays. Message us for the time", [], { untimed: [untimed("Sat")] }),
    when("Sundays after class", [], { untimed: [untimed("Sun")] }),
    when("Gi open mat Saturdays", [], { untimed: [untimed("Sat", "Gi")] }),
    when("Sat 11am-1pm; Sunday TBA", [session("Sat 11:00-13:00")], { untimed: [untimed("Sun")] }),
    // Said to be off, or for members only: no open mat that day.
    when("Sunday closed", [], { unparsed: ["Sunday closed"] }),
    when("Saturday: members only", [], { noOpenMat: true }),
    when("No open mat on Sundays", [], { noOpenMat: true }),
    // A day with times elsewhere on its line stays unread rather than guessed at.
    when("Sat 11am Sun", [session("Sat 11:00")], { unparsed: ["Sun"] }),
    // A heading of days whose lines below give the times is not a day without a time.
    when("Weekend open mats:\nSat 11am\nSun 10am", [session("Sat 11:00"), session("Sun 10:00")], {
      unparsed: ["Weekend open mats"],
    }),
  ]);
});

describe("parseSchedule: an end time with no start", () => {
  runScheduleCases([
    when("Friday open mat until 8 PM", [], { untimed: [untimed("Fri -20:00")] }),
    when("Sat open mat till 1pm", [], { untimed: [untimed("Sat -13:00")] }),
    when("Wednesday after class until 9:30pm", [], { untimed: [untimed("Wed -21:30")] }),
    when("Open mat Sundays 'til 2", [], {
      untimed: [checked(untimed("Sun -14:00"), reason.amPm("til 2", "2:00 PM"))],
    }),
    when("Thursdays until 9", [], {
      untimed: [checked(untimed("Thu -21:00"), reason.amPm("until 9", "9:00 PM"))],
    }),
    // "nights" says pm: no choice made.
    when("Thursday nights until 9", [], { untimed: [untimed("Thu -21:00")] }),
    when("Saturday mornings until noon", [], { untimed: [untimed("Sat -12:00")] }),
    when("Open gym Fri till 10pm", [], { untimed: [untimed("Fri -22:00")] }),
    when("Tue/Thu until 8:30pm (No-Gi)", [], {
      untimed: [untimed("Tue -20:30", "No-Gi"), untimed("Thu -20:30", "No-Gi")],
    }),
    // With its start written, "until" is a range as ever.
    when("Sat 9am until 11am", [session("Sat 09:00-11:00")]),
  ]);
});
