/**
 * Issue 22: the school page shows its members' reviews (the first page, server-rendered, each
 * author named as the policy lets the viewer see them) and its JSON-LD states the members'
 * aggregate and the named reviews; a rating's change reaches the guests' cached page at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ratingTexts as texts } from "../../src/common/schemas/ratings";
import { type Member, ratingsHelpers } from "../support/ratings";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let h: ReturnType<typeof ratingsHelpers>;
let school: { id: number };
let slug: string;
let named: Member;
let shy: Member;

const page = async (who?: Member) => {
  const res = await t.request(`/schools/${slug}`, who ? { headers: { cookie: who.cookie } } : {});
  expect(res.status).toBe(200);
  return res.text();
};
const placeLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? "null");

beforeAll(async () => {
  t = await createTestApp();
  h = ratingsHelpers(t);
  school = await h.school("Review Page Gym");
  slug = String((await h.rows("SELECT slug FROM schools WHERE id = ?", [school.id]))[0]?.slug);
  named = await h.visitor("pagenamed", school.id);
  shy = await h.visitor("pageshy", school.id);
});
afterAll(() => t.close());

describe("reviews on the school page", () => {
  it("without ratings: no rating, no aggregateRating, no review items, 'No reviews yet.'", async () => {
    const html = await page();
    expect(html).toContain('data-island="SchoolReviews"');
    expect(html).toContain(texts.none);
    expect(html).not.toContain("Rating ");
    const ld = placeLd(html);
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.review).toBeUndefined();
  });

  it("a guest's page lists the reviews newest first and states them in JSON-LD; a change shows at once", async () => {
    await h.rate(school.id, named, 5, "Technical and friendly");
    await h.rate(school.id, shy, 4, "Good mats");
    await h.send("PATCH", "/api/settings", { showCheckInGymNames: false }, shy);
    const html = await page();
    expect(html).toContain("Rating 4.5 (2 reviews)");
    const section = html.slice(html.indexOf('data-island="SchoolReviews"'));
    const shown = section.indexOf("Good mats");
    expect(shown).toBeGreaterThan(0);
    expect(section.indexOf("Technical and friendly")).toBeGreaterThan(shown);
    expect(html).toContain(named.username);
    expect(html).not.toContain(shy.username);
    expect(html).toContain(texts.aMember);
    const ld = placeLd(html);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.5", reviewCount: 2 });
    expect(ld.review).toHaveLength(1);
    expect(ld.review[0]).toMatchObject({
      author: { "@type": "Person", name: named.username },
      reviewRating: { ratingValue: 5 },
      reviewBody: "Technical and friendly",
    });
    // The guests' cached page follows the next rating change (the schools version moved).
    await h.rate(school.id, named, 3, "Changed my mind");
    const after = await page();
    expect(after).toContain("Changed my mind");
    expect(after).not.toContain("Technical and friendly");
    expect(after).toContain("Rating 3.5 (2 reviews)");
  });

  it("a member blocked by the author sees the review as by 'a member'; the author sees their name", async () => {
    const blocked = await h.visitor("pageblocked");
    expect((await h.send("POST", "/api/users/block", { userId: blocked.id }, named)).status).toBeLessThan(
      300,
    );
    const theirs = await page(blocked);
    expect(theirs).toContain("Changed my mind");
    expect(theirs).not.toContain(named.username);
    expect(await page(named)).toContain(named.username);
    // Guests still see who wrote it: a block is between two members.
    expect(await page()).toContain(named.username);
  });
});
