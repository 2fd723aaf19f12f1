import * as v from "valibot";
import { schoolInputSchema } from "./school";
import { type VisitorRules, visitorRulesSchema } from "./visitor-rules";

/** A feedback item's review state: open until an admin applies it as a correction or dismisses it. */
export const feedbackStatuses = ["open", "applied", "dismissed"] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export const feedbackMessages = {
  empty: "Please add a community note or a private comment",
  tooLong: "Feedback must be 2000 characters or less",
  schoolId: "schoolId must be a school's number",
  success: "Feedback submitted successfully!",
} as const;

/** Whether a suggestion says anything: `{}` (every rule "Not said") is none. */
export const hasRules = (rules: VisitorRules | null | undefined): rules is VisitorRules =>
  Boolean(rules && Object.keys(rules).length > 0);

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
    /**
     * Visitor rules the sender suggests for the gym (issue 21), checked as an owner's are;
     * public information about the gym, so its owners see them. `{}` or absent: none.
     */
    visitorRules: v.nullish(visitorRulesSchema, null),
  }),
  v.check(
    (f) => Boolean(f.communityNotes || f.privateComments || hasRules(f.visitorRules)),
    feedbackMessages.empty,
  ),
);

export type FeedbackInput = v.InferOutput<typeof feedbackSchema>;

/** The review API's own messages (the admin's Feedback Dashboard). */
export const feedbackReviewMessages = {
  notFound: "Feedback not found",
  alreadyDecided: "This feedback has already been decided",
  schoolNotFound: "School not found",
  idInvalid: "Feedback id must be a positive whole number",
  publishNoteInvalid: "publishNote must be true or false",
  applied: "The school was corrected",
  dismissed: "The feedback was dismissed",
} as const;

const school = schoolInputSchema.entries;

/**
 * `POST /api/admin/feedback/:id/apply`: the school's corrected fields, checked as the
 * open-mat form checks them (spec §5's messages), and whether the feedback's public
 * note is published on the school.
 */
export const correctFeedbackSchema = v.object({
  gym: school.gym,
  address: school.address,
  dayAndTime: school.dayAndTime,
  link: school.link,
  publishNote: v.optional(v.boolean(feedbackReviewMessages.publishNoteInvalid), false),
  /** The school's visitor rules as a whole (issue 21); absent: left as they are. */
  visitorRules: v.optional(visitorRulesSchema),
});
export type CorrectFeedbackInput = v.InferOutput<typeof correctFeedbackSchema>;

export const feedbackIdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, feedbackReviewMessages.idInvalid), v.transform(Number)),
});

/**
 * `GET /api/schools/{id}/feedback`: a school's open feedback, as its owners (and admins) decide
 * it on the manage page. Private comments reach admins only (spec §6), so an owner sees the
 * items with a public note or suggested visitor rules, and no private comments.
 */
export interface SchoolFeedbackItem {
  id: number;
  schoolId: number;
  communityNotes: string | null;
  privateComments: string | null;
  /** The visitor rules the sender suggests, or null. */
  visitorRules: VisitorRules | null;
  /** The school's own rules now: the apply form starts from them with the suggestion on top. */
  schoolVisitorRules: VisitorRules;
  submittedAt: string;
  status: FeedbackStatus;
  schoolName: string;
  schoolSlug: string;
  address: string;
  city: string;
  dayAndTime: string;
  website: string | null;
}

export const schoolFeedbackParams = v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,11}$/, feedbackReviewMessages.schoolNotFound),
    v.transform(Number),
  ),
  feedbackId: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,11}$/, feedbackReviewMessages.notFound),
    v.transform(Number),
  ),
});
