import { describe, expect, it } from "bun:test";
import { type ReviewLdInput, type SchoolLdInput, schoolLd } from "./structured-data-school";

/** Issue 22: a school's JSON-LD carries its members' rating and the page's reviews. */
const school = (rating: number | null, reviewCount: number): SchoolLdInput => ({
  gym: "Lakeside Grappling",
  slug: "lakeside-grappling",
  address: "1 Lake St",
  city: "Chicago",
  state: "IL",
  zipCode: "60601",
  latitude: 41.88,
  longitude: -87.62,
  timeZone: "America/Chicago",
  phone: null,
  website: null,
  dayAndTime: "Sat 11am",
  sessions: [],
  rating,
  reviewCount,
});

const ld = (s: SchoolLdInput, reviews: ReviewLdInput[] = []) =>
  JSON.parse(JSON.stringify(schoolLd("https://openmat.example", s, [], reviews)));

describe("schoolLd: ratings and reviews", () => {
  it("has no aggregateRating and no review without reviews (spec §1)", () => {
    const out = ld(school(null, 0));
    expect(out).not.toHaveProperty("aggregateRating");
    expect(out).not.toHaveProperty("review");
    // A rating with no count behind it says nothing either.
    expect(ld(school(4, 0))).not.toHaveProperty("aggregateRating");
  });

  it("states the aggregate with one decimal and each named review: author, rating, day in the gym's zone, text", () => {
    const out = ld(school(4.5, 3), [
      // 03:00 UTC on the 3rd is still the 2nd in Chicago.
      { author: { username: "ana" }, stars: 5, review: "Great rolls", createdAt: "2026-03-03T03:00:00.000Z" },
      { author: { username: "bo" }, stars: 4, review: null, createdAt: "2026-03-01T18:00:00.000Z" },
      {
        author: null,
        stars: 4,
        review: "By someone who keeps it private",
        createdAt: "2026-02-01T18:00:00.000Z",
      },
    ]);
    expect(out.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.5", reviewCount: 3 });
    expect(out.review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "ana" },
        reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
        datePublished: "2026-03-02",
        reviewBody: "Great rolls",
      },
      {
        "@type": "Review",
        author: { "@type": "Person", name: "bo" },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
        datePublished: "2026-03-01",
      },
    ]);
  });
});
