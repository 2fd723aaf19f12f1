/** Whole schedules as gyms really post them: several lines, emoji, odd punctuation, junk. */
import { describe } from "bun:test";
import {
  checked,
  dated,
  onDays,
  reason,
  runScheduleCases,
  session,
  untimed,
  scheduleCase as when,
} from "./test-support.ts";

// Issue 20: a time with am/pm written nowhere is read as before, and listed for review.
const guessed = (item: ReturnType<typeof session>, written: string, reading: string) =>
  checked(item, reason.amPm(written, reading));

describe("parseSchedule: real-world text", () => {
  runScheduleCases([
    when("Saturday:\n  11am - 1pm\nSunday:\n  10am-12pm", [
      session("Sat 11:00-13:00"),
      session("Sun 10:00-12:00"),
    ]),
    when("Saturday\n11:00 AM – 1:00 PM\n2:00 PM – 4:00 PM", [
      session("Sat 11:00-13:00"),
      session("Sat 14:00-16:00"),
    ]),
    when("OPEN MAT 🔥🔥 SAT 12-2!!!", [guessed(session("Sat 12:00-14:00"), "12-2", "12:00 PM–2:00 PM")]),
    when("🥋 OPEN MAT 🥋\n• Friday 6:30pm\n• Saturday 12pm", [session("Fri 18:30"), session("Sat 12:00")]),
    when("*** OPEN MAT ***\nSat - 11:00a to 1:00p", [session("Sat 11:00-13:00")]),
    when("Open Mat Times\n-----\nSat   11:00\nSun   10:00", [
      guessed(session("Sat 11:00"), "11:00", "11:00 AM"),
      guessed(session("Sun 10:00"), "10:00", "10:00 AM"),
    ]),
    when("Open Mat\nSaturdays 11:00am-1:00pm\nSundays 10:00am-12:00pm\nAll levels welcome!", [
      session("Sat 11:00-13:00"),
      session("Sun 10:00-12:00", "All levels"),
    ]),
    when("Gi Open Mat:\nSat 11am-1pm\nNo-Gi Open Mat:\nWed 8pm", [
      session("Sat 11:00-13:00", "Gi"),
      session("Wed 20:00", "No-Gi"),
    ]),
    when("Mondays & Wednesdays 12pm-1pm — Gi\nSaturdays 11am-1pm — No-Gi", [
      ...onDays("Mon Wed", "12:00-13:00", "Gi"),
      session("Sat 11:00-13:00", "No-Gi"),
    ]),
    when("Sat 11am-1pm\nGi only", [session("Sat 11:00-13:00", "Gi")]),
    when("Sat 11am\nSaturday 11:00 AM (Gi)", [session("Sat 11:00", "Gi")]),
    when("Thursday 7pm\nThursday 7pm", [session("Thu 19:00")]),
    when("Sat 11am; Sun 10am; Sat 11am", [session("Sat 11:00"), session("Sun 10:00")]),
    when("Sat 11am\nNo open mat on holidays", [session("Sat 11:00")], {
      unparsed: ["No open mat on holidays"],
    }),
    when("SAT: 12:00 - 2:00 PM\nSUN: closed", [session("Sat 12:00-14:00")], { unparsed: ["SUN: closed"] }),
    when("Mon/Wed 6:30-8pm, Fri 6-8pm, Sat 10am-12pm (Gi)", [
      ...onDays("Mon Wed", "18:30-20:00"),
      session("Fri 18:00-20:00"),
      session("Sat 10:00-12:00", "Gi"),
    ]),
    when("Saturday 10:00 AM - 12:00 PM | Sunday 10:00 AM - 12:00 PM", onDays("Sat Sun", "10:00-12:00")),
    when("Tues/Thurs 12:00-1:00 PM; Sat 10:00 AM-12:00 PM", [
      ...onDays("Tue Thu", "12:00-13:00"),
      session("Sat 10:00-12:00"),
    ]),
    when("Sundays 11-1 (Gi) | Wednesdays 8-9pm (No-Gi)", [
      guessed(session("Sun 11:00-13:00", "Gi"), "11-1", "11:00 AM–1:00 PM"),
      session("Wed 20:00-21:00", "No-Gi"),
    ]),
    when("sat 11 to 1, sun 12 to 2", [
      guessed(session("Sat 11:00-13:00"), "11 to 1", "11:00 AM–1:00 PM"),
      guessed(session("Sun 12:00-14:00"), "12 to 2", "12:00 PM–2:00 PM"),
    ]),
    when("Fri 6pm to 8pm | Sat 10-12", [
      session("Fri 18:00-20:00"),
      guessed(session("Sat 10:00-12:00"), "10-12", "10:00 AM–12:00 PM"),
    ]),
    when("Weds & Fri 6:00 - 7:30pm / Sat 9:30 - 11am", [
      ...onDays("Wed Fri", "18:00-19:30"),
      session("Sat 09:30-11:00"),
    ]),
    when("Sat 11am, Sunday 4:30–6pm (no-gi), Wednesday 7:30pm", [
      session("Sat 11:00"),
      session("Sun 16:30-18:00", "No-Gi"),
      session("Wed 19:30"),
    ]),
    when("Open mats: Friday nights 7-9pm & Sunday mornings 10-12", [
      session("Fri 19:00-21:00"),
      // "mornings" says am: no choice made.
      session("Sun 10:00-12:00"),
    ]),
    when("Friday Night Rolls 7pm-9pm", [session("Fri 19:00-21:00")]),
    when("Saturday mornings 10am", [session("Sat 10:00")]),
    when("Sat/Sun 10-noon", onDays("Sat Sun", "10:00-12:00")),
    when(
      "Tu/Th 6-7",
      onDays("Tue Thu", "18:00-19:00").map((item) => guessed(item, "6-7", "6:00 PM–7:00 PM")),
    ),
    when("Wednesdays 6.30pm-8pm", [session("Wed 18:30-20:00")]),
    when("1pm Sat", [session("Sat 13:00")]),
    when("11:30pm Sat", [session("Sat 23:30")]),
    when("open mat (Sat 11-1)", [guessed(session("Sat 11:00-13:00"), "11-1", "11:00 AM–1:00 PM")]),
    when("Saturday (10am)", [session("Sat 10:00")]),
    when("Sat 11am & 1pm (Gi)", [session("Sat 11:00"), session("Sat 13:00", "Gi")]),
    when("Sat 11-1 & Sun 11-1 (All levels; Gi & No-Gi)", [
      guessed(session("Sat 11:00-13:00"), "11-1", "11:00 AM–1:00 PM"),
      guessed(session("Sun 11:00-13:00", "All levels", "Gi", "No-Gi"), "11-1", "11:00 AM–1:00 PM"),
    ]),
    when("Saturday 12 PM - 2 PM (Open to all schools)", [session("Sat 12:00-14:00", "Open to all schools")]),
    when("Sat 11am - 1pm (Women only) 💪", [session("Sat 11:00-13:00", "Women only")]),
    when("Sunday 10am\\nMonday 6pm", [session("Sun 10:00"), session("Mon 18:00")]),
    // Issue 20: question marks are the writer's doubt, listed for review (were skipped).
    when("Mon 7pm ??? Wed 7pm", [
      checked(session("Mon 19:00"), reason.doubt("Mon 7pm ???", "???")),
      session("Wed 19:00"),
    ]),
    when("Saturdays @ 11 AM 🤙 Gi or No-Gi, your choice", [session("Sat 11:00", "Gi", "No-Gi")], {
      unparsed: ["your choice"],
    }),
    when("Open mat every Sunday 10-11:30am. $10 for non-members.", [session("Sun 10:00-11:30", "$10 fee")], {
      unparsed: ["for non-members"],
    }),
    when(
      "Open mat every Saturday at noon. All affiliations welcome, sign a waiver at the front desk.",
      [session("Sat 12:00")],
      { unparsed: ["All affiliations welcome, sign a waiver at the front desk"] },
    ),
    when("Open Mat: Sat 11am-1pm. Call for details.", [session("Sat 11:00-13:00")], {
      unparsed: ["Call for details"],
    }),
    when("Kids class Sat 9am", [session("Sat 09:00")], { unparsed: ["Kids class"] }),
    when(
      "Sat 11am (members only); public Sun 10am",
      [session("Sat 11:00", "Members only"), session("Sun 10:00")],
      {
        unparsed: ["public"],
      },
    ),
    when("asdfgh", [], { unparsed: ["asdfgh"] }),
    when("lorem ipsum dolor sit amet", [], { unparsed: ["lorem ipsum dolor sit amet"] }),
    when("call (555) 123-4567 for times", [], { unparsed: ["call (555) 123-4567 for times"] }),
    // Issue 20: Wednesday, its time not listed (was left unread).
    when("Open mat after class on Wednesdays", [], { untimed: [untimed("Wed")] }),
    when("!!!", []),
    when("🥋🥋🥋", []),
    when("Open Mat", []),
  ]);
});

