/**
 * Badge definitions (spec §3 "Badge definition", "Badge codes"), shared by the server and the
 * browser. Codes are the spec's and never change; names and descriptions are ours. The
 * thresholds are recorded in docs/decisions/0008-checkins.md.
 */

export const BADGE_CATEGORIES = [
  "check-in progress",
  "gym exploration",
  "geographic exploration",
  "special achievements",
] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

export type BadgeCriteria = "total_checkins" | "unique_gyms" | "unique_states" | "alphabet_completion";

export const BADGE_CODES = [
  "novice",
  "apprentice",
  "adept",
  "expert",
  "master",
  "hopper",
  "journeyman",
  "ronin",
  "mat_slut",
  "transplant",
  "nomad",
  "gypsy",
  "wayfarer",
  "trooper",
  "statesman",
  "continentalist",
  "spelling_bee",
] as const;
export type BadgeCode = (typeof BADGE_CODES)[number];

export interface BadgeDefinition {
  id: number;
  code: BadgeCode;
  name: string;
  description: string;
  category: BadgeCategory;
  sortOrder: number;
  threshold: number;
  criteriaType: BadgeCriteria;
}

/** The alphabet badge's target: a gym for every letter A–Z. */
export const ALPHABET_TARGET = 26;
/** The profile's 'Next Closest Badges' list holds at most this many. */
export const NEXT_BADGES_MAX = 4;

type Row = [BadgeCode, string, string, BadgeCategory, BadgeCriteria, number];
const rows: Row[] = [
  ["novice", "Novice", "Your first verified check-in.", "check-in progress", "total_checkins", 1],
  ["apprentice", "Apprentice", "10 verified check-ins.", "check-in progress", "total_checkins", 10],
  ["adept", "Adept", "25 verified check-ins.", "check-in progress", "total_checkins", 25],
  ["expert", "Expert", "50 verified check-ins.", "check-in progress", "total_checkins", 50],
  ["master", "Master", "100 verified check-ins.", "check-in progress", "total_checkins", 100],
  ["hopper", "Gym Hopper", "Checked in at 3 different gyms.", "gym exploration", "unique_gyms", 3],
  ["journeyman", "Journeyman", "Checked in at 10 different gyms.", "gym exploration", "unique_gyms", 10],
  ["ronin", "Ronin", "Checked in at 25 different gyms.", "gym exploration", "unique_gyms", 25],
  ["mat_slut", "Mat Regular", "Checked in at 50 different gyms.", "gym exploration", "unique_gyms", 50],
  [
    "transplant",
    "Transplant",
    "Checked in at gyms in 2 states.",
    "geographic exploration",
    "unique_states",
    2,
  ],
  ["nomad", "Nomad", "Checked in at gyms in 3 states.", "geographic exploration", "unique_states", 3],
  ["gypsy", "Road Tripper", "Checked in at gyms in 5 states.", "geographic exploration", "unique_states", 5],
  ["wayfarer", "Wayfarer", "Checked in at gyms in 10 states.", "geographic exploration", "unique_states", 10],
  ["trooper", "Trooper", "Checked in at gyms in 20 states.", "geographic exploration", "unique_states", 20],
  [
    "statesman",
    "Statesman",
    "Checked in at gyms in 30 states.",
    "geographic exploration",
    "unique_states",
    30,
  ],
  [
    "continentalist",
    "Continentalist",
    "Checked in at gyms in 50 states.",
    "geographic exploration",
    "unique_states",
    50,
  ],
  [
    "spelling_bee",
    "Spelling Bee",
    "Checked in at gyms whose names start with every letter from A to Z.",
    "special achievements",
    "alphabet_completion",
    ALPHABET_TARGET,
  ],
];

/** All 17 badges, in display order (category, then sortOrder). */
export const BADGE_DEFINITIONS: readonly BadgeDefinition[] = rows.map(
  ([code, name, description, category, criteriaType, threshold], index) => ({
    id: index + 1,
    code,
    name,
    description,
    category,
    sortOrder: index + 1,
    threshold,
    criteriaType,
  }),
);

const byCode = new Map(BADGE_DEFINITIONS.map((d) => [d.code as string, d]));
export const badgeDefinition = (code: string): BadgeDefinition | undefined => byCode.get(code);

/** Spec §3 "Badge progress": the four metrics, from verified check-ins only. */
export interface BadgeMetrics {
  totalCheckins: number;
  uniqueGyms: number;
  uniqueStates: number;
  /** Distinct first letters A–Z of the gyms' names. */
  alphabetProgress: number;
}

export function metricFor(metrics: BadgeMetrics, criteria: BadgeCriteria): number {
  switch (criteria) {
    case "total_checkins":
      return metrics.totalCheckins;
    case "unique_gyms":
      return metrics.uniqueGyms;
    case "unique_states":
      return metrics.uniqueStates;
    case "alphabet_completion":
      return metrics.alphabetProgress;
  }
}

/** The badges whose threshold the metrics reach. */
export const badgesReached = (metrics: BadgeMetrics) =>
  BADGE_DEFINITIONS.filter((d) => metricFor(metrics, d.criteriaType) >= d.threshold);

export interface NextBadge {
  code: BadgeCode;
  name: string;
  description: string;
  category: BadgeCategory;
  threshold: number;
  current: number;
  /** 0–100, whole. */
  percent: number;
}

/**
 * Spec §4 "Badge progress for upcoming list": not yet earned, not at 100 %, by category then
 * sortOrder, at most NEXT_BADGES_MAX; the percent is capped at 100.
 */
export function nextClosestBadges(
  metrics: BadgeMetrics,
  earned: Iterable<string>,
  limit = NEXT_BADGES_MAX,
): NextBadge[] {
  const held = new Set(earned);
  const order = (d: BadgeDefinition) => BADGE_CATEGORIES.indexOf(d.category) * 1000 + d.sortOrder;
  return [...BADGE_DEFINITIONS]
    .sort((a, b) => order(a) - order(b))
    .filter((d) => !held.has(d.code))
    .map((d) => {
      const current = metricFor(metrics, d.criteriaType);
      const percent = Math.min(100, Math.floor((current / d.threshold) * 100));
      return {
        code: d.code,
        name: d.name,
        description: d.description,
        category: d.category,
        threshold: d.threshold,
        current,
        percent,
      };
    })
    .filter((b) => b.percent < 100)
    .slice(0, limit);
}

/** An earned badge as the API answers it: the award (spec §3) with its definition's texts. */
export interface BadgeAwardView {
  id: number;
  badgeCode: string;
  /** The same as badgeCode, for the celebration dialog. */
  code: string;
  metricValue: number;
  awardedAt: string;
  celebratedAt: string | null;
  name: string;
  description: string;
  category: BadgeCategory;
  sortOrder: number;
  threshold: number;
}

/** GET /api/badges/progress. */
export interface BadgeProgressView extends BadgeMetrics {
  /** The letters A–Z already covered, in order. */
  alphabetLetters: string[];
  /** 'Next Closest Badges': see nextClosestBadges. */
  nextClosest: NextBadge[];
}
