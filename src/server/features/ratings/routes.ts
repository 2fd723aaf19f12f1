import { Elysia } from "elysia";
import {
  ratingInputSchema,
  ratingSchoolParams,
  replyInputSchema,
  reviewParams,
  reviewsQuerySchema,
} from "../../../common/schemas/ratings";
import { TABLE_FAMILIES } from "../../../db/table-versions";
import type { KeptAnswers } from "../../http/kept-by-viewer";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import { deleteRating, myRating, type RatingDeps, replyToReview, reviewsOf, setRating } from "./service";

const LISTING_TABLES = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.schools];

/** Ratings from verified visits (issue 22): a member's rating of a gym, its reviews, the gym's answers. */
/** `kept`: the app's kept answers (kept-by-viewer.ts); reviews are kept per viewer until a rating, reply or member changes. */
export function ratingRoutes(deps: RatingDeps, guard: ReturnType<typeof authGuard>, kept: KeptAnswers) {
  const { db } = deps;
  return new Elysia({ name: "rating-routes" })
    .use(guard)
    .get("/api/schools/:id/rating", ({ viewer, params }) => myRating(db, viewer, params.id), {
      auth: "member",
      params: ratingSchoolParams,
    })
    .put("/api/schools/:id/rating", ({ viewer, params, body }) => setRating(deps, viewer, params.id, body), {
      auth: "member",
      limit: "rating.change",
      params: ratingSchoolParams,
      body: ratingInputSchema,
    })
    .delete("/api/schools/:id/rating", ({ viewer, params }) => deleteRating(deps, viewer, params.id), {
      auth: "member",
      limit: "rating.change",
      params: ratingSchoolParams,
    })
    .get(
      "/api/schools/:id/reviews",
      ({ viewer, params, request }) =>
        kept(request, viewer, LISTING_TABLES, () =>
          reviewsOf(db, viewer, params.id, parseQuery(reviewsQuerySchema, request)),
        ),
      { params: ratingSchoolParams },
    )
    .post(
      "/api/schools/:id/reviews/:ratingId/reply",
      ({ viewer, params, body }) => replyToReview(deps, viewer, params.id, params.ratingId, body.text),
      { auth: "member", limit: "rating.change", params: reviewParams, body: replyInputSchema },
    );
}
