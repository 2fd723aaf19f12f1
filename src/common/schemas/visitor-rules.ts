/**
 * What a visitor should know before a drop-in (issue 21): mat fee, Gi or No-Gi, level, women
 * only, kids, visitors, a waiver to sign ahead and a loaner gi. Every rule is optional: a rule
 * not given is unknown, and unknown is never shown (an unknown fee is never "free").
 */
import * as v from "valibot";
import { isCalendarDate } from "../schedule/occurrences";
import { isHttpUrl } from "./url";

export const MAT_FEE_MAX = 500;
export const MIN_AGE_MAX = 17;
/** Per-session rules in one request: far above any gym's week. */
export const RULE_SESSIONS_MAX = 100;

export const attires = ["gi", "nogi", "both"] as const;
export const levels = ["all", "beginners", "experienced"] as const;
export const kidsPolicies = ["allowed", "adultsOnly"] as const;
export const visitorPolicies = ["welcome", "membersOnly"] as const;

const RULE_NAMES = "matFee, attire, level, womenOnly, kids, minAge, visitors, waiverUrl, loanerGi";

/** The API's messages and the words a page shows for each rule. */
export const visitorRuleTexts = {
  feeInvalid: `Mat fee must be "free", "unknown" or an amount in US dollars above 0 and at most ${MAT_FEE_MAX}`,
  feeCents: "Mat fee can have at most two decimals (cents)",
  attireInvalid: "Attire must be one of: gi, nogi, both",
  levelInvalid: "Level must be one of: all, beginners, experienced",
  womenOnlyInvalid: "womenOnly must be true, false or null (unknown)",
  kidsInvalid: "Kids must be one of: allowed, adultsOnly",
  minAgeInvalid: `Minimum age must be a whole number from 1 to ${MIN_AGE_MAX}`,
  minAgeNeedsKids: 'A minimum age needs kids "allowed"',
  visitorsInvalid: "Visitors must be one of: welcome, membersOnly",
  waiverInvalid: "Waiver link must be an http:// or https:// URL of at most 500 characters",
  loanerGiInvalid: "loanerGi must be true, false or null (unknown)",
  rulesInvalid: `Visitor rules must be an object of: ${RULE_NAMES}`,
  bodyInvalid: "The body must be { rules, sessions? }",
  weekdayInvalid: "weekday must be a whole number from 0 (Sunday) to 6 (Saturday)",
  startInvalid: "start must be a whole number of minutes from 0 to 1439",
  ordinalsInvalid: "ordinals must list 1 to 5 or -1 (last)",
  dateInvalid: "date must be a real date written YYYY-MM-DD",
  sessionsInvalid: `sessions must be a list of at most ${RULE_SESSIONS_MAX} { weekday, start, ordinals?, date?, rules }`,
  sessionTwice: "sessions names the same open mat twice",
  sessionNotFound: "This school has no open mat at that day and time",
  schoolNotFound: "School not found",
  conflict: "The school changed while these rules were saved: please try again",
  saved: "Visitor rules saved",
  // What the pages show.
  heading: "Before you go",
  free: "Free",
  fee: (dollars: number) => `Mat fee: ${formatDollars(dollars)}`,
  gi: "Gi",
  nogi: "No-Gi",
  both: "Gi & No-Gi",
  all: "All levels",
  beginners: "Beginners welcome",
  experienced: "Experienced only",
  womenOnly: "Women only",
  kids: (minAge?: number) => (minAge ? `Kids ${minAge}+` : "Kids welcome"),
  adultsOnly: "Adults only",
  welcome: "Visitors welcome",
  membersOnly: "Members only",
  waiver: "Sign the waiver ahead",
  loanerGi: "Loaner gi available",
} as const;

/** "$10", "$12.50". */
export function formatDollars(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

const t = visitorRuleTexts;
const withCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** null (or "unknown" for the fee) clears a rule: it becomes unknown again. */
const matFee = v.nullish(
  v.pipe(
    v.union([v.literal("free"), v.literal("unknown"), v.number()], t.feeInvalid),
    v.transform((x) => (x === "free" ? 0 : x === "unknown" ? null : x)),
    v.check((n) => n === null || (Number.isFinite(n) && n >= 0 && n <= MAT_FEE_MAX), t.feeInvalid),
    v.check((n) => n === null || withCents(n), t.feeCents),
    v.transform((n) => (n === null ? undefined : Math.round(n * 100) / 100)),
  ),
);

const flag = (message: string) => v.nullish(v.boolean(message));

const rulesEntries = {
  /** In US dollars; 0 is free. */
  matFee,
  attire: v.nullish(v.picklist(attires, t.attireInvalid)),
  level: v.nullish(v.picklist(levels, t.levelInvalid)),
  womenOnly: flag(t.womenOnlyInvalid),
  kids: v.nullish(v.picklist(kidsPolicies, t.kidsInvalid)),
  minAge: v.nullish(
    v.pipe(
      v.number(t.minAgeInvalid),
      v.integer(t.minAgeInvalid),
      v.minValue(1, t.minAgeInvalid),
      v.maxValue(MIN_AGE_MAX, t.minAgeInvalid),
    ),
  ),
  visitors: v.nullish(v.picklist(visitorPolicies, t.visitorsInvalid)),
  waiverUrl: v.nullish(
    v.pipe(
      v.string(t.waiverInvalid),
      v.trim(),
      v.maxLength(500, t.waiverInvalid),
      v.check((s) => s === "" || isHttpUrl(s), t.waiverInvalid),
    ),
  ),
  loanerGi: flag(t.loanerGiInvalid),
};

type RuleInput = { [K in keyof typeof rulesEntries]?: v.InferOutput<(typeof rulesEntries)[K]> };

/** Unknown rules (null, undefined, an empty link) are left out: what is stored is only what is known. */
const known = (rules: RuleInput) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rules)) {
    if (value !== null && value !== undefined && value !== "") out[key] = value;
  }
  return out as {
    [K in keyof RuleInput]?: Exclude<RuleInput[K], null | undefined>;
  };
};

