/** Property tests: the parser never throws, and formatting then parsing again is stable, in every kind. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { addDays, isIsoDate, weekdayOfDate } from "./dates.ts";
import { formatSchedule } from "./format.ts";
import { sortOrdinals } from "./marks.ts";
import { parseSchedule } from "./parse.ts";
import { sessionKey } from "./sessions.ts";
import { sortSessions } from "./test-support.ts";
import type { Ordinal, ParsedSchedule, Session, UntimedSession, Weekday } from "./types.ts";
import { NOTE } from "./vocabulary.ts";

const RUNS = { numRuns: 500 };

/** Pieces gyms write, plus the punctuation and junk that surrounds them. */
const SCHEDULE_TOKENS = [
  ...["Sat", "saturdays", "SUN", "Thurs", "Tues", "weds", "Mon-Fri", "weekends", "weekdays", "daily", "M-F"],
  ...["M", "T", "W", "Th", "R", "F", "Sa", "Su", "MWF", "TTh", "M+F", "MTWRF"],
  ...["11", "11am", "11:30", "7:30 PM", "6p", "12", "noon", "midnight", "11A", "11:00a.m.", "630pm", "18:00"],
  ...["630", "1130", "1800", "0930", "18h30", "9h", "19.30", "12 noon", "12:00am", "until", "till 8pm"],
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
    "time not listed",
    "once a month",
    "last Sunday",
    "2nd & 4th Fri",
    "starting March 7",
    "through May",
    "Saturday, March 29",
    "Fundamentals",
    "Kids class",
  ],
  ...["all levels", "free", "kids", "🥋", "🔥", "???", "?", "maybe", "'s", "s", "0", "99", "3/15", "25pm"],
  ...["a", "p", "m", "12am", "12:30 a.m.", "12-1am", "May 03", "Sept 9th, 2026", "Ten Round", "closed", "·"],
];

const scheduleLikeText = fc
  .array(fc.tuple(fc.constantFrom(...SCHEDULE_TOKENS), fc.constantFrom("", " ", "  ", "\n")), {
    maxLength: 30,
  })
  .map((parts) => parts.map(([token, gap]) => token + gap).join(""));

