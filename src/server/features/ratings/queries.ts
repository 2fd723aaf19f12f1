import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { schoolRatings, schools, userSettings, users } from "../../../db/schema";

/** What a rating's reader needs: the row, its author's name and their settings row (null: defaults). */
export const ratingColumns = {
  rating: schoolRatings,
  username: users.username,
  settings: userSettings,
};

const withAuthors = (db: Tx) =>
  db
    .select(ratingColumns)
    .from(schoolRatings)
    .innerJoin(users, eq(users.id, schoolRatings.userId))
    .leftJoin(userSettings, eq(userSettings.userId, schoolRatings.userId));

export type RatingRow = Awaited<ReturnType<typeof withAuthors>>[number];

export const schoolExists = async (db: Db, schoolId: number) =>
  !!(await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).get());

/** A verified check-in of the member at the school: what rating it needs. */
const verifiedVisit = (userId: number, schoolId: number) =>
  sql`EXISTS (SELECT 1 FROM checkins WHERE user_id = ${userId} AND school_id = ${schoolId} AND verified = 1)`;

/** Whether the member has one, as a statement a batch can hold: read it with `visited`. */
export const visitCheck = (db: Tx, userId: number, schoolId: number) =>
  db.all<{ ok: number }>(sql`SELECT ${verifiedVisit(userId, schoolId)} AS ok`);
export const visited = (rows: readonly { ok: number }[]) => Number(rows[0]?.ok ?? 0) === 1;

/**
 * The member's rating of the school, inserted or changed, only while they have a verified
 * check-in there (judged in the statement itself). The unique (school, member) index makes
 * requests sent at once one row. A change that changes nothing writes nothing, so
 * `changes()` right after says whether the reviews as shown moved.
 */
export const upsertRating = (
  db: Tx,
  r: { schoolId: number; userId: number; stars: number; review: string | null; at: Date },
) =>
  db.run(sql`INSERT INTO school_ratings (school_id, user_id, stars, review, created_at, updated_at)
    SELECT ${r.schoolId}, ${r.userId}, ${r.stars}, ${r.review}, ${r.at.getTime()}, ${r.at.getTime()}
    WHERE ${verifiedVisit(r.userId, r.schoolId)}
    ON CONFLICT (school_id, user_id) DO UPDATE SET stars = excluded.stars, review = excluded.review,
      updated_at = excluded.updated_at
    WHERE school_ratings.stars IS NOT excluded.stars OR school_ratings.review IS NOT excluded.review`);

export const deleteOwnRating = (db: Tx, schoolId: number, userId: number) =>
  db.run(sql`DELETE FROM school_ratings WHERE school_id = ${schoolId} AND user_id = ${userId}`);

/** Deletes one rating (a moderator's removal), only while `onlyIf` holds. */
export const deleteRatingIf = (db: Tx, id: number, onlyIf: SQL) =>
  db.run(sql`DELETE FROM school_ratings WHERE id = ${id} AND ${onlyIf}`);

/**
 * The school's rating and review count made again from its members' ratings, with one
 * aggregate: the average to one decimal (null with none) and the count.
 */
export const recomputeSchool = (db: Tx, schoolId: number) =>
  db.run(sql`UPDATE schools SET (rating, review_count) = (
      SELECT round(avg(stars), 1), count(*) FROM school_ratings WHERE school_id = ${schoolId})
    WHERE id = ${schoolId}`);

/**
 * Before a member's account goes (their ratings go with it by cascade): every school they
 * rated made again from the other members' ratings.
 */
export const recomputeWithoutMember = (db: Tx, userId: number) =>
  db.run(sql`UPDATE schools SET (rating, review_count) = (
      SELECT round(avg(stars), 1), count(*) FROM school_ratings
      WHERE school_id = schools.id AND user_id <> ${userId})
    WHERE id IN (SELECT school_id FROM school_ratings WHERE user_id = ${userId})`);

export const summaryOf = (db: Tx, schoolId: number) =>
  db
    .select({ rating: schools.rating, reviewCount: schools.reviewCount })
    .from(schools)
    .where(eq(schools.id, schoolId));

export const ownRating = (db: Tx, schoolId: number, userId: number) =>
  db
    .select()
    .from(schoolRatings)
    .where(and(eq(schoolRatings.schoolId, schoolId), eq(schoolRatings.userId, userId)));

/**
 * One page of a school's ratings, newest first, below `beforeId`; one more than `limit` says
 * there is a next. Prepared once (the query builder cost as much as running it).
 */
export const reviewPage = (db: Db, schoolId: number, limit: number, beforeId?: number) =>
  prepared(db, "ratings.reviewPage", (d) =>
    withAuthors(d)
      .where(
        and(
          eq(schoolRatings.schoolId, sql.placeholder("school")),
          lt(schoolRatings.id, sql.placeholder("before")),
        ),
      )
      .orderBy(desc(schoolRatings.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  ).all({ school: schoolId, before: beforeId ?? Number.MAX_SAFE_INTEGER, limit: limit + 1 });

export const ratingById = (db: Tx, id: number) => withAuthors(db).where(eq(schoolRatings.id, id)).limit(1);

/** The gym's answer, only while the review has none; `changes()` says whether this one went in. */
export const setReplyIfNone = (
  db: Tx,
  r: { id: number; schoolId: number; text: string; by: number; at: Date },
) =>
  db.run(sql`UPDATE school_ratings SET owner_reply = ${r.text}, owner_reply_by = ${r.by},
      owner_reply_at = ${r.at.getTime()}
    WHERE id = ${r.id} AND school_id = ${r.schoolId} AND owner_reply IS NULL`);

/** A rating with its school's name and page, for a moderator. */
export const ratingForModeration = (db: Tx, id: number) =>
  db
    .select({ rating: schoolRatings, gym: schools.gym, slug: schools.slug })
    .from(schoolRatings)
    .innerJoin(schools, eq(schools.id, schoolRatings.schoolId))
    .where(eq(schoolRatings.id, id))
    .limit(1);
