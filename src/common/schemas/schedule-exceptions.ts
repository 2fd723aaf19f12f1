import * as v from "valibot";
import { isCalendarDate, type Occurrence } from "../schedule/occurrences";

/** `GET /api/schools/{id}/occurrences` lists at most this many days (the bound). */
export const OCCURRENCE_RANGE_MAX_DAYS = 92;
/** With no range given: today in the gym's zone and the 27 days after (the school page's four weeks). */
export const OCCURRENCE_DEFAULT_DAYS = 28;
export const EXCEPTION_REASON_MAX = 500;
/** Members who saved a gym are told of a cancellation this many days ahead or fewer. */
export const CANCELLATION_NOTICE_DAYS = 7;

/** What the API and the pages say about cancelled open mats. */
export const exceptionTexts = {
  dateInvalid: "date must be a real date written YYYY-MM-DD",
  fromInvalid: "from must be a real date written YYYY-MM-DD",
  toInvalid: "to must be a real date written YYYY-MM-DD",
  rangeReversed: "to must be on or after from",
  rangeTooLong: `The range can be at most ${OCCURRENCE_RANGE_MAX_DAYS} days`,
  startMinuteInvalid: "startMinute must be a whole number of minutes from 0 to 1439",
  reasonRequired: "Please give a reason for the cancellation",
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
  noneUpcoming: "No open mats listed in the next 4 weeks.",
} as const;

/** "Sun, Nov 22", from a local date: the same on the server and in the browser, in any zone. */
export const shortDateLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

const calendarDate = (message: string) =>
  v.pipe(v.string(message), v.regex(/^\d{4}-\d{2}-\d{2}$/, message), v.check(isCalendarDate, message));

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional; the range itself is checked by the service. */
export const occurrencesQuerySchema = v.object({
  from: v.optional(calendarDate(exceptionTexts.fromInvalid)),
  to: v.optional(calendarDate(exceptionTexts.toInvalid)),
});

/** `POST /api/schools/{id}/exceptions {date, startMinute?, reason}`: no startMinute closes the whole day. */
export const exceptionInputSchema = v.object({
  date: calendarDate(exceptionTexts.dateInvalid),
  startMinute: v.nullish(
    v.pipe(
      v.number(exceptionTexts.startMinuteInvalid),
      v.integer(exceptionTexts.startMinuteInvalid),
      v.minValue(0, exceptionTexts.startMinuteInvalid),
      v.maxValue(1439, exceptionTexts.startMinuteInvalid),
    ),
  ),
  reason: v.pipe(
    v.optional(v.string(exceptionTexts.reasonRequired), ""),
    v.trim(),
    v.minLength(1, exceptionTexts.reasonRequired),
    v.maxLength(EXCEPTION_REASON_MAX, exceptionTexts.reasonTooLong),
  ),
});
export type ExceptionInput = v.InferOutput<typeof exceptionInputSchema>;

const positiveId = (message: string) =>
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, message), v.transform(Number));

export const schoolExceptionParams = v.object({
  id: positiveId(exceptionTexts.schoolNotFound),
  exceptionId: positiveId(exceptionTexts.exceptionNotFound),
});
export const schoolParams = v.object({ id: positiveId(exceptionTexts.schoolNotFound) });

/** A cancellation as the API answers it. `startMinute` null: every open mat that day. */
export interface ScheduleExceptionView {
  id: number;
  schoolId: number;
  date: string;
  startMinute: number | null;
  reason: string;
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

/** One dated open mat as `GET /api/schools/{id}/occurrences` lists it: an occurrence without its internal key. */
export type OccurrenceView = Omit<Occurrence, "key" | "weekday" | "movedFrom">;
