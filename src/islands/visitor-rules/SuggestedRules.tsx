import type { VisitorRules } from "../../common/schemas/visitor-rules";
import { visitorRuleItems } from "../../common/visitor-rules";

/**
 * A suggestion's rules as lines to review: what a page would show, plus what it leaves out
 * ("No" to women only or a loaner gi), and the waiver's link as text, not to be followed blind.
 */
export function suggestionLines(rules: VisitorRules): string[] {
  const lines = visitorRuleItems(rules).map((item) => (item.href ? `${item.text}: ${item.href}` : item.text));
  if (rules.womenOnly === false) lines.push("Not women only");
  if (rules.loanerGi === false) lines.push("No loaner gi");
  return lines;
}

/** The visitor rules a member suggested with their feedback (issue 21); nothing when none. */
export function SuggestedRules({
  rules,
  heading: Heading,
}: {
  rules: VisitorRules | null | undefined;
  heading: "h3" | "h4";
}) {
  if (!rules || Object.keys(rules).length === 0) return null;
  return (
    <div className="suggested-rules">
      <Heading>Suggested visitor rules</Heading>
      <ul>
        {suggestionLines(rules).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
