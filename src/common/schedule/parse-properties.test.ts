/** Property tests: the parser never throws, and formatting then parsing again is stable. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { formatSchedule } from "./format.ts";
import { parseSchedule } from "./parse.ts";
import { sortSessions } from "./test-support.ts";
import type { ParsedSchedule, Session, Weekday } from "./types.ts";
import { NOTE } from "./vocabulary.ts";

const RUNS = { numRuns: 500 };

/** Pieces gyms write, plus the punctuation and junk that surrounds them. */
const SCHEDULE_TOKENS = [
  ...["Sat", "saturdays", "SUN", "Thurs", "Tues", "weds", "Mon-Fri", "weekends", "weekdays", "daily", "M-F"],
  ...["11", "11am", "11:30", "7:30 PM", "6p", "12", "noon", "midnight", "11A", "11:00a.m.", "630pm", "18:00"],
  ...["-", "–", "—", "to", "thru", "&", "and", ",", ";", "|", "/", "\n", "\\n", ":", ".", "@", "+", "~"],
  ...["(", ")", "[", "]", "(Gi)", "(no gi", "Gi", "No-Gi", "members only", "$10 mat fee", "$", "1st", "3rd"],
  ...[
    "of the month",
    "every other",
    "open mat",
    "No Open Mat",
    "none",
    "TBD",
    "call for times",
    "by appointment",
  ],
  ...["all levels", "free", "kids", "🥋", "🔥", "???", "'s", "s", "0", "99", "3/15", "25pm", "a", "p", "m"],
];

const scheduleLikeText = fc
  .array(fc.tuple(fc.constantFrom(...SCHEDULE_TOKENS), fc.constantFrom("", " ", "  ", "\n")), {
    maxLength: 30,
  })
  .map((parts) => parts.map(([token, gap]) => token + gap).join(""));

function expectWellFormed(text: string, parsed: ParsedSchedule): void {
  for (const session of parsed.sessions) {
    expect(Number.isInteger(session.weekday) && session.weekday >= 0 && session.weekday <= 6).toBe(true);
    expect(session.start >= 0 && session.start < 1440).toBe(true);
    expect(session.end === null || (session.end >= 0 && session.end < 1440)).toBe(true);
    expect(session.notes.every((note) => typeof note === "string" && note.length > 0)).toBe(true);
  }
  for (const piece of parsed.unparsed) expect(text.includes(piece) && piece.trim() === piece).toBe(true);
  if (parsed.noOpenMat) expect(parsed.sessions).toEqual([]);
}

describe("parseSchedule never throws", () => {
  test("on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        expectWellFormed(text, parseSchedule(text));
      }),
      RUNS,
    );
  });

  test("on strings built from schedule-like tokens", () => {
    fc.assert(
      fc.property(scheduleLikeText, (text) => {
        expectWellFormed(text, parseSchedule(text));
      }),
      RUNS,
    );
  });

  test("on long pathological input, quickly", () => {
    for (const text of ["(".repeat(20_000), "Sat ".repeat(5_000), "11-".repeat(5_000), "$".repeat(20_000)]) {
      const started = performance.now();
      expectWellFormed(text, parseSchedule(text));
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});

const verbatimNote = fc
  .array(
    fc.constantFrom("bring", "water", "kids", "waiver", "upstairs", "spare", "sparring", "coach", "Joe"),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .map((words) => words.join(" "));

const recognisedNote = fc.constantFrom(
  ...Object.values(NOTE),
  "$10 mat fee",
  "$15 drop-in",
  "$5 fee",
  "1st Saturday of the month",
  "2nd & 4th Friday of the month",
  "Last Sunday of the month",
);

const sessionArbitrary: fc.Arbitrary<Session> = fc
  .record({
    weekday: fc.integer({ min: 0, max: 6 }).map((day) => day as Weekday),
    start: fc.integer({ min: 0, max: 1439 }),
    end: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
    notes: fc.uniqueArray(fc.oneof(recognisedNote, verbatimNote), { maxLength: 3 }),
  })
  // A bare 'Fee' next to an amount says nothing more, and the parser drops it; never generate both.
  .map((session) => {
    const hasAmount = session.notes.some((note) => note.startsWith("$"));
    return hasAmount ? { ...session, notes: session.notes.filter((note) => note !== NOTE.fee) } : session;
  });

const sessionsArbitrary = fc.uniqueArray(sessionArbitrary, {
  selector: (session) => `${session.weekday}|${session.start}|${session.end}`,
  maxLength: 12,
});

describe("formatSchedule then parseSchedule", () => {
  test("gives back generated sessions exactly", () => {
    fc.assert(
      fc.property(sessionsArbitrary, (sessions) => {
        const text = formatSchedule({ sessions });
        expect(parseSchedule(text)).toEqual({
          sessions: sortSessions(sessions),
          unparsed: [],
          noOpenMat: false,
        });
      }),
      RUNS,
    );
  });

  test("is stable for whatever the parser read from schedule-like text", () => {
    fc.assert(
      fc.property(scheduleLikeText, (text) => {
        const parsed = parseSchedule(text);
        const reparsed = parseSchedule(formatSchedule(parsed));
        expect(reparsed.sessions).toEqual(parsed.sessions);
        expect(reparsed.unparsed).toEqual([]);
      }),
      RUNS,
    );
  });

  test("keeps 'no open mat'", () => {
    expect(parseSchedule(formatSchedule({ sessions: [], noOpenMat: true }))).toEqual({
      sessions: [],
      unparsed: [],
      noOpenMat: true,
    });
  });
});
