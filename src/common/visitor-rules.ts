/**
 * Visitor rules on both sides: the short items a page shows, a session's rules in full (the
 * school's with its own on top), and the bits the home screen's rule filters match, which the
 * pins carry and the server's search, radius and nearby answers are filtered by.
 */
import {
  type RuleFilterKey,
  ruleFilterKeys,
  visitorRuleTexts as t,
  type VisitorRules,
} from "./schemas/visitor-rules";

export interface RuleItem {
  /** Stable per rule, for React keys and tests. */
  key: keyof VisitorRules;
  text: string;
  /** The waiver's link. */
  href?: string;
}

/** The known rules as short items, in a fixed order; unknown rules give nothing. */
export function visitorRuleItems(rules: VisitorRules | undefined): RuleItem[] {
  if (!rules) return [];
  const items: RuleItem[] = [];
  if (rules.matFee !== undefined) {
    items.push({ key: "matFee", text: rules.matFee === 0 ? t.free : t.fee(rules.matFee) });
  }
  if (rules.attire) items.push({ key: "attire", text: t[rules.attire] });
  if (rules.level) items.push({ key: "level", text: t[rules.level] });
  if (rules.womenOnly) items.push({ key: "womenOnly", text: t.womenOnly });
  if (rules.kids === "allowed") items.push({ key: "kids", text: t.kids(rules.minAge) });
  if (rules.kids === "adultsOnly") items.push({ key: "kids", text: t.adultsOnly });
  if (rules.visitors) items.push({ key: "visitors", text: t[rules.visitors] });
  if (rules.loanerGi) items.push({ key: "loanerGi", text: t.loanerGi });
  if (rules.waiverUrl) items.push({ key: "waiverUrl", text: t.waiver, href: rules.waiverUrl });
  return items;
}

/** The items as one line of text ("Mat fee: $10 · No-Gi · Sign the waiver ahead: https://…"). */
export function visitorRulesLine(rules: VisitorRules | undefined): string {
  return visitorRuleItems(rules)
    .map((item) => (item.href ? `${item.text}: ${item.href}` : item.text))
    .join(" · ");
}

/**
 * A session's rules in full: the school's, with the session's own on top. A session that
 * says "adults only" drops the school's minimum age for kids.
 */
export function effectiveRules(
  school: VisitorRules | undefined,
  own: VisitorRules | undefined,
): VisitorRules {
  const merged: VisitorRules = { ...school, ...own };
  if (own?.kids && own.minAge === undefined) delete merged.minAge;
  if (merged.kids !== "allowed") delete merged.minAge;
  return merged;
}

/**
 * The session's own rules where they differ from the school's: what is stored per session.
 * Undefined when nothing differs.
 */
export function ownRules(school: VisitorRules, session: VisitorRules): VisitorRules | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(session)) {
    if (school[key as keyof VisitorRules] !== value) out[key] = value;
  }
  // A session's kids rule that differs carries its own minimum age (or none) with it.
  if (out.kids === undefined && out.minAge !== undefined && session.kids) out.kids = session.kids;
  return Object.keys(out).length ? (out as VisitorRules) : undefined;
}

/** Bit of each filter in a school's rule mask (the pins' rules byte). */
export const ruleBit: Record<RuleFilterKey, number> = {
  gi: 1 << 0,
  nogi: 1 << 1,
  free: 1 << 2,
  beginners: 1 << 3,
  women: 1 << 4,
  visitors: 1 << 5,
};

/** One set of rules (and a session's notes) as filter bits. */
function bitsOf(rules: VisitorRules, notes: readonly string[] = []): number {
  let bits = 0;
  if (rules.attire === "gi" || rules.attire === "both" || notes.includes("Gi")) bits |= ruleBit.gi;
  if (rules.attire === "nogi" || rules.attire === "both" || notes.includes("No-Gi")) bits |= ruleBit.nogi;
  // Only a known fee of 0: an unknown fee is never free.
  if (rules.matFee === 0) bits |= ruleBit.free;
  // An all-levels open mat welcomes beginners too.
  if (rules.level === "beginners" || rules.level === "all") bits |= ruleBit.beginners;
  if (rules.womenOnly === true) bits |= ruleBit.women;
  if (rules.visitors === "welcome") bits |= ruleBit.visitors;
  return bits;
}

/**
 * A school's filter bits: a filter matches when the school's own rules match it, or any one
 * of its sessions' (the school's rules with the session's on top, and its notes: a session
 * noted "No-Gi" is a No-Gi open mat). So a gym with a Gi Saturday and a No-Gi Sunday
 * matches both Gi and No-Gi.
 */
export function visitorRuleBits(
  school: VisitorRules | undefined,
  sessions: readonly { notes: readonly string[]; rules?: VisitorRules }[],
): number {
  const base = school ?? {};
  let bits = bitsOf(base);
  for (const session of sessions) bits |= bitsOf(effectiveRules(base, session.rules), session.notes);
  return bits;
}

/** The bits every chosen filter needs. */
export const ruleMask = (chosen: readonly RuleFilterKey[]) =>
  chosen.reduce((mask, key) => mask | ruleBit[key], 0);

/** Chosen filters are all needed: "Free" and "Beginners welcome" is a free open mat that welcomes beginners. */
export const matchesRules = (bits: number, chosen: readonly RuleFilterKey[]) => {
  const mask = ruleMask(chosen);
  return (bits & mask) === mask;
};

/** Flips one filter, keeping the chips' order. */
export function toggleRule(chosen: readonly RuleFilterKey[], key: RuleFilterKey): RuleFilterKey[] {
  return chosen.includes(key)
    ? chosen.filter((k) => k !== key)
    : ruleFilterKeys.filter((k) => k === key || chosen.includes(k));
}

/** A home URL's `rules=` as filters: unknown words are dropped, as unknown days are. */
export function parseRuleFilter(text: string | null): RuleFilterKey[] {
  const words = (text ?? "").split(",").map((w) => w.trim());
  return ruleFilterKeys.filter((k) => words.includes(k));
}
