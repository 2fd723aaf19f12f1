import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "./client";
import { batchTogether } from "./grouped-batch";
import { rawStatement } from "./raw-statement";

let dir: string;
let database: Database;
let batches = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-grouped-batch-"));
  database = await openDatabase(`file:${join(dir, "db.sqlite")}`);
  await database.client.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
  const batch = database.client.batch.bind(database.client);
  database.client.batch = ((...args: Parameters<typeof batch>) => {
    batches++;
    return batch(...args);
  }) as typeof batch;
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (name: string) =>
  rawStatement("INSERT INTO items (name) VALUES (?) RETURNING id, name", [name]);
const countOf = (name: string) => rawStatement("SELECT count(*) AS n FROM items WHERE name = ?", [name]);
const names = async () =>
  (await database.client.execute("SELECT name FROM items ORDER BY id")).rows.map((r) => String(r[0]));

describe("batchTogether", () => {
  it("commits the batches asked for in one turn as one, each answered with its own results in order", async () => {
    const before = batches;
    const answers = await Promise.all(
      ["a", "b", "c"].map((name) => batchTogether(database.db, [insert(name), countOf(name)])),
    );
    expect(batches - before).toBe(1);
    expect(answers.map(([rows, count]) => [rows?.rows[0]?.name, Number(count?.rows[0]?.n)])).toEqual([
      ["a", 1],
      ["b", 1],
      ["c", 1],
    ]);
    expect(await names()).toEqual(["a", "b", "c"]);
  });

  it("runs a later caller's statements after an earlier caller's, as if one after the other", async () => {
    const [, [counted]] = await Promise.all([
      batchTogether(database.db, [insert("d")]),
      batchTogether(database.db, [countOf("d")]),
    ]);
    expect(Number(counted?.rows[0]?.n)).toBe(1);
  });

  it("when one caller's batch fails, the others are written alone and it alone gets the error, writing nothing", async () => {
    const before = batches;
    const settled = await Promise.allSettled([
      batchTogether(database.db, [insert("e")]),
      batchTogether(database.db, [insert("f"), insert("a")]),
      batchTogether(database.db, [insert("g")]),
    ]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    // The joint batch, then each again on its own.
    expect(batches - before).toBe(4);
    expect(await names()).toEqual(["a", "b", "c", "d", "e", "g"]);
  });

  it("two batches that collide with each other: the first is written, the second refused", async () => {
    const settled = await Promise.allSettled([
      batchTogether(database.db, [insert("h")]),
      batchTogether(database.db, [insert("h")]),
    ]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected"]);
    expect((await names()).filter((n) => n === "h")).toHaveLength(1);
  });

  it("a batch asked for alone is sent as it is", async () => {
    const before = batches;
    const [inserted] = await batchTogether(database.db, [insert("i")]);
    expect(inserted?.rows[0]?.name).toBe("i");
    expect(batches - before).toBe(1);
  });
});