describe("parseSchedule: the day and the time on separate lines", () => {
  runScheduleCases([
    when("5:45 PM – 7:15 PM\nThursday", [session("Thu 17:45-19:15")]),
    when("Wednesday\n\n8:00pm - 9:30pm", [session("Wed 20:00-21:30")]),
    when("11am\nSaturday\n\n10am\nSunday", [session("Sat 11:00"), session("Sun 10:00")]),
    when("Tuesday\n6:15am\nThursday\n6:15am", onDays("Tue Thu", "06:15")),
    when("6:30pm-8pm (No-Gi)\nMonday & Wednesday", onDays("Mon Wed", "18:30-20:00", "No-Gi")),
    when("Saturday Competition Team\n10:00 AM", [session("Sat 10:00")], { unparsed: ["Competition Team"] }),
    when("4pm - 6pm\nOpen Mat Sundays\nAll levels", [session("Sun 16:00-18:00", "All levels")]),
    // A day line with its own time does not take the time above it.
    when("9am\nFriday 7pm", [session("Fri 19:00")], { unparsed: ["9am"] }),
    when("Sunday closed\n6pm", [], { unparsed: ["Sunday closed", "6pm"] }),
    when("7pm\nno open mat on Fridays", [], { unparsed: ["7pm"], noOpenMat: true }),
  ]);
});

