import { type KeyboardEvent, useEffect, useId, useMemo, useReducer, useState } from "react";
import type { HomeQuery } from "../../common/home";
import { useDebounced } from "../lib/use-debounced";
import { HiddenQuery } from "./HiddenQuery";
import { SUGGESTION_MIN_LENGTH, useSuggestions } from "./queries/suggestions";
import { closedSuggestions, suggestReducer } from "./suggest-keys";

/** Spec §9 "Suggestion debounce". */
export const SUGGEST_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  query: HomeQuery;
  onSearch(text: string): void;
}

/**
 * A GET form on `/` (works before hydration) with an ARIA combobox: suggestions for 2+
 * characters after a 300 ms pause; arrows move, Enter picks, Escape closes.
 */
export function SearchBox({ query, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(query.search);
  // Only typing asks for suggestions: a page loaded with a search must not pop a list open.
  const [typed, setTyped] = useState(false);
  const debounced = useDebounced(text, SUGGEST_DEBOUNCE_MS);
  const { data } = useSuggestions(debounced, typed);
  const showList = typed && text.trim().length >= SUGGESTION_MIN_LENGTH;
  const items = useMemo(() => (showList && data ? data : []), [showList, data]);
  const [state, dispatch] = useReducer(suggestReducer, closedSuggestions);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const expanded = state.open && items.length > 0;

  // Back/forward changes the search from outside.
  useEffect(() => setText(query.search), [query.search]);
  useEffect(() => dispatch({ type: "results", count: items.length }), [items]);

  const submit = (value: string) => {
    setText(value);
    setTyped(false);
    dispatch({ type: "close" });
    onSearch(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const active = expanded ? items[state.active] : undefined;
    if (event.key === "Enter" && active !== undefined) {
      event.preventDefault();
      submit(active);
      return;
    }
    if (event.key === "Escape" && expanded) event.preventDefault();
    if (["ArrowDown", "ArrowUp", "Escape"].includes(event.key)) {
      if (items.length) event.preventDefault();
      dispatch({ type: "key", key: event.key, count: items.length });
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom
    <form
      className="search-box"
      role="search"
      method="get"
      action="/"
      onSubmit={(event) => {
        event.preventDefault();
        submit(text);
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search by city, ZIP code or gym name
      </label>
      <div className="search-field">
        <input
          id={`${id}-input`}
          name="search"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="City, ZIP code or gym"
          maxLength={200}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && state.active >= 0 ? optionId(state.active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTyped(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => dispatch({ type: "close" })}
        />
        <div id={listId} role="listbox" aria-label="Suggestions" className="suggestions" hidden={!expanded}>
          {items.map((item, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (aria-activedescendant)
            <div
              key={item}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === state.active}
              // Keeps focus in the input, so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => dispatch({ type: "hover", index: i })}
              onClick={() => submit(item)}
            >
              {item}
            </div>
          ))}
        </div>
      </div>
      <HiddenQuery query={query} omit="search" />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
