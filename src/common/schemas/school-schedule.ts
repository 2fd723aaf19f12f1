/**
 * A school's stored schedule as an export writes it and an import reads it back: its
 * sessions of every kind, its days with no time, and its exceptions. A CSV cell carries each
 * list as JSON text, a JSON file as itself.
 */
import * as v from "valibot";
import { isCalendarDate, type ScheduleException } from "../schedule/occurrences";
import type { Ordinal, Session, UntimedSession, Weekday } from "../schedule/types";
import { EXCEPTION_REASON_MAX, exceptionTexts } from "./schedule-exceptions";
import { visitorRulesSchema } from "./visitor-rules";

/** What an import says of a row's stored schedule (`sessions`, `untimed`, …) when it is not right. */
export const transferTexts = {
  notJson: (name: string) => `${name} must be JSON`,
  list: (name: string, max: number) => `${name} must be a list of at most ${max}`,
  weekday: "weekday must be a whole number from 0 (Sunday) to 6 (Saturday)",
  minute: (name: string) => `${name} must be a whole number of minutes from 0 to 1439`,
  date: (name: string) => `${name} must be a real date written YYYY-MM-DD`,
  ordinals: "ordinals must list 1 to 5 or -1 (last), ascending with -1 at the end, once each",
  dateWeekday: "date must fall on the session's weekday",
  datedMonthly: "a session has a date or ordinals, not both",
  season: "from must be on or before until",
  text: (name: string, max: number) => `${name} must be text of at most ${max} characters`,
  needsSessions: (name: string) => `${name} is read only with sessions`,
  moveNeedsStart: "moveTo needs the startMinute of the open mat it moves",
  slotTwice: "exceptions name the same date and start twice",
  confirmed: "scheduleConfirmed must be true or false",
} as const;

const INVALID_JSON = Symbol("invalid JSON");
/** A CSV cell's JSON text read as its value; a JSON file's value as itself. */
const fromCell = (x: unknown) => {
  if (typeof x !== "string") return x;
  try {
    return JSON.parse(x) as unknown;
  } catch {
    return INVALID_JSON;
  }
};

/** A list a CSV cell carries as JSON text and a JSON file as itself; null or absent: not given. */
export const jsonList = <T extends v.GenericSchema>(name: string, item: T, max: number) =>
  v.nullish(
    v.pipe(
      v.unknown(),
      v.transform(fromCell),
      v.check((x) => x !== INVALID_JSON, transferTexts.notJson(name)),
      v.array(item, transferTexts.list(name, max)),
      v.maxLength(max, transferTexts.list(name, max)),
    ),
  );

/** One value (an object) a CSV cell carries as JSON text and a JSON file as itself; null or absent: not given. */
export const jsonValue = <T extends v.GenericSchema>(name: string, schema: T) =>
  v.nullish(
    v.pipe(
      v.unknown(),
      v.transform(fromCell),
      v.check((x) => x !== INVALID_JSON, transferTexts.notJson(name)),
      schema,
    ),
  );

const minute = (name: string) =>
  v.pipe(
    v.number(transferTexts.minute(name)),
    v.integer(transferTexts.minute(name)),
    v.minValue(0, transferTexts.minute(name)),
    v.maxValue(1439, transferTexts.minute(name)),
  );
const localDate = (name: string, message = transferTexts.date(name)) =>
  v.pipe(v.string(message), v.regex(/^\d{4}-\d{2}-\d{2}$/, message), v.check(isCalendarDate, message));
export const shortText = (name: string, max: number) =>
  v.pipe(v.string(transferTexts.text(name, max)), v.maxLength(max, transferTexts.text(name, max)));
const textList = (name: string, max: number, items: number) =>
  v.pipe(
    v.array(shortText(name, max), transferTexts.list(name, items)),
    v.maxLength(items, transferTexts.list(name, items)),
  );

const ORDINALS = [1, 2, 3, 4, 5, -1] as const;
const ordinalRank = (o: number) => (o === -1 ? 6 : o);

