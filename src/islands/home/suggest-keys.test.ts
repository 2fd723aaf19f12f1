import { describe, expect, it } from "bun:test";
import { closedSuggestions, type SuggestState, suggestReducer } from "./suggest-keys";

const key = (state: SuggestState, k: string, count = 3) =>
  suggestReducer(state, { type: "key", key: k, count });

describe("suggestReducer", () => {
  it("opens on results with nothing active, closes on none", () => {
    expect(suggestReducer(closedSuggestions, { type: "results", count: 2 })).toEqual({
      open: true,
      active: -1,
    });
    expect(suggestReducer({ open: true, active: 1 }, { type: "results", count: 0 })).toEqual(
      closedSuggestions,
    );
  });

  it("moves with the arrows and wraps", () => {
    const open = { open: true, active: -1 };
    expect(key(open, "ArrowDown")).toEqual({ open: true, active: 0 });
    expect(key({ open: true, active: 2 }, "ArrowDown")).toEqual({ open: true, active: 0 });
    expect(key(open, "ArrowUp")).toEqual({ open: true, active: 2 });
    expect(key({ open: true, active: 1 }, "ArrowUp")).toEqual({ open: true, active: 0 });
  });

  it("reopens a closed list with the arrows and closes on Escape", () => {
    expect(key(closedSuggestions, "ArrowDown")).toEqual({ open: true, active: 0 });
    expect(key(closedSuggestions, "ArrowUp")).toEqual({ open: true, active: 2 });
    expect(key({ open: true, active: 1 }, "Escape")).toEqual(closedSuggestions);
    expect(key({ open: true, active: 1 }, "ArrowDown", 0)).toEqual(closedSuggestions);
  });

  it("ignores other keys and follows the pointer", () => {
    expect(key({ open: true, active: 1 }, "a")).toEqual({ open: true, active: 1 });
    expect(suggestReducer({ open: true, active: 1 }, { type: "hover", index: 2 })).toEqual({
      open: true,
      active: 2,
    });
  });
});
