/** The suggestion list's state: whether it shows and which option is active (-1: none). */
export interface SuggestState {
  open: boolean;
  active: number;
}

export type SuggestAction =
  | { type: "results"; count: number }
  | { type: "key"; key: string; count: number }
  | { type: "hover"; index: number }
  | { type: "close" };

export const closedSuggestions: SuggestState = { open: false, active: -1 };

/**
 * The ARIA combobox keys: arrows move through the options and wrap, ArrowDown reopens a
 * closed list, Escape closes it. Enter is the component's: it picks the active option.
 */
export function suggestReducer(state: SuggestState, action: SuggestAction): SuggestState {
  switch (action.type) {
    case "results":
      return action.count > 0 ? { open: true, active: -1 } : closedSuggestions;
    case "hover":
      return { ...state, active: action.index };
    case "close":
      return closedSuggestions;
    case "key": {
      const { key, count } = action;
      if (count === 0) return closedSuggestions;
      if (key === "Escape") return closedSuggestions;
      if (key === "ArrowDown") {
        return state.open ? { open: true, active: (state.active + 1) % count } : { open: true, active: 0 };
      }
      if (key === "ArrowUp") {
        if (!state.open) return { open: true, active: count - 1 };
        return { open: true, active: state.active <= 0 ? count - 1 : state.active - 1 };
      }
      return state;
    }
  }
}