/** What every kind of session says beside its start: weekday, end, notes, and what makes it monthly, dated or seasonal. */
const sessionEntries = {
  weekday: v.pipe(
    v.number(transferTexts.weekday),
    v.integer(transferTexts.weekday),
    v.minValue(0, transferTexts.weekday),
    v.maxValue(6, transferTexts.weekday),
    v.transform((n) => n as Weekday),
  ),
  end: v.nullish(minute("end")),
  notes: v.optional(textList("notes", 1000, 50), []),
  ordinals: v.optional(
    v.pipe(
      v.array(v.picklist(ORDINALS, transferTexts.ordinals), transferTexts.ordinals),
      v.minLength(1, transferTexts.ordinals),
      v.check(
        (list) => list.every((o, i) => i === 0 || ordinalRank(list[i - 1] as number) < ordinalRank(o)),
        transferTexts.ordinals,
      ),
      v.transform((list) => list as Ordinal[]),
    ),
  ),
  date: v.optional(localDate("date")),
  from: v.optional(localDate("from")),
  until: v.optional(localDate("until")),
  review: v.optional(textList("review", 2000, 50)),
};

/** What makes a session's fields contradict each other, or null. */
function sessionProblem(s: {
  weekday: number;
  date?: string;
  ordinals?: unknown;
  from?: string;
  until?: string;
}) {
  if (
    s.date !== undefined &&
    isCalendarDate(s.date) &&
    new Date(`${s.date}T12:00:00Z`).getUTCDay() !== s.weekday
  )
    return transferTexts.dateWeekday;
  if (s.date !== undefined && s.ordinals !== undefined) return transferTexts.datedMonthly;
  if (s.from !== undefined && s.until !== undefined && s.from > s.until) return transferTexts.season;
  return null;
}

/**
 * A session's fields in one order, absent ones left out: an export writes every session so,
 * and an import stores them so, so that an export imported and exported again is the same text.
 */
export function inOrder<T extends Session | UntimedSession>(s: T): T {
  return {
    weekday: s.weekday,
    start: s.start,
    end: s.end,
    notes: s.notes,
    ...(s.ordinals ? { ordinals: s.ordinals } : {}),
    ...(s.date !== undefined ? { date: s.date } : {}),
    ...(s.from !== undefined ? { from: s.from } : {}),
    ...(s.until !== undefined ? { until: s.until } : {}),
    ...(s.review?.length ? { review: s.review } : {}),
    ...("timeNotListed" in s ? { timeNotListed: true } : {}),
  } as T;
}

/** A stored session as an export writes it: weekly, monthly, dated or seasonal. */
export const sessionSchema = v.pipe(
  v.object({ ...sessionEntries, start: minute("start") }),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed && sessionProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
  v.transform((s): Session => inOrder({ ...s, end: s.end ?? null })),
);

/**
 * A session as an export writes it and an import reads it: a stored session, with its own
 * visitor rules (issue 21) where it has them. `rules` absent: not given (an import keeps what
 * the session at that slot has); `{}`: none of its own.
 */
export const transferSessionSchema = v.pipe(
  v.object({ ...sessionEntries, start: minute("start"), rules: v.optional(visitorRulesSchema) }),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed && sessionProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
  v.transform(({ rules, ...s }): Session => {
    const session = inOrder({ ...s, end: s.end ?? null });
    return rules === undefined ? session : { ...session, rules };
  }),
);

/** A day named with no time ("time not listed"). */
export const untimedSchema = v.pipe(
  v.object({
    ...sessionEntries,
    start: v.optional(v.null(transferTexts.minute("start")), null),
    timeNotListed: v.optional(v.literal(true), true),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed && sessionProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
  v.transform((s): UntimedSession => inOrder({ ...s, end: s.end ?? null })),
);

/** A cancelled or moved open mat, or (no startMinute) a closed day. */
export const exceptionSchema = v.pipe(
  v.object({
    date: localDate("date", exceptionTexts.dateInvalid),
    startMinute: v.nullish(minute("startMinute")),
    reason: v.pipe(
      v.optional(v.string(exceptionTexts.reasonRequired), ""),
      v.trim(),
      v.minLength(1, exceptionTexts.reasonRequired),
      v.maxLength(EXCEPTION_REASON_MAX, exceptionTexts.reasonTooLong),
    ),
    moveTo: v.nullish(
      v.object({
        date: localDate("moveTo.date"),
        start: minute("moveTo.start"),
        end: v.nullish(minute("moveTo.end")),
      }),
    ),
  }),
  v.check((e) => !e.moveTo || e.startMinute != null, transferTexts.moveNeedsStart),
  v.transform(
    (e): ScheduleException => ({
      date: e.date,
      startMinute: e.startMinute ?? null,
      reason: e.reason,
      ...(e.moveTo ? { moveTo: { ...e.moveTo, end: e.moveTo.end ?? null } } : {}),
    }),
  ),
);
