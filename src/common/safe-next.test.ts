import { describe, expect, it } from "bun:test";
import { DEFAULT_NEXT, safeNext } from "./safe-next";

const ORIGIN = "https://openmat.example";

// Each attack as it arrives in the query string and as URLSearchParams decodes it.
const attacks = [
  "/%5Cevil.example",
  "/\\evil.example",
  "/%5C%5Cevil.example",
  "/\\\\evil.example",
  "/%09/evil.example",
  "/\t/evil.example",
  "/%0A/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/%5C/evil.example",
  "/\\/evil.example",
  "//evil.example",
  "///evil.example",
  "/..//evil.example",
  "/.//evil.example",
  "https://evil.example",
  "https://evil.example/feed",
  "http://openmat.example/feed",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " /x",
  "/x ",
  "\u0000/x",
  "/x\u0085",
  "/x\u2028",
  "",
];

describe("safeNext", () => {
  for (const next of attacks) {
    it(`refuses ${JSON.stringify(next)}`, () => {
      // A raw form reaches safeNext only after decoding, so check both.
      expect(safeNext(next, ORIGIN)).toBe(DEFAULT_NEXT);
      let decoded = next;
      try {
        decoded = decodeURIComponent(next);
      } catch {}
      expect(safeNext(decoded, ORIGIN)).toBe(DEFAULT_NEXT);
    });
  }

  it("refuses a missing next", () => {
    expect(safeNext(null, ORIGIN)).toBe(DEFAULT_NEXT);
    expect(safeNext(undefined, ORIGIN)).toBe(DEFAULT_NEXT);
  });

  const good: [string, string][] = [
    ["/feed", "/feed"],
    ["/schools/x?y=1#z", "/schools/x?y=1#z"],
    ["/profile?tab=a%20b", "/profile?tab=a%20b"],
    ["https://openmat.example/messages/3", "/messages/3"],
    ["/a/../feed", "/feed"],
  ];
  for (const [next, expected] of good) {
    it(`keeps ${next}`, () => expect(safeNext(next, ORIGIN)).toBe(expected));
  }

  it("what it returns is never read as another host", () => {
    for (const next of [...attacks, ...good.map(([n]) => n)]) {
      const target = safeNext(next, ORIGIN);
      expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
      expect(new URL(target, "http://other.test").host).toBe("other.test");
    }
  });
});
