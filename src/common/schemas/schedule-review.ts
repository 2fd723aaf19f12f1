import * as v from "valibot";

/**
 * "No published guess" (issue 20): what pages say of a reading the parser was not sure of,
 * and what the admin's confirmation of a school's reading answers.
 */
export const scheduleReviewTexts = {
  checkWithGym: "Check with the gym",
  timeNotListed: "time not listed",
  /** Why a day with no start time is listed for checking. */
  noStartTime: "no start time listed",
  moved: "Moved",
  schoolNotFound: "School not found",
  dayAndTimeInvalid: "dayAndTime must be the schedule text you checked",
  textChanged: "The gym's schedule text changed since you read it; check the new text and confirm again.",
  confirmed: "Schedule confirmed",
  confirm: "Confirm reading",
  confirming: "Confirming...",
} as const;

/**
 * `POST /api/admin/schools/{id}/schedule/confirm`: `{}` confirms the text as it is now;
 * `{dayAndTime}` confirms exactly the text the admin read (409 if it has changed since).
 */
export const scheduleConfirmSchema = v.object({
  dayAndTime: v.optional(v.string(scheduleReviewTexts.dayAndTimeInvalid)),
});
export type ScheduleConfirmInput = v.InferOutput<typeof scheduleConfirmSchema>;

/** The answer: the text now confirmed (the same on a repeat). */
export interface ScheduleConfirmation {
  schoolId: number;
  dayAndTime: string;
  confirmed: true;
}

/** `{id}` of `/api/admin/schools/{id}/schedule/confirm`: a positive whole number. */
export const confirmParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, scheduleReviewTexts.schoolNotFound), v.transform(Number)),
});
