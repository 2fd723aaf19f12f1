import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../db/client";
import { batchTogether } from "../../db/grouped-batch";
import { migrate } from "../../db/migrate";
import { rawStatement } from "../../db/raw-statement";
import { chargeStatement, isOverLimit, withLimitCharged } from "./charged-write";
import { HttpError } from "./errors";
import { windowOf } from "./rate-limit";

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-charged-write-"));
  database = await openDatabase(`file:${join(dir, "charged.db")}`);
  await migrate(database.client);
  await database.client.execute("CREATE TABLE written (what TEXT NOT NULL UNIQUE)");
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 10, 29, 15);
let seq = 0;
const ruleOf = (limit: number) => ({ key: `test:charged:${++seq}`, limit, windowMs: 3_600_000 });
const insert = (what: string) => rawStatement("INSERT INTO written (what) VALUES (?)", [what]);
const written = async (prefix: string) =>
  Number(
    (
      await database.client.execute({
        sql: "SELECT count(*) FROM written WHERE what LIKE ?",
        args: [`${prefix}%`],
      })
    ).rows[0]?.[0],
  );
/** The counter as stored: past the limit too, as every refused attempt is counted. */
const countOf = async (rule: ReturnType<typeof ruleOf>) =>
  Number(
    (
      await database.client.execute({
        sql: "SELECT coalesce(sum(count), 0) FROM rate_counters WHERE key = ? AND window_start = ?",
        args: [rule.key, windowOf(rule, NOW)],
      })
    ).rows[0]?.[0],
  );

/** A write as a service makes one: the charge (when given) first in its one batch. */
const write = (what: string) => async (charge: ReturnType<typeof chargeStatement> | null) => {
  await batchTogether(database.db, [...(charge ? [charge] : []), insert(what)]);
  return what;
};

describe("the charge statement", () => {
  it("counts one event and aborts its whole transaction once over the cap", async () => {
    const rule = ruleOf(2);
    for (const what of ["c1", "c2"])
      await database.client.batch([chargeStatement(rule, NOW), insert(what)], "write");
    const over = await database.client
      .batch([chargeStatement(rule, NOW), insert("c3")], "write")
      .catch((e) => e);
    expect(isOverLimit(over)).toBe(true);
    expect(await written("c")).toBe(2);
    expect(await countOf(rule)).toBe(2);
  });
});

describe("withLimitCharged", () => {
  it("of writes sent at once, exactly the limit commit; the rest are the spec's 429 and write nothing", async () => {
    const rule = ruleOf(3);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => withLimitCharged(database.db, rule, NOW, write(`burst${i}`))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused.map((e) => (e instanceof HttpError ? e.status : e))).toEqual(Array(5).fill(429));
    expect(await written("burst")).toBe(3);
    // The refused ones counted too (alone, after their batch was rolled back), none twice.
    expect(await countOf(rule)).toBe(8);
  });

  it("counts a write refused with an HttpError alone, and answers 429 once over", async () => {
    const rule = ruleOf(2);
    const refuse = () => Promise.reject(new HttpError(400, "Too far"));
    const first = await withLimitCharged(database.db, rule, NOW, refuse).catch((e) => e);
    expect(first.status).toBe(400);
    await withLimitCharged(database.db, rule, NOW, write("refused-ok"));
    const third = await withLimitCharged(database.db, rule, NOW, refuse).catch((e) => e);
    expect(third.status).toBe(429);
    expect(await countOf(rule)).toBe(3);
  });

  it("counts a 409 of the write's own unique index (its batch rolled back) once", async () => {
    const rule = ruleOf(5);
    await withLimitCharged(database.db, rule, NOW, write("dup"));
    const again = await withLimitCharged(database.db, rule, NOW, async (charge) => {
      try {
        return await write("dup")(charge);
      } catch {
        throw new HttpError(409, "Already");
      }
    }).catch((e) => e);
    expect(again.status).toBe(409);
    expect(await countOf(rule)).toBe(2);
  });

  it("passes other errors on without counting them (a server fault is not the member's attempt)", async () => {
    const rule = ruleOf(5);
    const failure = await withLimitCharged(database.db, rule, NOW, () =>
      Promise.reject(new Error("disk")),
    ).catch((e) => e);
    expect(failure.message).toBe("disk");
    expect(await countOf(rule)).toBe(0);
  });

  it("keeps another counter's write in the same turn when one is over its limit", async () => {
    const [over, fine] = [ruleOf(1), ruleOf(1)];
    await withLimitCharged(database.db, over, NOW, write("turn-over-0"));
    const [a, b] = await Promise.allSettled([
      withLimitCharged(database.db, over, NOW, write("turn-over-1")),
      withLimitCharged(database.db, fine, NOW, write("turn-fine")),
    ]);
    expect(a.status).toBe("rejected");
    expect(b.status).toBe("fulfilled");
    expect(await written("turn-fine")).toBe(1);
    expect(await written("turn-over")).toBe(1);
  });

  it("once a counter is seen over its limit, later attempts in its window are counted up front", async () => {
    const rule = ruleOf(1);
    await withLimitCharged(database.db, rule, NOW, write("front-0"));
    const over = await withLimitCharged(database.db, rule, NOW, write("front-1")).catch((e) => e);
    expect(over.status).toBe(429);
    let called = false;
    const again = await withLimitCharged(database.db, rule, NOW, async () => {
      called = true;
    }).catch((e) => e);
    expect(again.status).toBe(429);
    // Refused before the write was asked: no batch of its own to fail the others' with.
    expect(called).toBe(false);
    expect(await countOf(rule)).toBe(3);
    // The next window starts afresh, its charge in the write's batch again.
    let charged: unknown = null;
    await withLimitCharged(database.db, rule, NOW + 3_600_000, async (charge) => {
      charged = charge;
    });
    expect(charged).not.toBeNull();
  });
});
