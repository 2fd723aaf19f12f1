import type { HomeQuery } from "../../common/home";
import { ruleFilterKeys, ruleFilterLabels } from "../../common/schemas/visitor-rules";
import { toggleRule } from "../../common/visitor-rules";
import { HiddenQuery } from "./HiddenQuery";

/**
 * The visitor-rule filters (issue 21): Gi, No-Gi, Free, Beginners welcome, Women only and
 * Visitors welcome, each a toggle; a school must have every one chosen. Like the day chips,
 * each is a submit button of a GET form whose value is the state it leads to, so they work
 * before hydration.
 */
export function RuleChips({
  query,
  onChange,
}: {
  query: HomeQuery;
  onChange(rules: HomeQuery["rules"]): void;
}) {
  return (
    <form method="get" action="/" className="chips chips-rules">
      <HiddenQuery query={query} omit="rules" />
      <fieldset>
        <legend className="visually-hidden">Visitor rules</legend>
        {ruleFilterKeys.map((key) => {
          const next = toggleRule(query.rules, key);
          return (
            <button
              key={key}
              type="submit"
              name="rules"
              value={next.join(",")}
              className="chip"
              aria-pressed={query.rules.includes(key)}
              onClick={(event) => {
                event.preventDefault();
                onChange(next);
              }}
            >
              {ruleFilterLabels[key]}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
