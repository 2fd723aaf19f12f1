/** Clock times, ranges and the am/pm inference rules. */
import { describe } from "bun:test";
import { runScheduleCases, session, scheduleCase as when } from "./test-support.ts";

const NOON = (written: string) => `"${written}": 12am read as noon, a midnight open mat is unlikely`;
const NIGHT = (written: string) =>
  `"${written}": read as starting at midnight, which is unlikely for an open mat`;

describe("parseSchedule: a start written 12am is never taken silently", () => {
  runScheduleCases([
    when("Sunday 12:00am - 1:30pm", [session("Sun 12:00-13:30")], { review: [NOON("12:00am - 1:30pm")] }),
    when("Sat 12:00 AM to 2:00 PM (Gi)", [session("Sat 12:00-14:00", "Gi")], {
      review: [NOON("12:00 AM to 2:00 PM")],
    }),
    when("Thursday 12:15am", [session("Thu 12:15")], { review: [NOON("12:15am")] }),
    when("Wed 12a-1:15p, Fri 6pm", [session("Wed 12:00-13:15"), session("Fri 18:00")], {
      review: [NOON("12a-1:15p")],
    }),
    when("Sun 12:00am-2 (No-Gi)", [session("Sun 12:00-14:00", "No-Gi")], { review: [NOON("12:00am-2")] }),
    when("Mon & Wed 12am - 1pm", [session("Mon 12:00-13:00"), session("Wed 12:00-13:00")], {
      review: [NOON("12am - 1pm")],
    }),
    // The end puts it in the night: keep the reading, but still ask.
    when("Fri 12:30am - 2am", [session("Fri 00:30-02:00")], { review: [NIGHT("12:30am - 2am")] }),
    when("Sat 12-1am", [session("Sat 00:00-01:00")], { review: [NIGHT("12-1am")] }),
    // Written on purpose: the word, a 24-hour clock, or midnight as the end.
    when("Fri 10:30pm - 12:00am", [session("Fri 22:30-00:00")]),
    when("Sat midnight - 2am", [session("Sat 00:00-02:00")]),
    when("Sat 00:00-01:30", [session("Sat 00:00-01:30")]),
    when("Sat 12pm - 2pm", [session("Sat 12:00-14:00")]),
    when("Sat 12:00-2:00", [session("Sat 12:00-14:00")]),
  ]);
});

