import { describe, expect, test } from "bun:test";
import { answerRange, type RangeAnswer } from "./byte-range";

const SIZE = 1000;
const range = (start: number, end: number): RangeAnswer => ({ kind: "range", range: { start, end } });

describe("answerRange", () => {
  test("sends the whole body without a Range header or with another unit", () => {
    expect(answerRange(null, SIZE)).toEqual({ kind: "full" });
    expect(answerRange("items=0-5", SIZE)).toEqual({ kind: "full" });
  });

  test("reads first-last, open-ended and suffix ranges, clamped to the body", () => {
    expect(answerRange("bytes=0-126", SIZE)).toEqual(range(0, 126));
    expect(answerRange("bytes=990-", SIZE)).toEqual(range(990, 999));
    expect(answerRange("bytes=-100", SIZE)).toEqual(range(900, 999));
    expect(answerRange("bytes=-5000", SIZE)).toEqual(range(0, 999));
    expect(answerRange("bytes=500-5000", SIZE)).toEqual(range(500, 999));
  });

  test("merges overlapping and adjacent ranges; disjoint ones get the whole body", () => {
    expect(answerRange("bytes=50-149, 0-99", SIZE)).toEqual(range(0, 149));
    expect(answerRange("bytes=0-9,10-19", SIZE)).toEqual(range(0, 19));
    expect(answerRange("bytes=0-9,100-109", SIZE)).toEqual({ kind: "full" });
  });

  test("refuses malformed ranges and ones that start past the end", () => {
    for (const header of ["bytes=abc", "bytes=10-5", "bytes=-", "bytes=", "bytes=1000-", "bytes=-0"]) {
      expect(answerRange(header, SIZE)).toEqual({ kind: "unsatisfiable" });
    }
  });

  test("drops a part past the end when another part fits", () => {
    expect(answerRange("bytes=2000-3000,0-9", SIZE)).toEqual(range(0, 9));
  });
});
