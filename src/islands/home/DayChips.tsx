import type { MouseEvent } from "react";
import { type DayKey, dayKeys, type HomeQuery, toggleDay } from "../../common/home";
import { homeTexts } from "../../common/home-texts";
import { dayLong, dayShort } from "./day-labels";
import { HiddenQuery } from "./HiddenQuery";

interface DayChipsProps {
  query: HomeQuery;
  signedIn: boolean;
  onChange(patch: Partial<HomeQuery>): void;
}

/**
 * 'All' and the seven days (spec §4 "Day filter"), then 'Saved Gyms' for members. Each chip
 * is a submit button of a GET form whose value is the state it leads to, so the filters
 * work before hydration; once hydrated, a click changes the state in place.
 */
export function DayChips({ query, signedIn, onChange }: DayChipsProps) {
  const choose = (day: DayKey | "all") => (event: MouseEvent) => {
    event.preventDefault();
    onChange({ days: toggleDay(query.days, day) });
  };
  return (
    <div className="chip-row">
      <form method="get" action="/" className="chips chips-days">
        <HiddenQuery query={query} omit="days" />
        <fieldset>
          <legend className="visually-hidden">Open mat day</legend>
          <button
            type="submit"
            name="days"
            value=""
            className="chip"
            aria-pressed={query.days.length === 0}
            onClick={choose("all")}
          >
            All
          </button>
          {dayKeys.map((day) => (
            <button
              key={day}
              type="submit"
              name="days"
              value={toggleDay(query.days, day).join(",")}
              className="chip"
              aria-label={dayLong(day)}
              aria-pressed={query.days.includes(day)}
              onClick={choose(day)}
            >
              {dayShort[day]}
            </button>
          ))}
        </fieldset>
      </form>
      {signedIn && <SavedChip query={query} onChange={onChange} />}
    </div>
  );
}

/**
 * 'Saved Gyms' (spec §2, members only): beside the day chips from 768 px on; on a phone the
 * bar hides it and the filter sheet shows its own (issue 23).
 */
export function SavedChip({ query, onChange }: Omit<DayChipsProps, "signedIn">) {
  return (
    <form method="get" action="/" className="chips chips-saved">
      <HiddenQuery query={query} omit="saved" />
      <button
        type="submit"
        name="saved"
        value={query.saved ? "0" : "1"}
        className="chip chip-saved"
        aria-pressed={query.saved}
        onClick={(event) => {
          event.preventDefault();
          onChange({ saved: !query.saved });
        }}
      >
        {homeTexts.savedGyms}
      </button>
    </form>
  );
}
