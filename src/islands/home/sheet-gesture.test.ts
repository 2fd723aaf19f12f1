import { describe, expect, it } from "bun:test";
import { afterSwipe, afterTap, handleLabel, type SheetHeight, SWIPE_THRESHOLD_PX } from "./sheet-gesture";

describe("afterTap", () => {
  it("cycles peek → half → full → peek", () => {
    expect(afterTap("peek")).toBe("half");
    expect(afterTap("half")).toBe("full");
    expect(afterTap("full")).toBe("peek");
  });
});

describe("afterSwipe", () => {
  it.each<[SheetHeight, number, number, SheetHeight, boolean]>([
    // Up by more than 50 px: one height up, stopping at full.
    ["peek", 300, 240, "half", true],
    ["half", 300, 240, "full", true],
    ["full", 300, 100, "full", true],
    // Down by more than 50 px: one height down, stopping at peek.
    ["full", 240, 300, "half", true],
    ["half", 240, 300, "peek", true],
    ["peek", 240, 500, "peek", true],
    // 50 px or less is a tap, left to the click.
    ["peek", 300, 250, "peek", false],
    ["half", 300, 350, "half", false],
    ["full", 300, 300, "full", false],
  ])("%p from %p to %p", (height, start, end, expected, swiped) => {
    expect(afterSwipe(height, start, end)).toEqual({ height: expected, swiped });
  });

  it("takes the spec's 50 px threshold", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(afterSwipe("peek", 300, 300 - 51).swiped).toBe(true);
    expect(afterSwipe("peek", 300, 300 - 50).swiped).toBe(false);
  });
});

describe("handleLabel", () => {
  it("names what a tap does at each height", () => {
    expect(handleLabel.peek).toBe("Show more of the school list");
    expect(handleLabel.half).toBe("Show the whole school list");
    expect(handleLabel.full).toBe("Fold the school list");
  });
});
