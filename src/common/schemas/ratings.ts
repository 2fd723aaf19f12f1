import * as v from "valibot";
import { pageQuerySchema } from "./paging";

/**
 * Issue 22, "Ratings": a member with a verified check-in at a gym rates it 1 to 5 stars with
 * an optional review; the gym's owners may answer each review once.
 */

export const RATING_STARS_MAX = 5;
export const REVIEW_MAX = 500;
export const REPLY_MAX = 500;
export const REVIEW_PAGE = { default: 10, max: 50 } as const;

/** Every text a member, an owner or an admin sees about ratings and reviews. */
export const ratingTexts = {
  schoolNotFound: "School not found",
  reviewNotFound: "Review not found",
  checkInFirst: "Check in at this gym to rate it",
  starsInvalid: "Choose from 1 to 5 stars",
  reviewInvalid: "The review must be text",
  reviewTooLong: `The review can be at most ${REVIEW_MAX} characters`,
  notRated: "You have not rated this gym",
  replyRequired: "Please write an answer",
  replyTooLong: `The answer can be at most ${REPLY_MAX} characters`,
  alreadyAnswered: "This review already has an answer",
  limitInvalid: `limit must be a whole number from 1 to ${REVIEW_PAGE.max}`,
  beforeIdInvalid: "beforeId must be a positive whole number",
  // The school page's reviews.
  heading: "Reviews",
  none: "No reviews yet.",
  loadMore: "Load more reviews",
  loadingMore: "Loading...",
  loadFailed: "Could not load more reviews. Please try again.",
  aMember: "A member",
  answerHeading: "Answer from the gym",
  // The rating dialog.
  rate: "Rate this gym",
  edit: "Edit your rating",
  starsLegend: "Your rating",
  reviewLabel: "Review (optional)",
  shownAs:
    "Shown on the gym's page with your username, unless your settings keep the gyms you check in at private.",
  save: "Save rating",
  saving: "Saving...",
  saved: "Your rating has been saved.",
  remove: "Delete rating",
  removing: "Deleting...",
  removed: "Your rating has been deleted.",
  confirmRemove: "Delete your rating and review of this gym?",
  keep: "Keep it",
  failed: "Could not save your rating. Please try again.",
  removeFailed: "Could not delete your rating. Please try again.",
  // An owner's answer.
  answer: "Answer",
  answerTitle: "Answer this review",
  answerLabel: "Your answer",
  answerHint: "Shown under the review as the gym's answer. You can answer each review once.",
  send: "Post answer",
  sending: "Posting...",
  answerFailed: "Could not post the answer. Please try again.",
  report: "Report review",
} as const;

/** "1 star", "2 stars"…: each choice's label in the dialog's radio group. */
export const starsLabel = (stars: number) => `${stars} star${stars === 1 ? "" : "s"}`;

const positiveId = (message: string) =>
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, message), v.transform(Number));

export const ratingSchoolParams = v.object({ id: positiveId(ratingTexts.schoolNotFound) });
export const reviewParams = v.object({
  id: positiveId(ratingTexts.schoolNotFound),
  ratingId: positiveId(ratingTexts.reviewNotFound),
});

/**
 * `PUT /api/schools/{id}/rating {stars, review?}`: whole stars from 1 to 5; the review is
 * trimmed, at most 500 characters, and an empty or absent one is none (null).
 */
export const ratingInputSchema = v.object({
  stars: v.pipe(
    // Missing is the same mistake as 0 stars: the one message, not valibot's "Invalid key".
    v.optional(v.number(ratingTexts.starsInvalid), 0),
    v.integer(ratingTexts.starsInvalid),
    v.minValue(1, ratingTexts.starsInvalid),
    v.maxValue(RATING_STARS_MAX, ratingTexts.starsInvalid),
  ),
  review: v.pipe(
    v.nullish(v.string(ratingTexts.reviewInvalid), ""),
    v.trim(),
    v.maxLength(REVIEW_MAX, ratingTexts.reviewTooLong),
    v.transform((text): string | null => text || null),
  ),
});
export type RatingInput = v.InferOutput<typeof ratingInputSchema>;

/** `POST /api/schools/{id}/reviews/{ratingId}/reply {text}`: trimmed, 1 to 500 characters. */
export const replyInputSchema = v.object({
  text: v.pipe(
    v.optional(v.string(ratingTexts.replyRequired), ""),
    v.trim(),
    v.minLength(1, ratingTexts.replyRequired),
    v.maxLength(REPLY_MAX, ratingTexts.replyTooLong),
  ),
});

/** `GET /api/schools/{id}/reviews?beforeId=&limit=`. */
export const reviewsQuerySchema = pageQuerySchema({
  defaultLimit: REVIEW_PAGE.default,
  maxLimit: REVIEW_PAGE.max,
  messages: ratingTexts,
});

/** The gym's one answer to a review. */
export interface OwnerReplyView {
  text: string;
  at: string;
}

/**
 * One review as anyone may read it. `author` is null when the policy hides who wrote it from
 * this viewer (a block either way, or an author who keeps the gyms they check in at private).
 */
export interface ReviewView {
  id: number;
  stars: number;
  review: string | null;
  createdAt: string;
  updatedAt: string;
  author: { id: number; username: string } | null;
  ownerReply: OwnerReplyView | null;
}

/** A page of reviews, newest first; `nextBeforeId` asks for the next (null: the last page). */
export interface ReviewsPage {
  reviews: ReviewView[];
  nextBeforeId: number | null;
}

/** The school's rating as the members' ratings make it: one decimal, null with none. */
export interface RatingSummary {
  rating: number | null;
  reviewCount: number;
}

/** The viewer's own rating of a gym (`GET /api/schools/{id}/rating`), and whether they may rate it. */
export interface MyRating {
  rating: Omit<ReviewView, "author"> | null;
  /** A verified check-in at the gym: what rating (or changing a rating) needs. */
  canRate: boolean;
}

/** What a rating's write answers: the member's rating now and the school's new summary. */
export interface RatingResult extends MyRating {
  school: RatingSummary;
}
