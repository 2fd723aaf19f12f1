/** Issue 20: clock times as gyms really write them, beyond "11am" and "6:30 PM". */
import { describe } from "bun:test";
import { checked, onDays, reason, runScheduleCases, session, scheduleCase as when } from "./test-support.ts";

const AMPM = reason.amPm;

describe("parseSchedule: times with no colon, three or four digits", () => {
  runScheduleCases([
    when("Sat 1030am-1230pm", [session("Sat 10:30-12:30")]),
    when("Sunday 930-1130am", [session("Sun 09:30-11:30")]),
    when("Tues & Thurs 630-8pm", onDays("Tue Thu", "18:30-20:00")),
    when("Fri 630pm-8", [session("Fri 18:30-20:00")]),
    when("Wed 715pm", [session("Wed 19:15")]),
    when("Mon 530 - 7 PM", [session("Mon 17:30-19:00")]),
    when("Sat 900am - 1100am", [session("Sat 09:00-11:00")]),
    when("Sun 1030a-12p", [session("Sun 10:30-12:00")]),
    when("Friday 6-730pm", [session("Fri 18:00-19:30")]),
    // Four digits with no am/pm are a 24-hour clock; three digits leave am/pm to choose.
    when("Sat 1030-1230", [session("Sat 10:30-12:30")]),
    when("Saturday open mat 1000-1200", [session("Sat 10:00-12:00")]),
    when("Sat 1100", [session("Sat 11:00")]),
    when("Thu 630", [checked(session("Thu 18:30"), AMPM("630", "6:30 PM"))]),
    // The 24-hour end says the start is in the morning.
    when("Sun 930-1130", [session("Sun 09:30-11:30")]),
    when("Sun 930-1130am", [session("Sun 09:30-11:30")]),
    // A year, a phone number or a street number is not a time.
    when("Sat 11am, since 2025", [session("Sat 11:00")], { unparsed: ["since 2025"] }),
    when("Sat 11am, call 555-0123", [session("Sat 11:00")], { unparsed: ["call 555-0123"] }),
    when("Sat 1200 Main St", [], { unparsed: ["Sat 1200 Main St"] }),
  ]);
});

describe("parseSchedule: am/pm written once for a whole range", () => {
  runScheduleCases([
    when("Sat 10-12pm", [session("Sat 10:00-12:00")]),
    when("Sun 11-1pm", [session("Sun 11:00-13:00")]),
    when("Fri 6-8 pm", [session("Fri 18:00-20:00")]),
    when("Sat 9:30-11am", [session("Sat 09:30-11:00")]),
    when("Sun 10:30 - 12:30pm", [session("Sun 10:30-12:30")]),
    when("Sat 11 AM - 12:30", [session("Sat 11:00-12:30")]),
    when("Wed 5:30-7 p.m.", [session("Wed 17:30-19:00")]),
    when("Sat 10-2pm", [session("Sat 10:00-14:00")]),
    when("Sun 11:30-1:30PM", [session("Sun 11:30-13:30")]),
    when("Sat 8-10 AM", [session("Sat 08:00-10:00")]),
    when("Thursdays 7 to 9PM", [session("Thu 19:00-21:00")]),
    // A list shares the am/pm written on its neighbour.
    when("Sat 10 & 11:30am", [session("Sat 10:00"), session("Sat 11:30")]),
    when("Sun 11am, 1 and 3", [session("Sun 11:00"), session("Sun 13:00"), session("Sun 15:00")]),
  ]);
});

describe("parseSchedule: a part of the day says am or pm", () => {
  runScheduleCases([
    when("Fri night open mat 7:30-9:00", [session("Fri 19:30-21:00")]),
    when("Saturday morning 9", [session("Sat 09:00")]),
    when("Sunday afternoon 1-3", [session("Sun 13:00-15:00")]),
    when("Lunch open mat M/W/F 12-1", onDays("Mon Wed Fri", "12:00-13:00")),
    when("Open mats: Friday nights 7-9 & Sunday mornings 10-12", [
      session("Fri 19:00-21:00"),
      session("Sun 10:00-12:00"),
    ]),
    // A part of the day no reading fits: the choice is still listed.
    when("Saturday mornings 2", [checked(session("Sat 14:00"), AMPM("2", "2:00 PM"))]),
  ]);
});

describe("parseSchedule: noon, midnight and a 12am end", () => {
  runScheduleCases([
    when("Sat 11am-12 noon", [session("Sat 11:00-12:00")]),
    when("Sun 10-12 noon", [session("Sun 10:00-12:00")]),
    when("Sat 12 noon-2pm", [session("Sat 12:00-14:00")]),
    when("Sat 12:00 noon to 1:30", [session("Sat 12:00-13:30")]),
    when("Sat 11:30am until 12 noon", [session("Sat 11:30-12:00")]),
    when("Fri 10pm - 12 midnight", [session("Fri 22:00-00:00")]),
    when("Thu 8pm-12am", [session("Thu 20:00-00:00")]),
    // '12:00am' closing a morning session is a slip for noon: read so, and listed.
    when("Sat 9am-12:00am", [checked(session("Sat 09:00-12:00"), reason.noonEnd("9am-12:00am"))]),
    when("Sun 10:00am - 12:00am (Gi)", [
      checked(session("Sun 10:00-12:00", "Gi"), reason.noonEnd("10:00am - 12:00am")),
    ]),
    when("Sat 10-12am", [checked(session("Sat 10:00-12:00"), reason.noonEnd("10-12am"))]),
  ]);
});

describe("parseSchedule: 24-hour and European times", () => {
  runScheduleCases([
    when("Sat 13:00 - 15:00", [session("Sat 13:00-15:00")]),
    when("Sa 10h-12h", [session("Sat 10:00-12:00")]),
    when("Sat 10h00-12h00", [session("Sat 10:00-12:00")]),
    when("Sun 9h30", [session("Sun 09:30")]),
    when("Wed 19h-21h", [session("Wed 19:00-21:00")]),
    when("Fri 18.30-20.00", [session("Fri 18:30-20:00")]),
    when("Mon 1800-1930", [session("Mon 18:00-19:30")]),
    when("Sun 0930-1130", [session("Sun 09:30-11:30")]),
    when("Thursday 20.00", [session("Thu 20:00")]),
    when("Tue 19:00-20:30h", [session("Tue 19:00-20:30")]),
    when("Sat 1000-1200 hrs", [session("Sat 10:00-12:00")]),
    when("Sun 1900hrs", [session("Sun 19:00")]),
    // A duration is not a European hour.
    when("Sat 11am, 2h", [session("Sat 11:00")], { unparsed: ["2h"] }),
  ]);
});
