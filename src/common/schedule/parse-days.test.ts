/** Day names, lists, ranges and day sets, as gyms write them. */
import { describe } from "bun:test";
import {
  checked,
  onDays,
  reason,
  runScheduleCases,
  session,
  untimed,
  scheduleCase as when,
} from "./test-support.ts";

const EVERY_DAY = "Sun Mon Tue Wed Thu Fri Sat";
const WORKWEEK = "Mon Tue Wed Thu Fri";

describe("parseSchedule: days", () => {
  runScheduleCases([
    when("Sat 11am", [session("Sat 11:00")]),
    when("Saturday 11am", [session("Sat 11:00")]),
    when("SATURDAY 11AM", [session("Sat 11:00")]),
    when("saturdays 11am", [session("Sat 11:00")]),
    when("Saturdays at 11:00 AM", [session("Sat 11:00")]),
    when("Sunday's 10am", [session("Sun 10:00")]),
    when("Su 10am", [session("Sun 10:00")]),
    when("Monday 6pm", [session("Mon 18:00")]),
    when("Tue 7pm", [session("Tue 19:00")]),
    when("Tues 7pm", [session("Tue 19:00")]),
    when("TUESDAYS 7PM", [session("Tue 19:00")]),
    when("Weds 7pm", [session("Wed 19:00")]),
    when("Wed. 7pm", [session("Wed 19:00")]),
    when("wednesdays 7pm", [session("Wed 19:00")]),
    when("Thu 12pm", [session("Thu 12:00")]),
    when("Thur 12pm", [session("Thu 12:00")]),
    when("Thurs 12pm", [session("Thu 12:00")]),
    when("Thursday's 7:30 PM", [session("Thu 19:30")]),
    when("Fridays 6pm", [session("Fri 18:00")]),
    when("Fri. 7pm-9pm", [session("Fri 19:00-21:00")]),
    when("Sa 10am", [session("Sat 10:00")]),
    when("Mon/Wed/Fri 6pm", onDays("Mon Wed Fri", "18:00")),
    when("Mon, Wed, Fri 6-8pm", onDays("Mon Wed Fri", "18:00-20:00")),
    when(
      "Mon, Wed, and Fri at 6",
      onDays("Mon Wed Fri", "18:00").map((item) => checked(item, reason.amPm("6", "6:00 PM"))),
    ),
    when("Mon Wed Fri 7pm", onDays("Mon Wed Fri", "19:00")),
    when("Mon-Fri 12pm", onDays(WORKWEEK, "12:00")),
    when("Mon – Fri 12pm", onDays(WORKWEEK, "12:00")),
    when("Monday through Friday 12-1pm", onDays(WORKWEEK, "12:00-13:00")),
    when("Monday thru Friday 6am", onDays(WORKWEEK, "06:00")),
    when("Monday to Friday 7pm", onDays(WORKWEEK, "19:00")),
    when("Mon/Wed-Fri 6pm", onDays("Mon Wed Thu Fri", "18:00")),
    when("Tues & Thurs 6:30pm", onDays("Tue Thu", "18:30")),
    when("Tuesday and Thursday 6:30pm", onDays("Tue Thu", "18:30")),
    when("T/Th 7pm", onDays("Tue Thu", "19:00")),
    when("MWF 6pm", onDays("Mon Wed Fri", "18:00")),
    when("M-F 6am", onDays(WORKWEEK, "06:00")),
    when("weekdays 6am", onDays(WORKWEEK, "06:00")),
    when("Weekends 10am", onDays("Sat Sun", "10:00")),
    when("weekdays 12pm, weekends 10am", [...onDays(WORKWEEK, "12:00"), ...onDays("Sat Sun", "10:00")]),
    when("Sat-Sun 9am", onDays("Sat Sun", "09:00")),
    when("Fri-Mon 8pm", onDays("Fri Sat Sun Mon", "20:00")),
    when("Sat thru Mon 10am", onDays("Sat Sun Mon", "10:00")),
    when("Daily 6am", onDays(EVERY_DAY, "06:00")),
    when("Every day at noon", onDays(EVERY_DAY, "12:00")),
    when("Open mat 7 days a week 6pm", onDays(EVERY_DAY, "18:00")),
    when("Sat & Sun 11am", onDays("Sat Sun", "11:00")),
    when("Sat 11am & Sun 10am", [session("Sat 11:00"), session("Sun 10:00")]),
    when("Saturday 11am, Sunday 10am", [session("Sat 11:00"), session("Sun 10:00")]),
    when("Sat 11am, Sat 11:00 AM, saturday 11", [session("Sat 11:00")]),
    when("11am Saturdays", [session("Sat 11:00")]),
    when("9:00 AM - 11:00 AM - Sun", [session("Sun 09:00-11:00")]),
    when("6pm Mon/Wed", onDays("Mon Wed", "18:00")),
    when("10am Sunday, 11am Saturday", [session("Sun 10:00"), session("Sat 11:00")]),
    when("Sat 11am Sun", [session("Sat 11:00")], { unparsed: ["Sun"] }),
    // Issue 20: a day named with no time is that day, time not listed (was left unread).
    when("Saturday", [], { untimed: [untimed("Sat")] }),
    when("Saturday morning", [], { untimed: [untimed("Sat")] }),
    when("We roll Sat 11am", [session("Sat 11:00")], { unparsed: ["We roll"] }),
    when("Weekend open mats: Sat 11a, Sun 10a", [session("Sat 11:00"), session("Sun 10:00")], {
      unparsed: ["Weekend open mats"],
    }),
  ]);
});

describe("parseSchedule: the time before the day, with words between", () => {
  runScheduleCases([
    when("7:15 PM Fundamentals Thursday Open Mat", [session("Thu 19:15")], { unparsed: ["Fundamentals"] }),
    when("10:30am Competition Team Saturday", [session("Sat 10:30")], { unparsed: ["Competition Team"] }),
    when("5:30 - 7:00 pm Sparring Rounds Friday", [session("Fri 17:30-19:00")], {
      unparsed: ["Sparring Rounds"],
    }),
    when("11:00 AM Positional Drilling (Gi) Sunday", [session("Sun 11:00", "Gi")], {
      unparsed: ["Positional Drilling"],
    }),
    when("9am Hard Rolls Sat & Sun", onDays("Sat Sun", "09:00"), { unparsed: ["Hard Rolls"] }),
    when("6:45pm Advanced Tuesday; 12pm Lunch Crew Thursday", [session("Tue 18:45"), session("Thu 12:00")], {
      unparsed: ["Advanced", "Lunch Crew"],
    }),
    // The same, day first.
    when("Monday Flow Rolling 8:15pm", [session("Mon 20:15")], { unparsed: ["Flow Rolling"] }),
    // Issue 20: a line with a clock time left unread publishes nothing (was Sat 10:00 beside
    // the unread "7pm Kids Class"): the gym's own text is shown instead.
    when("7pm Kids Class Saturday 10am", [], { unparsed: ["7pm Kids Class Saturday 10am"] }),
    // Words that say the day is off, or too many words, and nothing is paired.
    when("6pm closed Sunday", [], { unparsed: ["6pm closed Sunday"] }),
    when("Sunday closed 6pm", [], { unparsed: ["Sunday closed 6pm"] }),
    when("8:00pm lots of other words here Monday", [], {
      unparsed: ["8:00pm lots of other words here Monday"],
    }),
    // Issue 20: "Sun TBD" is Sunday with its time not listed (was read as no open mat).
    when("6pm; Sun TBD", [], { untimed: [untimed("Sun")], unparsed: ["6pm"] }),
  ]);
});
