/**
 * Issue 22, "Ratings", the other side: reviews are reportable (kind "review"; an admin's
 * removal deletes the rating and counts the school again), the gym's owners and admins
 * answer each review once, a deleted account's ratings leave the aggregate, and an import's
 * rating and reviewCount are not the school's (they come from members).
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import { type ReviewView, ratingTexts as texts } from "../../src/common/schemas/ratings";
import { reportMessages } from "../../src/common/schemas/reports";
import { createGeoServices } from "../../src/server/features/geo/service";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { importRows } from "../../src/server/features/schools/transfer";
import { silentLogger } from "../../src/server/log";
import { type Member, ratingsHelpers } from "../support/ratings";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "ratings-admin@example.com";
let t: TestApp;
let h: ReturnType<typeof ratingsHelpers>;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  h = ratingsHelpers(t);
  admin = await h.admin(ADMIN_EMAIL);
});
afterAll(() => t.close());

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("reporting a review", () => {
  let school: { id: number; gym: string };
  let author: Member;
  let reporter: Member;
  let other: Member;
  let ratingId: number;
  beforeAll(async () => {
    school = await h.school("Reported Gym");
    author = await h.visitor("reviewer", school.id);
    other = await h.visitor("other", school.id);
    reporter = await h.visitor("reporter");
    ratingId = (await h.rate(school.id, author, 1, "Terrible people, avoid")).rating?.id as number;
    await h.rate(school.id, other, 5, "Great gym");
  });

  it("a member reports it (201); their own is 400; a missing one 404", async () => {
    const res = await h.send(
      "POST",
      "/api/reports",
      { kind: "review", id: ratingId, reason: "Abusive" },
      reporter,
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ kind: "review", subjectId: ratingId, status: "open" });
    const [row] = await h.rows(
      "SELECT reported_user_id FROM reports WHERE kind = 'review' AND subject_id = ?",
      [ratingId],
    );
    expect(Number(row?.reported_user_id)).toBe(author.id);
    const own = await h.send("POST", "/api/reports", { kind: "review", id: ratingId, reason: "x" }, author);
    expect([own.status, await message(own)]).toEqual([400, reportMessages.ownContent]);
    const missing = await h.send(
      "POST",
      "/api/reports",
      { kind: "review", id: 999_999, reason: "x" },
      reporter,
    );
    expect([missing.status, await message(missing)]).toEqual([404, reportMessages.reviewNotFound]);
  });

  it("the admin sees the review with its gym; 'remove' deletes the rating and counts the school again", async () => {
    expect(await h.summary(school.id)).toEqual({ rating: 3, reviewCount: 2 });
    const queue = await h.send("GET", "/api/admin/reports", undefined, admin);
    const { reports } = (await queue.json()) as {
      reports: { id: number; kind: string; subjectId: number; content: unknown; reportedUser: unknown }[];
    };
    const item = reports.find((r) => r.kind === "review" && r.subjectId === ratingId);
    expect(item?.content).toEqual({
      kind: "review",
      stars: 1,
      review: "Terrible people, avoid",
      ownerReply: null,
      school: { id: school.id, gym: "Reported Gym", slug: expect.any(String) },
    });
    expect(item?.reportedUser).toEqual({ id: author.id, username: author.username });
    const version = await h.version();
    const removed = await h.send("POST", `/api/admin/reports/${item?.id}/remove`, undefined, admin);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ status: "removed", content: null });
    expect(await h.rows("SELECT id FROM school_ratings WHERE id = ?", [ratingId])).toEqual([]);
    expect(await h.summary(school.id)).toEqual({ rating: 5, reviewCount: 1 });
    expect(await h.version()).not.toBe(version);
    const { body } = await h.reviews(school.id);
    expect(body.reviews.map((r) => r.review)).toEqual(["Great gym"]);
    // Deciding again is 409, and nothing more changes.
    const again = await h.send("POST", `/api/admin/reports/${item?.id}/remove`, undefined, admin);
    expect(again.status).toBe(409);
    expect(await h.summary(school.id)).toEqual({ rating: 5, reviewCount: 1 });
  });
});

describe("POST /api/schools/{id}/reviews/{ratingId}/reply", () => {
  let school: { id: number };
  let owner: Member;
  let stranger: Member;
  let critic: Member;
  let first: number;
  let second: number;
  const reply = (who: Member | undefined, ratingId: number, body: unknown, schoolId = school.id) =>
    h.send("POST", `/api/schools/${schoolId}/reviews/${ratingId}/reply`, body, who);

  beforeAll(async () => {
    school = await h.school("Answering Gym");
    owner = await h.visitor("owner");
    stranger = await h.visitor("stranger", school.id);
    await h.rows("INSERT INTO school_owners (school_id, user_id, created_at) VALUES (?, ?, 0)", [
      school.id,
      owner.id,
    ]);
    critic = await h.visitor("critic", school.id);
    first = (await h.rate(school.id, critic, 2, "Too hot inside")).rating?.id as number;
    second = (await h.rate(school.id, await h.visitor("fan", school.id), 5, "Loved it")).rating?.id as number;
  });

  it("a guest is 401; a member who is not an owner gets the missing school's 404, nothing changes", async () => {
    expect((await reply(undefined, first, { text: "Hi" })).status).toBe(401);
    const res = await reply(stranger, first, { text: "We are the gym" });
    expect([res.status, await message(res)]).toEqual([404, texts.schoolNotFound]);
    const [row] = await h.rows("SELECT owner_reply FROM school_ratings WHERE id = ?", [first]);
    expect(row?.owner_reply).toBeNull();
  });

  it("an empty answer or one over 500 characters is 400", async () => {
    for (const [body, text] of [
      [{ text: "   " }, texts.replyRequired],
      [{}, texts.replyRequired],
      [{ text: "z".repeat(501) }, texts.replyTooLong],
    ] as const) {
      const res = await reply(owner, first, body);
      expect([res.status, await message(res)]).toEqual([400, text]);
    }
  });

  it("an owner answers once; the answer shows on the review; a second answer is 409", async () => {
    const version = await h.version();
    const res = await reply(owner, first, { text: "  We fixed the air conditioning.  " });
    expect(res.status).toBe(200);
    const answered = (await res.json()) as ReviewView;
    expect(answered).toMatchObject({ id: first, review: "Too hot inside" });
    expect(answered.ownerReply?.text).toBe("We fixed the air conditioning.");
    expect(await h.version()).not.toBe(version);
    const listed = (await h.reviews(school.id)).body.reviews.find((r) => r.id === first);
    expect(listed?.ownerReply?.text).toBe("We fixed the air conditioning.");
    const again = await reply(owner, first, { text: "And more" });
    expect([again.status, await message(again)]).toEqual([409, texts.alreadyAnswered]);
    const [row] = await h.rows("SELECT owner_reply, owner_reply_by FROM school_ratings WHERE id = ?", [
      first,
    ]);
    expect([row?.owner_reply, Number(row?.owner_reply_by)]).toEqual([
      "We fixed the air conditioning.",
      owner.id,
    ]);
    // The member's own view of their rating carries the answer too.
    expect((await h.mine(school.id, critic)).rating?.ownerReply?.text).toBe("We fixed the air conditioning.");
  });

  it("an admin may answer; a review of another school, or none, is 404", async () => {
    const res = await reply(admin, second, { text: "Thanks from the site" });
    expect(res.status).toBe(200);
    const elsewhere = await h.school();
    const other = (await h.rate(elsewhere.id, await h.visitor("elsewhere", elsewhere.id), 3)).rating
      ?.id as number;
    const wrong = await reply(owner, other, { text: "Not ours" });
    expect([wrong.status, await message(wrong)]).toEqual([404, texts.reviewNotFound]);
    const missing = await reply(owner, 999_999, { text: "Nobody" });
    expect([missing.status, await message(missing)]).toEqual([404, texts.reviewNotFound]);
    expect(await h.rows("SELECT owner_reply FROM school_ratings WHERE id = ?", [other])).toEqual([
      { owner_reply: null },
    ] as never);
  });
});

describe("where a school's rating comes from", () => {
  it("a deleted account's ratings leave the aggregate", async () => {
    const school = await h.school();
    const leaving = await h.visitor("leaving", school.id);
    const staying = await h.visitor("staying", school.id);
    await h.rate(school.id, leaving, 1);
    await h.rate(school.id, staying, 4);
    expect(await h.summary(school.id)).toEqual({ rating: 2.5, reviewCount: 2 });
    const res = await h.send("DELETE", "/api/account/delete", { currentPassword: leaving.password }, leaving);
    expect(res.status).toBe(200);
    expect(await h.summary(school.id)).toEqual({ rating: 4, reviewCount: 1 });
  });

  it("an import's rating and reviewCount are ignored: a new school has none, a rated one keeps its members'", async () => {
    const { schoolGeocoder } = createGeoServices("", silentLogger);
    const deps = { db: t.app.context.database.db, now: () => new Date(), timeZoneAt };
    const row = {
      key: "imported-rated",
      gym: "Imported Gym",
      address: "9 Pike St, Seattle, WA 98101",
      latitude: 47.61,
      longitude: -122.33,
      dayAndTime: "Sat 10am",
      rating: 4.8,
      reviewCount: 52,
    };
    const [outcome] = await importRows(deps, schoolGeocoder, [row]);
    expect(outcome?.action).toBe("added");
    const id = outcome && "id" in outcome ? (outcome.id as number) : 0;
    expect(await h.summary(id)).toEqual({ rating: null, reviewCount: 0 });
    await h.rate(id, await h.visitor("importrater", id), 3);
    const [again] = await importRows(deps, schoolGeocoder, [{ ...row, rating: 1, reviewCount: 900 }]);
    expect(again?.action).toBe("updated");
    expect(await h.summary(id)).toEqual({ rating: 3, reviewCount: 1 });
  });

  it("a guest cannot read or write a rating of their own", async () => {
    const school = await h.school();
    for (const method of ["GET", "DELETE"]) {
      const res = await h.send(method, `/api/schools/${school.id}/rating`);
      expect([res.status, await message(res)]).toEqual([401, authMessages.notSignedIn]);
    }
  });
});
