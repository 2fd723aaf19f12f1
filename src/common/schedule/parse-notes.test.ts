/** Session notes, normalised or verbatim, and phrases meaning there is no public open mat. */
import { describe } from "bun:test";
import {
  monthly,
  onDays,
  reason,
  runScheduleCases,
  session,
  untimed,
  scheduleCase as when,
} from "./test-support.ts";

describe("parseSchedule: notes", () => {
  runScheduleCases([
    when("Sat 11am (Gi)", [session("Sat 11:00", "Gi")]),
    when("Sat 11am Gi", [session("Sat 11:00", "Gi")]),
    when("Sat 11am - Gi only", [session("Sat 11:00", "Gi")]),
    when("Sat 11am (GI)", [session("Sat 11:00", "Gi")]),
    when("Sun 10am (no gi)", [session("Sun 10:00", "No-Gi")]),
    when("Sun 10am (nogi)", [session("Sun 10:00", "No-Gi")]),
    when("FRIDAY 6PM-8PM NO-GI ONLY", [session("Fri 18:00-20:00", "No-Gi")]),
    when("Sun 10a-12p (Gi & No-Gi)", [session("Sun 10:00-12:00", "Gi", "No-Gi")]),
    when("Sun 10am (Gi/No-Gi)", [session("Sun 10:00", "Gi", "No-Gi")]),
    when("Sat 11am (members only)", [session("Sat 11:00", "Members only")]),
    when("Wed 7:30pm-9pm (women only)", [session("Wed 19:30-21:00", "Women only")]),
    when("Women's open mat Wed 7pm", [session("Wed 19:00", "Women only")]),
    when("Ladies only open mat - Wed 7pm", [session("Wed 19:00", "Women only")]),
    when("Sat 10am (invite only)", [session("Sat 10:00", "Invite only")]),
    when("Sat 10am by invitation only", [session("Sat 10:00", "Invite only")]),
    when("Sat 10am free", [session("Sat 10:00", "Free")]),
    when("FREE open mat Sat 10am", [session("Sat 10:00", "Free")]),
    when("Sunday open mat 10am–12pm, free for everyone!", [session("Sun 10:00-12:00", "Free")]),
    when("Sat 10am ($10 mat fee)", [session("Sat 10:00", "$10 mat fee")]),
    when("Sat 10am $10", [session("Sat 10:00", "$10 fee")]),
    when("Sat 10am - $15 drop-in", [session("Sat 10:00", "$15 drop-in")]),
    when("Sat 10am drop-in $15", [session("Sat 10:00", "$15 drop-in")]),
    when("Sat 10am (mat fee)", [session("Sat 10:00", "Fee")]),
    // Issue 20: ordinals are the session's own field now, no longer a note.
    when("1st Saturday of the month 11am", [monthly([1], session("Sat 11:00"))]),
    when("First Saturday of each month 11am", [monthly([1], session("Sat 11:00"))]),
    when("Sat 11am (1st Saturday of the month)", [monthly([1], session("Sat 11:00"))]),
    when("1st and 3rd Saturdays 11am", [monthly([1, 3], session("Sat 11:00"))]),
    when("Last Sunday of every month 10am-12pm", [monthly([-1], session("Sun 10:00-12:00"))]),
    when("Sat 11am (all levels)", [session("Sat 11:00", "All levels")]),
    when("SATURDAYS 12PM-2PM ALL LEVELS 🥋", [session("Sat 12:00-14:00", "All levels")]),
    when("Sun 5pm, open to all", [session("Sun 17:00", "All levels")]),
    // Issue 20: every other week cannot be placed without an anchor (was a weekly session with a note).
    when("every other Saturday 10am", [], {
      unparsed: ["every other Saturday 10am"],
      review: [reason.everyOther("every other Saturday")],
    }),
    when("Sat 11am (Gi, all levels)", [session("Sat 11:00", "Gi", "All levels")]),
    when("Sat 11am [Gi]", [session("Sat 11:00", "Gi")]),
    when("Sat 11am (Gi)(All levels)", [session("Sat 11:00", "Gi", "All levels")]),
    when("Sunday 10am (bring a water bottle)", [session("Sun 10:00", "bring a water bottle")]),
    when("Sat 11am-1pm (kids welcome) (Gi)", [session("Sat 11:00-13:00", "kids welcome", "Gi")]),
    when("Sat 11am (12pm in summer)", [session("Sat 11:00", "12pm in summer")]),
    when("Sat 11am ($10, free for members)", [session("Sat 11:00", "$10, free for members")]),
    when("(Gi) Saturdays 11am", [session("Sat 11:00", "Gi")]),
    when("Gi open mat Sat 11am, No-Gi Sun 10am", [session("Sat 11:00", "Gi"), session("Sun 10:00", "No-Gi")]),
    when("No-Gi: Tues & Thurs 7pm", onDays("Tue Thu", "19:00", "No-Gi")),
    when("Sat 11am (Gi), 1pm (No-Gi)", [session("Sat 11:00", "Gi"), session("Sat 13:00", "No-Gi")]),
    when("Sat 11am-1pm (Gi) & Sun 10am (No-Gi)", [
      session("Sat 11:00-13:00", "Gi"),
      session("Sun 10:00", "No-Gi"),
    ]),
    when("Tuesdays & Thursdays @ 6:30 PM — No Gi", onDays("Tue Thu", "18:30", "No-Gi")),
    when("Saturday 11am & Sunday 10am (all levels, $10 mat fee)", [
      session("Sat 11:00"),
      session("Sun 10:00", "All levels", "$10 mat fee"),
    ]),
  ]);
});

describe("parseSchedule: no open mat", () => {
  runScheduleCases([
    when("No Open Mat", [], { noOpenMat: true }),
    when("no open mats", [], { noOpenMat: true }),
    when("No open mats at this time.", [], { noOpenMat: true }),
    when("None", [], { noOpenMat: true }),
    when("none.", [], { noOpenMat: true }),
    when("N/A", [], { noOpenMat: true }),
    when("TBD", [], { noOpenMat: true }),
    when("tba", [], { noOpenMat: true }),
    when("Members only", [], { noOpenMat: true }),
    when("Members Only!", [], { noOpenMat: true }),
    when("Invite only", [], { noOpenMat: true }),
    when("By appointment", [], { noOpenMat: true }),
    when("By appointment only", [], { noOpenMat: true }),
    when("Call for times", [], { noOpenMat: true }),
    when("Please call for schedule", [], { noOpenMat: true }),
    when("Contact us for details", [], { noOpenMat: true }),
    when("Check our Instagram for times", [], { noOpenMat: true }),
    when("Coming soon!", [], { noOpenMat: true }),
    when("No open mat on Sundays", [], { noOpenMat: true }),
    when("Saturday: members only", [], { noOpenMat: true }),
    when("Open mat is for members only", [], { noOpenMat: true }),
    when("Private lessons by appointment", [], { noOpenMat: true, unparsed: ["Private lessons"] }),
    when("Sat 11am; no open mat on holidays", [session("Sat 11:00")], {
      unparsed: ["no open mat on holidays"],
    }),
    // Issue 20: Sunday is named, with no time (was left unread).
    when("Sat 11am, Sun TBD", [session("Sat 11:00")], { untimed: [untimed("Sun")] }),
    when("Closed", [], { unparsed: ["Closed"] }),
    when("", []),
    when("   \n  ", []),
  ]);
});
