import type { HomeQuery, OpenFilter as Open } from "../../common/home";
import { goingTexts } from "../../common/schemas/going";
import { HiddenQuery } from "./HiddenQuery";

const choices: { value: Open; label: string }[] = [
  { value: "any", label: "Any time" },
  { value: "now", label: "Open now" },
  { value: "today", label: "Today" },
  { value: "tonight", label: goingTexts.tonight },
];

/**
 * Beyond the spec: only gyms with an open mat now, or some time today, in their own time zone;
 * or Tonight (issue 22), the open mats near the visitor in the next 6 hours, soonest first.
 */
export function OpenFilter({ query, onChange }: { query: HomeQuery; onChange(open: Open): void }) {
  return (
    <form method="get" action="/" className="chips">
      <HiddenQuery query={query} omit="open" />
      <fieldset>
        <legend className="visually-hidden">Open mat time</legend>
        {choices.map(({ value, label }) => (
          <button
            key={value}
            type="submit"
            name="open"
            value={value}
            className="chip"
            aria-pressed={query.open === value}
            onClick={(event) => {
              event.preventDefault();
              onChange(value);
            }}
          >
            {label}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
