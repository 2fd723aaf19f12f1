import { describe, expect, test } from "bun:test";
import {
  BADGE_CODES,
  BADGE_DEFINITIONS,
  type BadgeMetrics,
  badgesReached,
  nextClosestBadges,
} from "./badges";

const zero: BadgeMetrics = { totalCheckins: 0, uniqueGyms: 0, uniqueStates: 0, alphabetProgress: 0 };

describe("badge definitions", () => {
  test("are the spec's 17 codes, in order, with distinct ids and sortOrders", () => {
    expect(BADGE_DEFINITIONS.map((d) => d.code)).toEqual([...BADGE_CODES]);
    expect(new Set(BADGE_DEFINITIONS.map((d) => d.id)).size).toBe(17);
    expect(new Set(BADGE_DEFINITIONS.map((d) => d.sortOrder)).size).toBe(17);
  });

  test("thresholds as recorded in ADR 0008", () => {
    expect(Object.fromEntries(BADGE_DEFINITIONS.map((d) => [d.code, [d.criteriaType, d.threshold]]))).toEqual(
      {
        novice: ["total_checkins", 1],
        apprentice: ["total_checkins", 10],
        adept: ["total_checkins", 25],
        expert: ["total_checkins", 50],
        master: ["total_checkins", 100],
        hopper: ["unique_gyms", 3],
        journeyman: ["unique_gyms", 10],
        ronin: ["unique_gyms", 25],
        mat_slut: ["unique_gyms", 50],
        transplant: ["unique_states", 2],
        nomad: ["unique_states", 3],
        gypsy: ["unique_states", 5],
        wayfarer: ["unique_states", 10],
        trooper: ["unique_states", 20],
        statesman: ["unique_states", 30],
        continentalist: ["unique_states", 50],
        spelling_bee: ["alphabet_completion", 26],
      },
    );
  });

  test("display names carry no slurs", () => {
    for (const d of BADGE_DEFINITIONS) expect(`${d.name} ${d.description}`).not.toMatch(/slut|gyps/i);
  });

  test("badgesReached is exactly those at or over their threshold", () => {
    const reached = badgesReached({
      totalCheckins: 10,
      uniqueGyms: 2,
      uniqueStates: 2,
      alphabetProgress: 25,
    });
    expect(reached.map((d) => d.code)).toEqual(["novice", "apprentice", "transplant"]);
  });
});

describe("nextClosestBadges", () => {
  test("up to 4, by category then sortOrder, earned ones left out", () => {
    const next = nextClosestBadges({ ...zero, totalCheckins: 1, uniqueGyms: 1, uniqueStates: 1 }, ["novice"]);
    expect(next.map((b) => [b.code, b.percent])).toEqual([
      ["apprentice", 10],
      ["adept", 4],
      ["expert", 2],
      ["master", 1],
    ]);
  });

  test("100 % (reached but not yet awarded) is dropped; the percent never passes 100", () => {
    const next = nextClosestBadges(
      { totalCheckins: 150, uniqueGyms: 49, uniqueStates: 0, alphabetProgress: 0 },
      ["hopper", "journeyman"],
    );
    expect(next.map((b) => [b.code, b.current, b.percent])).toEqual([
      ["mat_slut", 49, 98],
      ["transplant", 0, 0],
      ["nomad", 0, 0],
      ["gypsy", 0, 0],
    ]);
    for (const b of nextClosestBadges({ ...zero, totalCheckins: 1e6 }, []))
      expect(b.percent).toBeLessThan(100);
  });

  test("a custom limit and an empty result when everything is earned", () => {
    expect(nextClosestBadges(zero, [], 2).map((b) => b.code)).toEqual(["novice", "apprentice"]);
    expect(nextClosestBadges(zero, BADGE_CODES)).toEqual([]);
  });
});
