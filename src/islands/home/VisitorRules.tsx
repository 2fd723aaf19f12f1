import type { VisitorRules as Rules } from "../../common/schemas/visitor-rules";
import { visitorRuleTexts } from "../../common/schemas/visitor-rules";
import { visitorRuleItems } from "../../common/visitor-rules";

/**
 * A school's known visitor rules as short items ("Mat fee: $10", "No-Gi", "Kids 12+",
 * "Sign the waiver ahead" as a link); nothing at all while every rule is unknown. The school
 * page, the detail dialog and the popup show it; the page renders it without JS.
 */
export function VisitorRulesList({ rules, labelledBy }: { rules: Rules | undefined; labelledBy?: string }) {
  const items = visitorRuleItems(rules);
  if (!items.length) return null;
  return (
    <ul
      className="visitor-rules"
      {...(labelledBy ? { "aria-labelledby": labelledBy } : { "aria-label": visitorRuleTexts.heading })}
    >
      {items.map((item) => (
        <li key={item.key} className="visitor-rule">
          {item.href ? (
            <a href={item.href} target="_blank" rel="noopener noreferrer nofollow">
              {item.text}
            </a>
          ) : (
            item.text
          )}
        </li>
      ))}
    </ul>
  );
}

/** "Before you go" and the rules, as a section with its own heading; nothing while every rule is unknown. */
export function VisitorRulesSection({
  rules,
  headingId,
  level,
}: {
  rules: Rules | undefined;
  headingId: string;
  level: "h2" | "h3";
}) {
  if (!visitorRuleItems(rules).length) return null;
  const Heading = level;
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId}>{visitorRuleTexts.heading}</Heading>
      <VisitorRulesList rules={rules} labelledBy={headingId} />
    </section>
  );
}

/** A session's own rules after its line (" · No-Gi · Mat fee: $15"); nothing when it has none. */
export function SessionRules({ rules }: { rules: Rules | undefined }) {
  const items = visitorRuleItems(rules);
  if (!items.length) return null;
  return (
    <span className="session-rules">
      {items.map((item) => (
        <span key={item.key}>
          {" · "}
          {item.href ? (
            <a href={item.href} target="_blank" rel="noopener noreferrer nofollow">
              {item.text}
            </a>
          ) : (
            item.text
          )}
        </span>
      ))}
    </span>
  );
}
