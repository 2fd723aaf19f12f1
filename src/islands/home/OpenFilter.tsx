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
 * Once hydrated, a chip that is on turns off again (back to any time): on a phone, where the
 * bar has no room for 'Any time' (issue 23), that is the way back.
 */
export function OpenFilter({ query, onChange }: { query: HomeQuery; onChange(open: Open): void }) {
  return (
    <form method="get" action="/" className="chips chips-open">
      <HiddenQuery query={query} omit="open" />
      <fieldset>
        <legend className="visually-hidden">Open mat time</legend>
        {choices.map(({ value, label }) => {
          const next: Open = query.open === value ? "any" : value;
          return (
            <button
              key={value}
              type="submit"
              name="open"
              value={value}
              className={value === "any" ? "chip chip-any" : "chip"}
              aria-pressed={query.open === value}
              onClick={(event) => {
                event.preventDefault();
                onChange(next);
              }}
            >
              {label}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
