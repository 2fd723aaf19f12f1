/** Issue 20: one- and two-letter days and joined forms, read only right before a time. */
import { describe } from "bun:test";
import { checked, onDays, reason, runScheduleCases, session, scheduleCase as when } from "./test-support.ts";

describe("parseSchedule: day letters beside a time", () => {
  runScheduleCases([
    when("M/W/F 6pm", onDays("Mon Wed Fri", "18:00")),
    when("TTh 7-8:30pm", onDays("Tue Thu", "19:00-20:30")),
    when("M + Th 6:30pm", onDays("Mon Thu", "18:30")),
    when("M+F noon", onDays("Mon Fri", "12:00")),
    when("MWF 12-1pm", onDays("Mon Wed Fri", "12:00-13:00")),
    when("T/R 6pm", onDays("Tue Thu", "18:00")),
    when("M-Th 7pm", onDays("Mon Tue Wed Thu", "19:00")),
    when("Sa 11am, Su 10am", [session("Sat 11:00"), session("Sun 10:00")]),
    when("W 7:30pm", [session("Wed 19:30")]),
    when("F 6pm (No-Gi)", [session("Fri 18:00", "No-Gi")]),
    when("MTWRF 6am", onDays("Mon Tue Wed Thu Fri", "06:00")),
    when("Tu/Th 12pm", onDays("Tue Thu", "12:00")),
    when("Open mats: M W F at 6:30pm", onDays("Mon Wed Fri", "18:30")),
    when("Open mat F 6-8pm & Sa 10am", [session("Fri 18:00-20:00"), session("Sat 10:00")]),
    when("MW 7pm (No-Gi), F 6pm (Gi)", [...onDays("Mon Wed", "19:00", "No-Gi"), session("Fri 18:00", "Gi")]),
    when("Mon 6pm, W 6pm", onDays("Mon Wed", "18:00")),
    // A lone T is Tuesday by the timetable convention, but it could be Thursday.
    when("T 7pm", [checked(session("Tue 19:00"), reason.loneT("T"))]),
  ]);
});

describe("parseSchedule: a stray letter in prose is not a day", () => {
  runScheduleCases([
    when("Coach M will be there, Sat 11am", [session("Sat 11:00")], { unparsed: ["Coach M will be there"] }),
    when("Sat 11am w/ Coach Joe", [session("Sat 11:00")], { unparsed: ["w/ Coach Joe"] }),
    when("Classes M-F, open mat Sat 11am", [session("Sat 11:00")], { unparsed: ["Classes M-F"] }),
    when("Plan B: Sun 10am", [session("Sun 10:00")], { unparsed: ["Plan B"] }),
    when("Sat 11am, 6pm MT", [session("Sat 11:00"), session("Sat 18:00")]),
    // "S" could be Saturday or Sunday: never a day.
    when("S 10am", [], { unparsed: ["S 10am"] }),
  ]);
});
