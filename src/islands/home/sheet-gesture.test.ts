import { describe, expect, it } from "bun:test";
import { afterSwipe } from "./sheet-gesture";

describe("afterSwipe", () => {
  it.each([
    [false, 300, 240, { open: true, swiped: true }],
    [true, 240, 300, { open: false, swiped: true }],
    [true, 300, 240, { open: true, swiped: true }],
    [false, 300, 250, { open: false, swiped: false }],
    [true, 300, 350, { open: true, swiped: false }],
    [true, 300, 300, { open: true, swiped: false }],
  ])("open=%p from %p to %p", (open, start, end, expected) => {
    expect(afterSwipe(open, start, end)).toEqual(expected);
  });
});
