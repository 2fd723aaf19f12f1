/** weeklyOnly: what the server stores while only weekly sessions can be listed. */
import { describe, expect, test } from "bun:test";
import { parseSchedule } from "./parse.ts";
import { session } from "./test-support.ts";
import { weeklyOnly } from "./weekly-only.ts";

describe("weeklyOnly", () => {
  test("keeps weekly sessions, and gives every other kind back as the gym wrote it, with what it is", () => {
    const text =
      "Sat 11am-1pm (Gi)\n1st & 3rd Sunday 10am\nSaturday, March 28, 2026 3pm\nFri 6pm starting April 3, 2026\nWednesdays (call for times)";
    expect(weeklyOnly(parseSchedule(text))).toEqual({
      sessions: [session("Sat 11:00-13:00", "Gi")],
      // In the order of the parsed sessions (Sunday first), days with no time last.
      unparsed: [
        "1st & 3rd Sunday 10am",
        "Fri 6pm starting April 3, 2026",
        "Saturday, March 28, 2026 3pm",
        "Wednesdays",
      ],
      noOpenMat: false,
      review: [
        "monthly: 1st and 3rd Sunday — not listed until monthly sessions are supported",
        "seasonal: Friday from Apr 3, 2026 — not listed until seasonal sessions are supported",
        "dated: Saturday, Mar 28, 2026 — not listed until dated sessions are supported",
        "time not listed: Wednesday — not listed until sessions without a time are supported",
      ],
    });
  });

  test("keeps the parse's own unparsed pieces and reasons, before its own", () => {
    const parsed = parseSchedule("Sat 11-1; last Friday 7pm; kids class");
    expect(weeklyOnly(parsed)).toEqual({
      sessions: parsed.sessions.filter((item) => !item.ordinals),
      unparsed: ["kids class", "last Friday 7pm"],
      noOpenMat: false,
      review: [
        '"11-1": am or pm is not written; read as 11:00 AM–1:00 PM',
        "monthly: last Friday — not listed until monthly sessions are supported",
      ],
    });
  });

  test("a session dated on two lines goes back in both pieces; an end with no start too", () => {
    const parsed = parseSchedule("Sunday, March 29, 2026\n3pm-5pm\nFriday until 8pm");
    expect(weeklyOnly(parsed).unparsed).toEqual(["Sunday, March 29, 2026", "3pm-5pm", "Friday until 8pm"]);
    expect(weeklyOnly(parsed).sessions).toEqual([]);
  });

  test("leaves a weekly schedule exactly as parsed", () => {
    const parsed = parseSchedule("Mon/Wed 6pm; Sat 11am (Gi)");
    expect(weeklyOnly(parsed)).toEqual(parsed);
  });

  test("a session not from the parser (stored, copied) goes back in canonical text", () => {
    const monthly = { ...session("Sat 11:00"), ordinals: [2 as const] };
    expect(weeklyOnly({ sessions: [monthly], unparsed: [], noOpenMat: false }).unparsed).toEqual([
      "2nd Sat 11:00 AM",
    ]);
  });
});
