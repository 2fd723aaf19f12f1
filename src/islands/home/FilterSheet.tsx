import type { HomeQuery } from "../../common/home";
import { homeTexts } from "../../common/home-texts";
import { SavedChip } from "./DayChips";
import { Modal } from "./Modal";
import { RuleChips } from "./RuleChips";

interface FilterSheetProps {
  query: HomeQuery;
  signedIn: boolean;
  onChange(patch: Partial<HomeQuery>): void;
  onLocationHelp(): void;
  onClose(): void;
}

/**
 * On a phone, the filters beyond the day and time chips (issue 23): 'Saved Gyms', the visitor
 * rules and the location help, in a modal sheet from the bottom. Each chip applies at once, as
 * in the bar; focus moves in, Escape or × closes it, and focus returns to the Filters button.
 */
export function FilterSheet({ query, signedIn, onChange, onLocationHelp, onClose }: FilterSheetProps) {
  return (
    <Modal labelledBy="filter-sheet-title" onClose={onClose} className="filter-sheet">
      <h2 id="filter-sheet-title">{homeTexts.filters}</h2>
      {signedIn && <SavedChip query={query} onChange={onChange} />}
      <RuleChips query={query} onChange={(rules) => onChange({ rules })} />
      <button type="button" className="link-button" onClick={onLocationHelp}>
        {homeTexts.locationHelp}
      </button>
    </Modal>
  );
}

/** How many of the sheet's filters are on: the Filters button shows it. */
export function moreFiltersOn(query: HomeQuery, signedIn: boolean): number {
  return query.rules.length + (signedIn && query.saved ? 1 : 0);
}

/** The bar's way into the filter sheet; on a desktop the filters are all in view and it is hidden. */
export function FiltersButton({ count, open, onOpen }: { count: number; open: boolean; onOpen(): void }) {
  return (
    <button
      type="button"
      className="chip filters-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
    >
      {count > 0 ? `${homeTexts.filters} (${count})` : homeTexts.filters}
    </button>
  );
}
