import * as v from "valibot";
import { isCalendarDate, MOVE_REACH_DAYS, type Occurrence } from "../schedule/occurrences";

/** `GET /api/schools/{id}/occurrences` lists at most this many days (the bound). */
export const OCCURRENCE_RANGE_MAX_DAYS = 92;
/** With no range given: today in the gym's zone and the 27 days after (the school page's four weeks). */
export const OCCURRENCE_DEFAULT_DAYS = 28;
export const EXCEPTION_REASON_MAX = 500;
/** Members who saved a gym are told of a cancellation (or a move) this many days ahead or fewer. */
export const CANCELLATION_NOTICE_DAYS = 7;
/** A move takes an open mat at most this many days before or after its own date. */
export const MOVE_MAX_DAYS = MOVE_REACH_DAYS;

/** What the API and the pages say about cancelled open mats. */
export const exceptionTexts = {
  dateInvalid: "date must be a real date written YYYY-MM-DD",
  fromInvalid: "from must be a real date written YYYY-MM-DD",
  toInvalid: "to must be a real date written YYYY-MM-DD",
  rangeReversed: "to must be on or after from",
  rangeTooLong: `The range can be at most ${OCCURRENCE_RANGE_MAX_DAYS} days`,
  startMinuteInvalid: "startMinute must be a whole number of minutes from 0 to 1439",
  reasonRequired: "Please give a reason for the cancellation",
  moveNeedsStart: "startMinute is required to move an open mat: only one open mat can be moved",
  moveDateInvalid: "moveTo.date must be a real date written YYYY-MM-DD",
  moveStartInvalid: "moveTo.start must be a whole number of minutes from 0 to 1439",
  moveEndInvalid: "moveTo.end must be a whole number of minutes from 0 to 1439, other than the start",
  movePast: "The new date has already passed at the gym",
  moveTooFar: `The new date must be within ${MOVE_MAX_DAYS} days of the open mat's own date`,
  moveSame: "The new time is the open mat's own time",
  moveOntoClosed: "The gym is closed on the new date",
  moveClash: "The school already has an open mat at the new date and time",
  alreadyChanged: "This open mat is already cancelled or moved: restore it first",
  reasonTooLong: `The reason can be at most ${EXCEPTION_REASON_MAX} characters`,
  idInvalid: "Cancellation not found",
  schoolNotFound: "School not found",
  exceptionNotFound: "Cancellation not found",
  noOccurrence: "This school has no open mat at that date and time",
  noOccurrenceThatDay: "This school has no open mat on that date",
  past: "That date has already passed at the gym",
  forbidden: "You cannot change this school's schedule.",
  nextWeeks: "Next 4 weeks",
  cancelled: "Cancelled",
  moved: "Moved",
  noneUpcoming: "No open mats listed in the next 4 weeks.",
} as const;

// One formatter for every label: toLocaleDateString builds one per call (most of a manage page's render).
const shortDate = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Sun, Nov 22", from a local date: the same on the server and in the browser, in any zone. */
export const shortDateLabel = (date: string) => shortDate.format(new Date(`${date}T12:00:00Z`));

const calendarDate = (message: string) =>
  v.pipe(v.string(message), v.regex(/^\d{4}-\d{2}-\d{2}$/, message), v.check(isCalendarDate, message));

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional; the range itself is checked by the service. */
export const occurrencesQuerySchema = v.object({
  from: v.optional(calendarDate(exceptionTexts.fromInvalid)),
  to: v.optional(calendarDate(exceptionTexts.toInvalid)),
});

const minuteOfDay = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(1439, message));

/** Where a moved open mat goes: a local date, its start and (optionally) its end. */
const moveToSchema = v.pipe(
  v.object({
    date: calendarDate(exceptionTexts.moveDateInvalid),
    start: minuteOfDay(exceptionTexts.moveStartInvalid),
    end: v.nullish(minuteOfDay(exceptionTexts.moveEndInvalid)),
  }),
  v.forward(
    v.check((m) => m.end === null || m.end === undefined || m.end !== m.start, exceptionTexts.moveEndInvalid),
    ["end"],
  ),
);

/**
 * `POST /api/schools/{id}/exceptions {date, startMinute?, reason, moveTo?}`: no startMinute
 * closes the whole day; with `moveTo` the open mat at `startMinute` moves instead.
 */
export const exceptionInputSchema = v.pipe(
  v.object({
    date: calendarDate(exceptionTexts.dateInvalid),
    startMinute: v.nullish(minuteOfDay(exceptionTexts.startMinuteInvalid)),
    reason: v.pipe(
      v.optional(v.string(exceptionTexts.reasonRequired), ""),
      v.trim(),
      v.minLength(1, exceptionTexts.reasonRequired),
      v.maxLength(EXCEPTION_REASON_MAX, exceptionTexts.reasonTooLong),
    ),
    moveTo: v.nullish(moveToSchema),
  }),
  v.forward(
    v.check((input) => !input.moveTo || typeof input.startMinute === "number", exceptionTexts.moveNeedsStart),
    ["startMinute"],
  ),
);
export type ExceptionInput = v.InferOutput<typeof exceptionInputSchema>;

/** Where an exception moved its open mat (`end` null: no end listed). */
export interface MoveTarget {
  date: string;
  start: number;
  end: number | null;
}

const positiveId = (message: string) =>
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, message), v.transform(Number));

export const schoolExceptionParams = v.object({
  id: positiveId(exceptionTexts.schoolNotFound),
  exceptionId: positiveId(exceptionTexts.exceptionNotFound),
});
export const schoolParams = v.object({ id: positiveId(exceptionTexts.schoolNotFound) });

/**
 * A cancellation or a move as the API answers it. `startMinute` null: every open mat that
 * day; `moveTo` set: the open mat moved there rather than being cancelled.
 */
export interface ScheduleExceptionView {
  id: number;
  schoolId: number;
  date: string;
  startMinute: number | null;
  reason: string;
  moveTo: MoveTarget | null;
  createdAt: string;
}

/** A cancellation in the admin's list, with its school. */
export interface AdminExceptionView extends ScheduleExceptionView {
  school: { gym: string; slug: string; city: string; state: string };
}

/** A school an admin may pick in the cancel form. */
export interface ExceptionSchoolChoice {
  id: number;
  gym: string;
  city: string;
  state: string;
}

export const SCHOOL_CHOICES_MAX = 10;

/** `?q=` of the cancel form's school search: 2 to 100 characters. */
export const schoolChoiceQuerySchema = v.object({
  q: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.minLength(2, "Type at least 2 letters of the gym's name"),
    v.maxLength(100, "The search can be at most 100 characters"),
  ),
});

/**
 * One dated open mat as `GET /api/schools/{id}/occurrences` lists it: an occurrence without
 * its internal key; a moved one at its new time, with `movedFrom` (where it was).
 */
export type OccurrenceView = Omit<Occurrence, "key" | "weekday">;
