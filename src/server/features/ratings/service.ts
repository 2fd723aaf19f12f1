/**
 * Ratings from verified visits (issue 22): a member with a verified check-in at a gym rates it
 * 1 to 5 stars with an optional review, one rating per member per gym. Each write and the
 * school's rating and review count, made again from every member's rating with one
 * aggregate, are one batch, with the schools version's bump when the reviews as shown moved,
 * so the school's page, its JSON-LD and every cached view follow.
 *
 * A school's `rating` and `reviewCount` are always its members' aggregate: an import no
 * longer writes them (see schools/ingest.ts).
 */
import type { SQL } from "drizzle-orm";
import {
  type MyRating,
  type RatingInput,
  type RatingResult,
  type RatingSummary,
  REVIEW_PAGE,
  type ReviewsPage,
  type ReviewView,
  ratingTexts,
} from "../../../common/schemas/ratings";
import type { ReportedContent } from "../../../common/schemas/reports";
import type { Db, Tx } from "../../../db/client";
import type { schoolRatings } from "../../../db/schema";
import { HttpError } from "../../http/errors";
import { can } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import { relationsTo } from "../../policy/relation";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { bumpSchoolsVersionIfChanged, keptSchoolViews } from "../schools/service";
import { settingsFromRow } from "../settings/service";
import * as q from "./queries";

export interface RatingDeps {
  db: Db;
  now: () => Date;
}

type RatingRecord = typeof schoolRatings.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function ownView(r: RatingRecord): NonNullable<MyRating["rating"]> {
  return {
    id: r.id,
    stars: r.stars,
    review: r.review,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ownerReply: r.ownerReply === null ? null : { text: r.ownerReply, at: iso(r.ownerReplyAt) ?? "" },
  };
}

const summary = (rows: readonly RatingSummary[]): RatingSummary =>
  rows[0] ?? { rating: null, reviewCount: 0 };

async function requireSchoolExists(db: Db, schoolId: number) {
  if (!(await q.schoolExists(db, schoolId))) throw new HttpError(404, ratingTexts.schoolNotFound);
}

/** Reviews as this viewer may read them: each author named only as the policy allows. */
async function reviewViews(
  db: Db,
  viewer: PolicyViewer,
  rows: readonly q.RatingRow[],
): Promise<ReviewView[]> {
  const relations = await relationsTo(
    db,
    viewer,
    rows.map((r) => r.rating.userId),
  );
  return rows.map(({ rating, username, settings }) => {
    const relation = relations.get(rating.userId);
    const named =
      relation !== undefined &&
      can(viewer, "review.author.read", { relation, settings: settingsFromRow(settings) });
    return { ...ownView(rating), author: named ? { id: rating.userId, username } : null };
  });
}

/**
 * PUT /api/schools/{id}/rating: the member's rating, new or changed. Without a verified
 * check-in at the gym it is 403 and nothing changes (checked again inside the write, so a
 * check-in deleted meanwhile counts as none).
 */
export async function setRating(
  deps: RatingDeps,
  viewer: PolicyViewer,
  schoolId: number,
  input: RatingInput,
): Promise<RatingResult> {
  const me = requireMemberId(viewer);
  const { db } = deps;
  await requireSchoolExists(db, schoolId);
  if (!q.visited(await q.visitCheck(db, me, schoolId))) throw new HttpError(403, ratingTexts.checkInFirst);
  const [, , , visit, own, school] = await db.batch([
    q.upsertRating(db, { schoolId, userId: me, stars: input.stars, review: input.review, at: deps.now() }),
    bumpSchoolsVersionIfChanged(db),
    q.recomputeSchool(db, schoolId),
    q.visitCheck(db, me, schoolId),
    q.ownRating(db, schoolId, me),
    q.summaryOf(db, schoolId),
  ]);
  const row = own[0];
  if (!q.visited(visit) || !row) throw new HttpError(403, ratingTexts.checkInFirst);
  return { rating: ownView(row), canRate: true, school: summary(school) };
}

/** DELETE /api/schools/{id}/rating: the member's own rating goes; none is 404. */
export async function deleteRating(
  deps: RatingDeps,
  viewer: PolicyViewer,
  schoolId: number,
): Promise<RatingResult> {
  const me = requireMemberId(viewer);
  const { db } = deps;
  await requireSchoolExists(db, schoolId);
  const [deleted, , , visit, school] = await db.batch([
    q.deleteOwnRating(db, schoolId, me),
    bumpSchoolsVersionIfChanged(db),
    q.recomputeSchool(db, schoolId),
    q.visitCheck(db, me, schoolId),
    q.summaryOf(db, schoolId),
  ]);
  if (deleted.rowsAffected === 0) throw new HttpError(404, ratingTexts.notRated);
  return { rating: null, canRate: q.visited(visit), school: summary(school) };
}