describe("parseSchedule: times", () => {
  runScheduleCases([
    when("Sat 11 AM", [session("Sat 11:00")]),
    when("Sat 11:00am", [session("Sat 11:00")]),
    when("Sat 11:00 am", [session("Sat 11:00")]),
    when("Sat 11:00a.m.", [session("Sat 11:00")]),
    when("Sat 11:00 A.M.", [session("Sat 11:00")]),
    when("Sat 11 a.m.", [session("Sat 11:00")]),
    when("Sat 11A", [session("Sat 11:00")]),
    when("sat 11a", [session("Sat 11:00")]),
    when("Fri 7p", [session("Fri 19:00")]),
    when("Fri 7 p.m.", [session("Fri 19:00")]),
    when("Sat 11.30am", [session("Sat 11:30")]),
    when("Sat 630pm", [session("Sat 18:30")]),
    when("Sat 1130am-1pm", [session("Sat 11:30-13:00")]),
    when("Sat 18:00-20:00", [session("Sat 18:00-20:00")]),
    when("Sat noon", [session("Sat 12:00")]),
    when("Sat 12noon - 2pm", [session("Sat 12:00-14:00")]),
    when("Sunday 12 noon - 2pm", [session("Sun 12:00-14:00")]),
    when("Sat 11am-noon", [session("Sat 11:00-12:00")]),
    when("Fri 10pm-midnight", [session("Fri 22:00-00:00")]),
    // Was read as midnight without a word; issue 13: a midnight open mat is implausible, so flag it.
    when("Sat 12am", [session("Sat 12:00")], {
      review: ['"12am": 12am read as noon, a midnight open mat is unlikely'],
    }),
    when("Sat 12pm", [session("Sat 12:00")]),
    when("Sat 6pm to 8pm", [session("Sat 18:00-20:00")]),
    when("Sat 6pm–8pm", [session("Sat 18:00-20:00")]),
    when("Sat 6pm—8pm", [session("Sat 18:00-20:00")]),
    when("Sat 6 - 8 pm", [session("Sat 18:00-20:00")]),
    when("Sat 6-8pm", [session("Sat 18:00-20:00")]),
    when("Sat 6pm-8", [session("Sat 18:00-20:00")]),
    when("Sat 11am-1", [session("Sat 11:00-13:00")]),
    when("Fri 11-1pm", [session("Fri 11:00-13:00")]),
    when("Fri 10-12pm", [session("Fri 10:00-12:00")]),
    when("Thu 5:45-6:45 pm", [session("Thu 17:45-18:45")]),
    when("Sun 9-11am", [session("Sun 09:00-11:00")]),
    when("Sat 11:30-1 PM", [session("Sat 11:30-13:00")]),
    when("Sat 12-2pm", [session("Sat 12:00-14:00")]),
    when("Sat 11-1", [session("Sat 11:00-13:00")]),
    when("Sat 10-12", [session("Sat 10:00-12:00")]),
    when("Sun 12-2", [session("Sun 12:00-14:00")]),
    when("Wed 7-9", [session("Wed 19:00-21:00")]),
    when(
      "Mon-Thu 7-8:30",
      ["Mon", "Tue", "Wed", "Thu"].map((day) => session(`${day} 19:00-20:30`)),
    ),
    when("Sat 12:30-2", [session("Sat 12:30-14:00")]),
    when("Saturdays 11:00 - 1:00", [session("Sat 11:00-13:00")]),
    when("Fri 11pm-1am", [session("Fri 23:00-01:00")]),
    when("Sat 7", [session("Sat 19:00")]),
    when("Sat 9", [session("Sat 21:00")]),
    when("Sat at 10", [session("Sat 10:00")]),
    when("Sat 12", [session("Sat 12:00")]),
    when("Sat 11:30", [session("Sat 11:30")]),
    when("Mon 6:30", [session("Mon 18:30")]),
    when("Thu 12 PM & 7:30 PM", [session("Thu 12:00"), session("Thu 19:30")]),
    when("Sat 11am, 1pm, 3pm", [session("Sat 11:00"), session("Sat 13:00"), session("Sat 15:00")]),
    when("Sat 11am-1pm, 2-4pm", [session("Sat 11:00-13:00"), session("Sat 14:00-16:00")]),
    when("Sat 10 & 11:30am", [session("Sat 10:00"), session("Sat 11:30")]),
    when("Mon 6 & 7pm", [session("Mon 18:00"), session("Mon 19:00")]),
    when("saturday from 12 until 2", [session("Sat 12:00-14:00")]),
    when("Sat 11am till 1pm", [session("Sat 11:00-13:00")]),
    when("sunday 9:30 am – 11 am", [session("Sun 09:30-11:00")]),
    when("Sat 11am-1pm EST", [session("Sat 11:00-13:00")]),
    when("Sat 25pm", [], { unparsed: ["Sat 25pm"] }),
    when("Sat 11:75am", [], { unparsed: ["Sat 11:75am"] }),
    when("Sat 1130", [], { unparsed: ["Sat 1130"] }),
    when("Sat 2 mats", [], { unparsed: ["Sat 2 mats"] }),
    when("Sat 11am ages 16+", [session("Sat 11:00")], { unparsed: ["ages 16"] }),
    when("Sat 11am, 2 mats available", [session("Sat 11:00")], { unparsed: ["2 mats available"] }),
    when("Open mats on 3/15 at 6pm", [], { unparsed: ["Open mats on 3/15 at 6pm"] }),
    when("at 6 on Saturdays", [], { unparsed: ["at 6 on Saturdays"] }),
  ]);
});