describe("parseSchedule: dated event lines", () => {
  // Issue 20: a date beside a weekday is a dated one-off (was a note on a weekly session).
  const today = "2025-06-01";
  runScheduleCases([
    when("Saturday, June 14 · 10:00am - 12:00pm", [dated("2025-06-14", session("Sat 10:00-12:00"))], {
      today,
    }),
    when("Sun, Sep 7th, 2025 | 9:30 AM – 11:00 AM", [dated("2025-09-07", session("Sun 09:30-11:00"))]),
    when("Friday 10/17 6pm-8pm", [dated("2025-10-17", session("Fri 18:00-20:00"))], { today }),
    when("Wednesday 4 March 7:00pm", [dated("2026-03-04", session("Wed 19:00"))], { today }),
    when("Tue, Nov. 18 · 6:30 PM (Gi)", [dated("2025-11-18", session("Tue 18:30", "Gi"))], { today }),
    when(
      "Sunday, Aug 3 · 3pm - 5pm\nSunday, Aug 10 · 3pm - 5pm",
      [dated("2025-08-03", session("Sun 15:00-17:00")), dated("2025-08-10", session("Sun 15:00-17:00"))],
      { today },
    ),
    when(
      "Open Mat\nThursday, January 8\n7:00 PM - 8:30 PM",
      [dated("2026-01-08", session("Thu 19:00-20:30"))],
      {
        today,
      },
    ),
    // The weekday comes from the date once the year is known.
    when("Aug 2 · 3pm - 5pm", [dated("2025-08-02", session("Sat 15:00-17:00"))], { today }),
    when("Open mats on 10/17 at 6pm", [dated("2025-10-17", session("Fri 18:00"))], { today }),
    // Without a year or a date to count from, nothing is placed: held back, with the reason.
    when("Aug 2 · 3pm - 5pm", [], { unparsed: ["Aug 2", "3pm - 5pm"], review: [reason.noYear("Aug 2")] }),
    when("Friday 10/17 6pm-8pm", [], {
      unparsed: ["Friday 10/17 6pm-8pm"],
      review: [reason.noYear("10/17")],
    }),
    // A weekday the date does not fall on: held back.
    when("Sun, Sep 7th, 2026 | 9:30 AM – 11:00 AM", [], {
      unparsed: ["Sun, Sep 7th, 2026", "9:30 AM – 11:00 AM"],
      review: ['"Sun, Sep 7th, 2026": Sep 7, 2026 is a Monday'],
    }),
  ]);
});