function expectWellFormed(text: string, parsed: ParsedSchedule): void {
  const validMinute = (minute: number | null) =>
    minute === null || (Number.isInteger(minute) && minute >= 0 && minute < 1440);
  for (const session of [...parsed.sessions, ...(parsed.untimed ?? [])]) {
    expect(Number.isInteger(session.weekday) && session.weekday >= 0 && session.weekday <= 6).toBe(true);
    expect(validMinute(session.start) && validMinute(session.end)).toBe(true);
    expect(session.notes.every((note) => typeof note === "string" && note.length > 0)).toBe(true);
    if (session.date !== undefined)
      expect(isIsoDate(session.date) && weekdayOfDate(session.date) === session.weekday).toBe(true);
    if (session.ordinals !== undefined)
      expect(session.ordinals).toEqual(sortOrdinals(session.ordinals).filter(Boolean));
    for (const bound of [session.from, session.until])
      if (bound !== undefined) expect(isIsoDate(bound)).toBe(true);
    if (session.from && session.until) expect(session.from <= session.until).toBe(true);
    if (session.review !== undefined)
      expect(session.review.every((reason) => parsed.review?.includes(reason))).toBe(true);
  }
  for (const session of parsed.sessions) expect(session.start).not.toBeNull();
  for (const session of parsed.untimed ?? [])
    expect(session.start === null && session.timeNotListed).toBe(true);
  if (parsed.untimed !== undefined) expect(parsed.untimed.length).toBeGreaterThan(0);
  if (parsed.review !== undefined) expect(parsed.review.length).toBeGreaterThan(0);
  for (const piece of parsed.unparsed) expect(text.includes(piece) && piece.trim() === piece).toBe(true);
  if (parsed.noOpenMat) expect([...parsed.sessions, ...(parsed.untimed ?? [])]).toEqual([]);
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

const recognisedNote = fc.constantFrom(...Object.values(NOTE), "$10 mat fee", "$15 drop-in", "$5 fee");

const notesArbitrary = fc
  .uniqueArray(fc.oneof(recognisedNote, verbatimNote), { maxLength: 3 })
  // A bare 'Fee' next to an amount says nothing more, and the parser drops it; never generate both.
  .map((notes) =>
    notes.some((note) => note.startsWith("$")) ? notes.filter((note) => note !== NOTE.fee) : notes,
  );

const dateArbitrary = fc.integer({ min: 0, max: 3650 }).map((days) => addDays("2024-01-01", days));
const ordinalsArbitrary = fc
  .uniqueArray(fc.constantFrom<Ordinal>(1, 2, 3, 4, 5, -1), { minLength: 1, maxLength: 3 })
  .map(sortOrdinals);
const seasonArbitrary = fc
  .tuple(fc.option(dateArbitrary, { nil: undefined }), fc.option(dateArbitrary, { nil: undefined }))
  .map(([a, b]) => (a && b && a > b ? [b, a] : [a, b]))
  .map(([from, until]) => ({ ...(from ? { from } : {}), ...(until ? { until } : {}) }));

/** Which days it falls on: every week, some weeks of the month, or one date; maybe within a season. */
const recurrenceArbitrary: fc.Arbitrary<Pick<Session, "weekday" | "ordinals" | "date" | "from" | "until">> =
  fc.oneof(
    fc
      .record({
        weekday: fc.integer({ min: 0, max: 6 }).map((day) => day as Weekday),
        season: seasonArbitrary,
      })
      .map(({ weekday, season }) => ({ weekday, ...season })),
    fc
      .record({
        weekday: fc.integer({ min: 0, max: 6 }).map((day) => day as Weekday),
        ordinals: ordinalsArbitrary,
        season: seasonArbitrary,
      })
      .map(({ weekday, ordinals, season }) => ({ weekday, ordinals, ...season })),
    dateArbitrary.map((date) => ({ weekday: weekdayOfDate(date), date })),
  );

const sessionArbitrary: fc.Arbitrary<Session> = fc
  .record({
    recurrence: recurrenceArbitrary,
    start: fc.integer({ min: 0, max: 1439 }),
    end: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
    notes: notesArbitrary,
  })
  .map(({ recurrence, start, end, notes }) => ({ ...recurrence, start, end, notes }));

const untimedArbitrary: fc.Arbitrary<UntimedSession> = fc
  .record({
    recurrence: recurrenceArbitrary,
    end: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
    notes: notesArbitrary,
  })
  .map(({ recurrence, end, notes }) => ({
    ...recurrence,
    start: null,
    end,
    notes,
    timeNotListed: true as const,
  }));

const sessionsArbitrary = fc.uniqueArray(sessionArbitrary, { selector: sessionKey, maxLength: 12 });
const untimedListArbitrary = fc.uniqueArray(untimedArbitrary, { selector: sessionKey, maxLength: 3 });

/** The same sessions, in the parser's order and field order, for a deep comparison. */
const normalise = <T extends Session | UntimedSession>(sessions: T[]) =>
  sortSessions(sessions).map(({ review: _review, ...session }) => session);

describe("formatSchedule then parseSchedule", () => {
  test("gives back generated sessions exactly, in every kind", () => {
    fc.assert(
      fc.property(sessionsArbitrary, untimedListArbitrary, (sessions, untimed) => {
        const text = formatSchedule({ sessions, untimed });
        expect(parseSchedule(text)).toEqual({
          sessions: normalise(sessions),
          ...(untimed.length > 0 ? { untimed: normalise(untimed) } : {}),
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
        const parsed = parseSchedule(text, { today: "2026-02-10" });
        const reparsed = parseSchedule(formatSchedule(parsed));
        expect(reparsed.sessions).toEqual(normalise(parsed.sessions));
        expect(reparsed.untimed ?? []).toEqual(normalise(parsed.untimed ?? []));
        expect(reparsed.unparsed).toEqual([]);
        expect(reparsed.review).toBeUndefined();
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
  test("no day written, no session but on a date the text gives in full", () => {
    fc.assert(
      fc.property(joined(NO_DAY_TOKENS), (text) => {
        const { sessions, untimed = [] } = parseSchedule(text);
        for (const session of [...sessions, ...untimed]) expect(session.date).toBeDefined();
      }),
      RUNS,
    );
  });

  test("no time written, no session with a time", () => {
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
        const deliberate = /midnight|(?<![\d:])0{1,2}[:.h]?\d\d/i.test(text);
        if (parsed.sessions.some((session) => session.start < 60) && !deliberate) {
          expect(parsed.review?.length ?? 0).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });

  test("a time read with no am/pm from the text or its range is always listed for review", () => {
    fc.assert(
      fc.property(scheduleLikeText, (text) => {
        const parsed = parseSchedule(text);
        const anyMeridiem = /[ap]\.?\s?m\b|\d\s?[ap]\b|noon|midnight|\d[:.h]?\d\d(?!\d)|\d{3,4}|\d[hH]/i.test(
          text,
        );
        if (parsed.sessions.length > 0 && !anyMeridiem) expect(parsed.review?.length ?? 0).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});
