/** Issue 20: a whole class timetable pasted in, where only some lines are labelled open mat. */
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

describe("parseSchedule: only the lines labelled open mat, in a class timetable", () => {
  runScheduleCases([
    when(
      "Monday\n6:00 AM Fundamentals\n12:00 PM All Levels Gi\n7:00 PM Open Mat\nSaturday\n10:00 AM Kids\n11:00 AM Open Mat",
      [session("Mon 19:00"), session("Sat 11:00")],
    ),
    when(
      "MONDAY\n6:00-7:00am – BJJ Fundamentals\n6:30-7:30pm – No-Gi\n7:30-8:30pm – Open Mat\nSATURDAY\n10:00-11:00am – Kids\n11:00am-12:30pm – Open Mat",
      [session("Mon 19:30-20:30"), session("Sat 11:00-12:30")],
    ),
    when("Mon 6pm Fundamentals\nMon 7pm Advanced\nSat 11am Open Mat", [session("Sat 11:00")]),
    when("Tue 7pm No-Gi Class | Thu 7pm Gi Class | Sun 10am Open Mat", [session("Sun 10:00")]),
    when("Fundamentals: M/W 6pm\nOpen Mat: F 7pm", [session("Fri 19:00")]),
    when("Kids BJJ - Tue/Thu 5pm\nAdult BJJ - Mon/Wed 7pm\nOpen Mat - Sat 10am-12pm\nMuay Thai - Fri 6pm", [
      session("Sat 10:00-12:00"),
    ]),
    // A heading labels the lines below it.
    when("CLASS SCHEDULE\nMon/Wed 6pm Adults\nOPEN MAT\nSat 11am-1pm\nSun 10am-12pm", [
      session("Sat 11:00-13:00"),
      session("Sun 10:00-12:00"),
    ]),
    when("Adult Gi: Mon/Wed 7pm\nOpen roll: Fri 6:30-8pm\nWrestling: Thu 6pm", [session("Fri 18:30-20:00")]),
    // A line with no label at all among them is held back for a person to read.
    when("Fundamentals Mon 6pm\nSat 11am Open Mat\nSun 10am", [session("Sat 11:00")], {
      unparsed: ["Sun 10am"],
    }),
    // A line that is a small timetable itself is read piece by piece.
    when("MON 6:30pm BJJ 101 / 7:30pm Open Mat", [session("Mon 19:30")]),
    when("Open mat: Sat 11am, kids class Sat 9am", [session("Sat 11:00")]),
    when(
      "Mon 6pm Fundamentals, 7pm Open Mat; Wed 6pm Fundamentals, 7pm Open Mat",
      onDays("Mon Wed", "19:00"),
    ),
    when("Saturdays 11am open mat, 12:30pm drilling", [session("Sat 11:00")]),
    // Sentences too.
    when("Fundamentals Mon/Wed 6pm. Open mat Saturday 11am.", [session("Sat 11:00")]),
    when("Classes Mon-Fri 6pm. Open mat Saturdays.", [], { untimed: [untimed("Sat")] }),
    when("Open mat Sun 10am. Dr. Smith teaches Mon 6pm.", [session("Sun 10:00")]),
  ]);
});

describe("parseSchedule: with no line labelled, every listed time is an open mat", () => {
  runScheduleCases([
    when("Open Mat\nSaturdays 11-1\nSundays 10-12", [
      checked(session("Sat 11:00-13:00"), reason.amPm("11-1", "11:00 AM–1:00 PM")),
      checked(session("Sun 10:00-12:00"), reason.amPm("10-12", "10:00 AM–12:00 PM")),
    ]),
    when("Open Mat Saturday 11am\nSunday 10am", [session("Sat 11:00"), session("Sun 10:00")]),
    when("Gi Open Mat:\nSat 11am-1pm\nNo-Gi Open Mat:\nWed 8pm", [
      session("Sat 11:00-13:00", "Gi"),
      session("Wed 20:00", "No-Gi"),
    ]),
    when("Mon/Wed 6pm\nSat 11am", [...onDays("Mon Wed", "18:00"), session("Sat 11:00")]),
  ]);
});
