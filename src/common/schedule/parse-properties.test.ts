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
  ...["12am", "12:30 a.m.", "12-1am", "May 03", "Sept 9th, 2026", "Ten Round", "closed", "·"],
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

/** Pieces with no day in them, joined by spaces or line breaks so that no day can form across them. */
const NO_DAY_TOKENS = [
  ...["11", "11am", "7:30 PM", "6p", "12", "noon", "midnight", "12am", "18:00", "-", "to", "&", ",", ";"],
  ...["(Gi)", "No-Gi", "members only", "$10 mat fee", "open mat", "TBD", "all levels", "kids", "Ten Round"],
  ...["May 03", "Sept 9th, 2026", "3/15", "10/17/2026", "1st", "of the month", "·", "🥋"],
];
const NO_TIME_TOKENS = [
  ...["Sat", "saturdays", "SUN", "Thurs", "Mon-Fri", "weekends", "daily", "-", "&", ",", ";", "\n"],
  ...["(Gi)", "No-Gi", "members only", "open mat", "TBD", "all levels", "kids", "Ten Round", "closed"],
  ...["May 03", "Sept 9th, 2026", "·", "🥋"],
];
const joined = (tokens: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...tokens), fc.constantFrom(" ", "\n", " · ")), { maxLength: 20 })
    .map((parts) => parts.map(([token, gap]) => token + gap).join(""));

describe("parseSchedule reads nothing that is not written", () => {
  test("no day written, no session (a date alone never gives its weekday)", () => {
    fc.assert(
      fc.property(joined(NO_DAY_TOKENS), (text) => {
        expect(parseSchedule(text).sessions).toEqual([]);
      }),
      RUNS,
    );
  });

  test("no time written, no session", () => {
    fc.assert(
      fc.property(joined(NO_TIME_TOKENS), (text) => {
        expect(parseSchedule(text).sessions).toEqual([]);
      }),
      RUNS,
    );
  });

  test("a session starting in the midnight hour is flagged unless written as midnight or 24-hour", () => {
    fc.assert(
      fc.property(scheduleLikeText, (text) => {
        const parsed = parseSchedule(text);
        const deliberate = /midnight|(?<![\d:])0{1,2}[:.]\d\d/i.test(text);
        if (parsed.sessions.some((session) => session.start < 60) && !deliberate) {
          expect(parsed.review?.length ?? 0).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });

  test("a review reason is given only for a 12 written in the text, and never as an empty list", () => {
    fc.assert(
      fc.property(scheduleLikeText, (text) => {
        const { review } = parseSchedule(text);
        if (review === undefined) return;
        expect(review.length).toBeGreaterThan(0);
        expect(/12/.test(text)).toBe(true);
      }),
      RUNS,
    );
  });
});
