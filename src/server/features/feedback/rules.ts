/** Suggested visitor rules (issue 21) between `feedback.visitor_rules` and the API. */
import { hasRules } from "../../../common/schemas/feedback";
import type { VisitorRules } from "../../../common/schemas/visitor-rules";

/** What `feedback.visitor_rules` holds for a suggestion: its JSON, or null when it says nothing. */
export const rulesColumn = (rules: VisitorRules | null | undefined) =>
  hasRules(rules) ? JSON.stringify(rules) : null;

/** A stored suggestion, or null. */
export const suggestedRules = (column: string | null): VisitorRules | null =>
  column ? (JSON.parse(column) as VisitorRules) : null;

/** The school's own rules (`schools.visitor_rules`, never null). */
export const schoolRulesOf = (column: string): VisitorRules => JSON.parse(column) as VisitorRules;
