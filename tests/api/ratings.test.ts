/**
 * Issue 22, "Ratings": a member with a verified check-in at a gym rates it 1 to 5 with an
 * optional review, one per member per gym, editable and deletable; the school's rating (one
 * decimal) and reviewCount are the members' aggregate; GET /reviews pages them, each author
 * named only as the policy allows.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import { type ReviewView, ratingTexts as texts } from "../../src/common/schemas/ratings";
import type { SchoolView } from "../../src/common/schemas/school";
import { type Member, ratingsHelpers } from "../support/ratings";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let h: ReturnType<typeof ratingsHelpers>;

beforeAll(async () => {
  t = await createTestApp();
  h = ratingsHelpers(t);
});
afterAll(() => t.close());

const apiSchool = async (id: number) => (await (await t.request(`/api/schools/${id}`)).json()) as SchoolView;

describe("PUT /api/schools/{id}/rating: who may rate", () => {
  it("a guest is 401; a missing school 404", async () => {
    const school = await h.school();
    const res = await h.put(school.id, { stars: 5 });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(authMessages.notSignedIn);
    const member = await h.visitor("nogym");
    const missing = await h.put(999_999, { stars: 5 }, member);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(texts.schoolNotFound);
  });

  it("without a check-in at the gym: 403 with a clear message, nothing changes", async () => {
    const school = await h.school();
    const elsewhere = await h.school();
    // A verified check-in at another gym does not count here.
    const member = await h.visitor("elsewhere", elsewhere.id);
    const before = await h.version();
    const res = await h.put(school.id, { stars: 4, review: "Nice" }, member);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(texts.checkInFirst);
    expect(await h.ratingCount(school.id)).toBe(0);
    expect(await h.summary(school.id)).toEqual({ rating: null, reviewCount: 0 });
    expect(await h.version()).toBe(before);
    expect(await h.mine(school.id, member)).toEqual({ rating: null, canRate: false });
  });

  it("an unverified (pending) check-in is not enough: 403", async () => {
    const school = await h.school();
    const member = await h.visitor("pending");
    await h.rows(
      `INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified, distance_meters)
       VALUES (?, ?, 0, '2026-01-03', 0, 900)`,
      [member.id, school.id],
    );
    const res = await h.put(school.id, { stars: 5 }, member);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(texts.checkInFirst);
    expect(await h.ratingCount(school.id)).toBe(0);
  });

  it("with a verified check-in: stored, the school's rating and count follow, the version moves", async () => {
    const school = await h.school();
    const member = await h.visitor("rater", school.id);
    expect(await h.mine(school.id, member)).toEqual({ rating: null, canRate: true });
    const before = await h.version();
    const result = await h.rate(school.id, member, 4, "  Friendly rolls, bring water.  ");
    expect(result.school).toEqual({ rating: 4, reviewCount: 1 });
    expect(result.canRate).toBe(true);
    expect(result.rating).toMatchObject({
      stars: 4,
      review: "Friendly rolls, bring water.",
      ownerReply: null,
    });
    expect(await h.version()).not.toBe(before);
    const view = await apiSchool(school.id);
    expect([view.rating, view.reviewCount]).toEqual([4, 1]);
    expect((await h.mine(school.id, member)).rating).toEqual(result.rating);
  });
});

describe("PUT /api/schools/{id}/rating: bad input is a 400 that changes nothing", () => {
  let school: { id: number };
  let member: Member;
  beforeAll(async () => {
    school = await h.school();
    member = await h.visitor("badinput", school.id);
  });

  const cases: [string, unknown, string][] = [
    ["0 stars", { stars: 0 }, texts.starsInvalid],
    ["6 stars", { stars: 6 }, texts.starsInvalid],
    ["half a star", { stars: 3.5 }, texts.starsInvalid],
    ["stars as text", { stars: "4" }, texts.starsInvalid],
    ["no stars", { review: "Great" }, texts.starsInvalid],
    ["a review of 501 characters", { stars: 4, review: "x".repeat(501) }, texts.reviewTooLong],
    ["a review that is not text", { stars: 4, review: 42 }, texts.reviewInvalid],
  ];
  for (const [name, body, message] of cases) {
    it(name, async () => {
      const res = await h.put(school.id, body, member);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
      expect(await h.ratingCount(school.id)).toBe(0);
    });
  }

  it("500 characters pass; an empty or blank review is none", async () => {
    const long = await h.rate(school.id, member, 3, "y".repeat(500));
    expect(long.rating?.review).toHaveLength(500);
    expect((await h.rate(school.id, member, 3, "   ")).rating?.review).toBeNull();
    expect((await h.rate(school.id, member, 3)).rating?.review).toBeNull();
  });
});

describe("editing and deleting", () => {
  it("a second PUT edits the one rating: same id and creation, new stars, text and update time", async () => {
    const school = await h.school();
    const member = await h.visitor("editor", school.id);
    const first = await h.rate(school.id, member, 2, "Crowded");
    await Bun.sleep(5);
    const second = await h.rate(school.id, member, 5, "Better on Sundays");
    expect(second.rating?.id).toBe(first.rating?.id as number);
    expect(second.rating?.createdAt).toBe(first.rating?.createdAt as string);
    expect(second.rating?.updatedAt).not.toBe(first.rating?.updatedAt as string);
    expect(second.school).toEqual({ rating: 5, reviewCount: 1 });
    expect(await h.ratingCount(school.id)).toBe(1);
    // The same rating again writes nothing: the update time and the version stay.
    const version = await h.version();
    const same = await h.rate(school.id, member, 5, "Better on Sundays");
    expect(same.rating?.updatedAt).toBe(second.rating?.updatedAt as string);
    expect(await h.version()).toBe(version);
  });

  it("DELETE takes the member's rating away and counts the school again; a second DELETE is 404", async () => {
    const school = await h.school();
    const [a, b] = [await h.visitor("dela", school.id), await h.visitor("delb", school.id)];
    await h.rate(school.id, a, 5);
    await h.rate(school.id, b, 2);
    expect(await h.summary(school.id)).toEqual({ rating: 3.5, reviewCount: 2 });
    const res = await h.send("DELETE", `/api/schools/${school.id}/rating`, undefined, a);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rating: null, canRate: true, school: { rating: 2, reviewCount: 1 } });
    expect((await apiSchool(school.id)).rating).toBe(2);
    const again = await h.send("DELETE", `/api/schools/${school.id}/rating`, undefined, a);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe(texts.notRated);
    await h.send("DELETE", `/api/schools/${school.id}/rating`, undefined, b);
    expect(await h.summary(school.id)).toEqual({ rating: null, reviewCount: 0 });
    expect((await apiSchool(school.id)).reviewCount).toBe(0);
  });

  it("PUTs sent at once by one member make one row, and the count says one", async () => {
    const school = await h.school();
    const member = await h.visitor("racer", school.id);
    const responses = await Promise.all(
      [1, 2, 3, 4, 5, 1, 2, 3].map((stars) => h.put(school.id, { stars }, member)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await h.ratingCount(school.id)).toBe(1);
    const [row] = await h.rows("SELECT stars FROM school_ratings WHERE school_id = ?", [school.id]);
    expect(await h.summary(school.id)).toEqual({ rating: Number(row?.stars), reviewCount: 1 });
  });

  it("the aggregate over several members is their average to one decimal", async () => {
    const school = await h.school();
    for (const [i, stars] of [5, 4, 4].entries())
      await h.rate(school.id, await h.visitor(`agg${i}`, school.id), stars);
    expect(await h.summary(school.id)).toEqual({ rating: 4.3, reviewCount: 3 });
    const view = await apiSchool(school.id);
    expect([view.rating, view.reviewCount]).toEqual([4.3, 3]);
  });
});

describe("GET /api/schools/{id}/reviews", () => {
  let school: { id: number };
  const ids: number[] = [];
  beforeAll(async () => {
    school = await h.school();
    for (let i = 0; i < 12; i++) {
      const result = await h.rate(
        school.id,
        await h.visitor(`pager${i}`, school.id),
        (i % 5) + 1,
        `Review ${i}`,
      );
      ids.push(result.rating?.id as number);
    }
  });

  it("pages newest first, to anyone; nextBeforeId leads on and is null on the last page", async () => {
    const seen: ReviewView[] = [];
    let query = "?limit=5";
    const sizes: number[] = [];
    for (;;) {
      const { status, body } = await h.reviews(school.id, query);
      expect(status).toBe(200);
      sizes.push(body.reviews.length);
      seen.push(...body.reviews);
      if (body.nextBeforeId === null) break;
      query = `?limit=5&beforeId=${body.nextBeforeId}`;
    }
    expect(sizes).toEqual([5, 5, 2]);
    expect(seen.map((r) => r.id)).toEqual([...ids].reverse());
    expect(seen[0]).toMatchObject({ review: "Review 11", stars: 2, ownerReply: null });
    expect(seen[0]?.author?.username).toStartWith("pager11");
    // Ten by default.
    expect((await h.reviews(school.id)).body.reviews).toHaveLength(10);
  });

  it("a bad limit or beforeId is 400; an unknown school 404", async () => {
    for (const [query, message] of [
      ["?limit=0", texts.limitInvalid],
      ["?limit=51", texts.limitInvalid],
      ["?beforeId=abc", texts.beforeIdInvalid],
    ]) {
      const { status, body } = await h.reviews(school.id, query);
      expect([status, body.message]).toEqual([400, message]);
    }
    expect((await h.reviews(999_999)).status).toBe(404);
  });
});

describe("who a review is by (policy review.author.read)", () => {
  let school: { id: number };
  let author: Member;
  let shy: Member;
  let reader: Member;
  const authorOf = (reviews: ReviewView[], text: string) => reviews.find((r) => r.review === text)?.author;
  beforeAll(async () => {
    school = await h.school();
    author = await h.visitor("named", school.id);
    shy = await h.visitor("shy", school.id);
    reader = await h.visitor("reader");
    await h.rate(school.id, author, 5, "By the named one");
    await h.rate(school.id, shy, 3, "By the shy one");
    const res = await h.send("PATCH", "/api/settings", { showCheckInGymNames: false }, shy);
    expect(res.status).toBe(200);
  });

  it("a guest and a stranger see the author, but not one who keeps their check-in gyms private", async () => {
    for (const who of [undefined, reader]) {
      const { body } = await h.reviews(school.id, "", who);
      expect(authorOf(body.reviews, "By the named one")).toEqual({
        id: author.id,
        username: author.username,
      });
      expect(authorOf(body.reviews, "By the shy one")).toBeNull();
    }
    // The author always sees their own name.
    const own = await h.reviews(school.id, "", shy);
    expect(authorOf(own.body.reviews, "By the shy one")).toEqual({ id: shy.id, username: shy.username });
  });

  it("a block either way hides the author (the review stays, as by 'a member')", async () => {
    const res = await h.send("POST", "/api/users/block", { userId: reader.id }, author);
    expect(res.status).toBeLessThan(300);
    const blocked = await h.reviews(school.id, "", reader);
    expect(authorOf(blocked.body.reviews, "By the named one")).toBeNull();
    expect(blocked.body.reviews.map((r) => r.review)).toContain("By the named one");
    const blocker = await h.reviews(school.id, "", author);
    expect(authorOf(blocker.body.reviews, "By the named one")).toEqual({
      id: author.id,
      username: author.username,
    });
    // Others still see who wrote it.
    expect(authorOf((await h.reviews(school.id)).body.reviews, "By the named one")?.id).toBe(author.id);
  });
});
