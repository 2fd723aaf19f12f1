import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { hitRate, hitRateAlone, peekRate } from "./rate-limit";

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-rate-limit-"));
  database = await openDatabase(`file:${join(dir, "rate.db")}`);
  await migrate(database.client);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 10, 22, 12);

describe("hitRate", () => {
  it("counts hits sent at once exactly: each gets its own count, and only the first `limit` pass", async () => {
    const rule = { key: "test:parallel", limit: 20, windowMs: 60_000 };
    const states = await Promise.all(Array.from({ length: 50 }, () => hitRate(database.db, rule, NOW)));
    expect(states.filter((s) => s.allowed)).toHaveLength(20);
    expect(states.map((s) => s.remaining).sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: 30 }, () => 0),
      ...Array.from({ length: 20 }, (_, i) => i),
    ]);
    expect((await peekRate(database.db, rule, NOW)).remaining).toBe(0);
  });

  it("keeps keys and windows apart within one batch of hits", async () => {
    const a = { key: "test:a", limit: 2, windowMs: 60_000 };
    const b = { key: "test:b", limit: 2, windowMs: 60_000 };
    const [a1, b1, a2, aNext] = await Promise.all([
      hitRate(database.db, a, NOW),
      hitRate(database.db, b, NOW),
      hitRate(database.db, a, NOW),
      hitRate(database.db, a, NOW + 60_000),
    ]);
    expect([a1?.remaining, b1?.remaining, a2?.remaining, aNext?.remaining]).toEqual([1, 1, 0, 1]);
  });

  it("counts one counter's hits sent at once on top of its count, each in the order asked", async () => {
    const rule = { key: "test:burst", limit: 10, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await hitRate(database.db, rule, NOW);
    const states = await Promise.all(Array.from({ length: 9 }, () => hitRate(database.db, rule, NOW)));
    expect(states.map((s) => s.remaining)).toEqual([6, 5, 4, 3, 2, 1, 0, 0, 0]);
    expect(states.map((s) => s.allowed)).toEqual([true, true, true, true, true, true, true, false, false]);
    const [row] = (
      await database.client.execute({
        sql: "SELECT count FROM rate_counters WHERE key = ?",
        args: [rule.key],
      })
    ).rows;
    expect(Number(row?.[0])).toBe(12);
  });

  it("counts a hit written alone in the same counter", async () => {
    const rule = { key: "test:alone", limit: 3, windowMs: 60_000 };
    await hitRate(database.db, rule, NOW);
    expect((await hitRateAlone(database.db, rule, NOW)).remaining).toBe(1);
  });
});
