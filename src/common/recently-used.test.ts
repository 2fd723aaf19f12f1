import { describe, expect, it } from "bun:test";
import { RecentlyUsed } from "./recently-used";

describe("RecentlyUsed", () => {
  it("keeps at most its size, dropping the least recently used", () => {
    const kept = new RecentlyUsed<string, number>(3);
    kept.set("a", 1);
    kept.set("b", 2);
    kept.set("c", 3);
    expect(kept.get("a")).toBe(1);
    kept.set("d", 4);
    expect(kept.size).toBe(3);
    expect(kept.get("b")).toBeUndefined();
    expect([kept.get("a"), kept.get("c"), kept.get("d")]).toEqual([1, 3, 4]);
  });

  it("keeps what is asked for while more keys than it holds go by once each", () => {
    const kept = new RecentlyUsed<number, string>(100);
    kept.set(-1, "hot");
    for (let i = 0; i < 1000; i++) {
      kept.set(i, String(i));
      if (i % 50 === 0) expect(kept.get(-1)).toBe("hot");
    }
    expect(kept.get(-1)).toBe("hot");
    expect(kept.get(0)).toBeUndefined();
  });

  it("a key set again takes its new value and does not count twice", () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set("a", 1);
    kept.set("a", 2);
    kept.set("b", 3);
    expect([kept.size, kept.get("a"), kept.get("b")]).toEqual([2, 2, 3]);
  });
});
