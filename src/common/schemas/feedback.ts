import * as v from "valibot";

/** A feedback item's review state: open until an admin applies it as a correction or dismisses it. */
export const feedbackStatuses = ["open", "applied", "dismissed"] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export const feedbackMessages = {
  empty: "Please add a community note or a private comment",
  tooLong: "Feedback must be 2000 characters or less",
  schoolId: "schoolId must be a school's number",
  success: "Feedback submitted successfully!",
} as const;

const note = v.nullish(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(2000, feedbackMessages.tooLong),
    v.transform((s) => s || null),
  ),
  null,
);

export const feedbackSchema = v.pipe(
  v.object({
    schoolId: v.pipe(
      v.optional(v.number(feedbackMessages.schoolId), 0),
      v.integer(feedbackMessages.schoolId),
      v.minValue(1, feedbackMessages.schoolId),
    ),
    communityNotes: note,
    privateComments: note,
  }),
  v.check((f) => Boolean(f.communityNotes || f.privateComments), feedbackMessages.empty),
);

export type FeedbackInput = v.InferOutput<typeof feedbackSchema>;