/** GET /api/schools/{id}/rating: the member's own rating of the gym, and whether they may rate it. */
export async function myRating(db: Db, viewer: PolicyViewer, schoolId: number): Promise<MyRating> {
  const me = requireMemberId(viewer);
  await requireSchoolExists(db, schoolId);
  const [visit, own] = await db.batch([q.visitCheck(db, me, schoolId), q.ownRating(db, schoolId, me)]);
  const row = own[0];
  return { rating: row ? ownView(row) : null, canRate: q.visited(visit) };
}

async function pageOf(
  db: Db,
  viewer: PolicyViewer,
  schoolId: number,
  page: { limit: number; beforeId?: number },
): Promise<ReviewsPage> {
  const rows = await q.reviewPage(db, schoolId, page.limit, page.beforeId);
  const shown = rows.slice(0, page.limit);
  return {
    reviews: await reviewViews(db, viewer, shown),
    nextBeforeId: rows.length > page.limit ? (shown.at(-1)?.rating.id ?? null) : null,
  };
}

/** GET /api/schools/{id}/reviews?beforeId=&limit=: anyone; newest first. */
export async function reviewsOf(
  db: Db,
  viewer: PolicyViewer,
  schoolId: number,
  page: { limit: number; beforeId?: number },
): Promise<ReviewsPage> {
  // Only whether the school is there: the school as this copy keeps it per schools version.
  if (!(await keptSchoolViews(db, [schoolId])).length) throw new HttpError(404, ratingTexts.schoolNotFound);
  return pageOf(db, viewer, schoolId, page);
}

/** The school page's first page of reviews (the page knows its school exists). */
export const firstReviews = (db: Db, viewer: PolicyViewer, schoolId: number) =>
  pageOf(db, viewer, schoolId, { limit: REVIEW_PAGE.default });

/**
 * POST /api/schools/{id}/reviews/{ratingId}/reply: the gym's one answer to a review, by its
 * owners and admins (school.reviews.reply); to anyone else the school is as missing as one
 * that does not exist. A second answer is 409; a review of another school is 404.
 */
export async function replyToReview(
  deps: RatingDeps,
  viewer: PolicyViewer,
  schoolId: number,
  ratingId: number,
  text: string,
): Promise<ReviewView> {
  const { db } = deps;
  await requireSchool(db, viewer, "school.reviews.reply", schoolId, ratingTexts.schoolNotFound);
  const by = requireMemberId(viewer);
  const [set, , rows] = await db.batch([
    q.setReplyIfNone(db, { id: ratingId, schoolId, text, by, at: deps.now() }),
    bumpSchoolsVersionIfChanged(db),
    q.ratingById(db, ratingId),
  ]);
  const row = rows[0];
  if (!row || row.rating.schoolId !== schoolId) throw new HttpError(404, ratingTexts.reviewNotFound);
  if (set.rowsAffected === 0) throw new HttpError(409, ratingTexts.alreadyAnswered);
  const [view] = await reviewViews(db, viewer, [row]);
  return view as ReviewView;
}

/** For a report of a review (reviews are public): its author, or null when there is no such review. */
export async function reviewAuthor(db: Db, ratingId: number): Promise<number | null> {
  const [row] = await q.ratingById(db, ratingId);
  return row ? row.rating.userId : null;
}

/** A reported review as the admin sees it; null once it is gone. */
export async function reviewForModeration(db: Db, ratingId: number): Promise<ReportedContent | null> {
  const [row] = await q.ratingForModeration(db, ratingId);
  if (!row) return null;
  return {
    kind: "review",
    stars: row.rating.stars,
    review: row.rating.review,
    ownerReply: row.rating.ownerReply,
    school: { id: row.rating.schoolId, gym: row.gym, slug: row.slug },
  };
}

/**
 * A moderator's removal of a review, as statements for the decision's batch: the rating goes
 * while `onlyIf` holds, and its school's rating and count are made again.
 */
export const removeReviewStatements = (db: Tx, ratingId: number, schoolId: number, onlyIf: SQL) =>
  [
    q.deleteRatingIf(db, ratingId, onlyIf),
    bumpSchoolsVersionIfChanged(db),
    q.recomputeSchool(db, schoolId),
  ] as const;

/** For an account's deletion batch, before the user goes: the schools they rated, made again without them. */
export const forgetMemberRatings = (db: Tx, userId: number) =>
  [q.recomputeWithoutMember(db, userId), bumpSchoolsVersionIfChanged(db)] as const;