/**
 * A school's rules, or a session's own: each rule known or left out. Unknown keys and values
 * not in the lists are refused with their own message.
 */
export const visitorRulesSchema = v.pipe(
  v.strictObject(rulesEntries, t.rulesInvalid),
  v.forward(
    v.check((r) => r.minAge === null || r.minAge === undefined || r.kids === "allowed", t.minAgeNeedsKids),
    ["minAge"],
  ),
  v.transform(known),
);

/** What `schools.visitor_rules` and a session's own `visitor_rules` hold. */
export type VisitorRules = v.InferOutput<typeof visitorRulesSchema>;
export type Attire = (typeof attires)[number];

const ORDINALS = [1, 2, 3, 4, 5, -1] as const;
const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** One session's own rules, named by what tells it apart: weekday, start, and its ordinals or date. */
export const sessionRulesSchema = v.strictObject(
  {
    weekday: wholeNumber(0, 6, t.weekdayInvalid),
    start: wholeNumber(0, 1439, t.startInvalid),
    ordinals: v.nullish(v.array(v.picklist(ORDINALS, t.ordinalsInvalid), t.ordinalsInvalid)),
    date: v.nullish(
      v.pipe(
        v.string(t.dateInvalid),
        v.regex(/^\d{4}-\d{2}-\d{2}$/, t.dateInvalid),
        v.check(isCalendarDate, t.dateInvalid),
      ),
    ),
    rules: visitorRulesSchema,
  },
  t.sessionsInvalid,
);
export type SessionRulesInput = v.InferOutput<typeof sessionRulesSchema>;

/** The key that names one session: "weekday|start|ordinals|date". */
export const sessionRuleKey = (s: {
  weekday: number;
  start: number;
  ordinals?: readonly number[] | null;
  date?: string | null;
}) =>
  `${s.weekday}|${s.start}|${[...(s.ordinals ?? [])].sort((a, b) => (a === -1 ? 6 : a) - (b === -1 ? 6 : b)).join(",")}|${s.date ?? ""}`;

/**
 * `PUT /api/schools/{id}/visitor-rules`: the school's rules (replacing them), and optionally
 * every session's own rules (replacing them; a session not listed has none of its own).
 */
export const visitorRulesInputSchema = v.strictObject(
  {
    rules: visitorRulesSchema,
    sessions: v.optional(
      v.pipe(
        v.array(sessionRulesSchema, t.sessionsInvalid),
        v.maxLength(RULE_SESSIONS_MAX, t.sessionsInvalid),
        v.check((list) => new Set(list.map(sessionRuleKey)).size === list.length, t.sessionTwice),
      ),
    ),
  },
  t.bodyInvalid,
);
export type VisitorRulesInput = v.InferOutput<typeof visitorRulesInputSchema>;

/** The rules a visitor can filter the home screen by, in the order the chips show them. */
export const ruleFilterKeys = ["gi", "nogi", "free", "beginners", "women", "visitors"] as const;
export type RuleFilterKey = (typeof ruleFilterKeys)[number];

export const ruleFilterLabels: Record<RuleFilterKey, string> = {
  gi: t.gi,
  nogi: t.nogi,
  free: t.free,
  beginners: t.beginners,
  women: t.womenOnly,
  visitors: t.welcome,
};

const ruleFilterMessage = `rules must be a comma-separated list of: ${ruleFilterKeys.join(", ")}`;

/** `?rules=nogi,free` on the search, radius and nearby APIs: absent or empty filters nothing. */
export const ruleFilterParam = v.exactOptional(
  v.pipe(
    v.string(ruleFilterMessage),
    v.transform((s) =>
      s
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
    v.check(
      (keys) => keys.every((k) => (ruleFilterKeys as readonly string[]).includes(k)),
      ruleFilterMessage,
    ),
    v.transform((keys) => ruleFilterKeys.filter((k) => keys.includes(k))),
  ),
);
