import { describe, expect, it } from "bun:test";
import type { Db } from "../../src/db/client";
import { createResultCache, RESULT_CACHE_MAX_BYTES } from "../../src/server/features/schools/result-cache";
import { schoolsChanged } from "../../src/server/features/schools/schools-version";

/** A database that only answers the schools version, which the test sets. */
function fakeDb() {
  const state = { version: "1" };
  const db = { $client: { execute: async () => ({ rows: [[state.version]] }) } } as unknown as Db;
  return { db, state };
}

const request = (gzip = false) =>
  new Request("http://localhost/", gzip ? { headers: { "accept-encoding": "gzip" } } : {});

/** An answer whose JSON is about `bytes` long, and a count of how often it was computed. */
function answer(bytes: number) {
  const calls = { n: 0 };
  const compute = async () => {
    calls.n++;
    return { text: "x".repeat(bytes) };
  };
  return { compute, calls };
}

describe("the result cache", () => {
  it("holds at most its byte budget, dropping the least recently used answers first", async () => {
    const { db } = fakeDb();
    const maxBytes = 20_000;
    const cached = createResultCache(db, { maxBytes, maxEntryBytes: maxBytes });
    const answers = Array.from({ length: 60 }, () => answer(1_000));
    for (const [i, a] of answers.entries()) {
      await cached(request(), `k${i}`, a.compute);
      expect(cached.stats().bytes).toBeLessThanOrEqual(maxBytes);
      if (i > 0) await cached(request(), "k0", (answers[0] as { compute: () => Promise<unknown> }).compute);
    }
    const { entries, bytes } = cached.stats();
    expect(entries).toBeGreaterThan(5);
    expect(entries).toBeLessThan(60);
    expect(bytes).toBeGreaterThan(maxBytes / 2);
    // k0 was asked for all along, so it stayed; k1 is long gone; the newest is still there.
    expect(answers[0]?.calls.n).toBe(1);
    await cached(request(), "k1", (answers[1] as { compute: () => Promise<unknown> }).compute);
    expect(answers[1]?.calls.n).toBe(2);
    await cached(request(), "k59", (answers[59] as { compute: () => Promise<unknown> }).compute);
    expect(answers[59]?.calls.n).toBe(1);
  });

  it("serves but does not keep an answer over the per-answer limit", async () => {
    const { db } = fakeDb();
    const cached = createResultCache(db, { maxBytes: 100_000, maxEntryBytes: 10_000 });
    const big = answer(20_000);
    for (const gzip of [false, true]) {
      const res = await cached(request(gzip), "big", big.compute);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("content-encoding")).toBe(gzip ? "gzip" : null);
      const text = gzip ? Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())) : await res.text();
      expect(typeof text === "string" ? text : new TextDecoder().decode(text)).toContain("x".repeat(20_000));
    }
    expect(big.calls.n).toBe(2);
    expect(cached.stats()).toEqual({ entries: 0, bytes: 0 });
    const small = answer(100);
    await cached(request(), "small", small.compute);
    await cached(request(), "small", small.compute);
    expect(small.calls.n).toBe(1);
    expect(cached.stats().entries).toBe(1);
  });

  it("forgets everything when the schools version moves on", async () => {
    const { db, state } = fakeDb();
    const cached = createResultCache(db);
    const a = answer(10);
    await cached(request(), "a", a.compute);
    await cached(request(), "a", a.compute);
    expect(a.calls.n).toBe(1);
    // This copy wrote schools (another copy's write is seen within a second, see schools-version).
    state.version = "2";
    schoolsChanged(db);
    await cached(request(), "a", a.compute);
    expect(a.calls.n).toBe(2);
    expect(cached.stats().entries).toBe(1);
  });

  it("has a default budget of 32 MB", () => {
    expect(RESULT_CACHE_MAX_BYTES).toBe(32 * 1024 * 1024);
  });
});
