import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import Database from "libsql";
import { bypassStatementCache, installStatementCache, STATEMENTS_PER_CONNECTION } from "./statement-cache";

let dir: string;
let client: Client;

beforeAll(async () => {
  installStatementCache();
  dir = mkdtempSync(join(tmpdir(), "openmat-statement-cache-"));
  client = createClient({ url: `file:${join(dir, "cache.db")}` });
  await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
});
afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the statement cache", () => {
  it("gives one statement per SQL text and connection", () => {
    const db = new Database(join(dir, "direct.db"));
    const a = db.prepare("SELECT 1 AS one");
    expect(db.prepare("SELECT 1 AS one")).toBe(a);
    expect(db.prepare("SELECT 2 AS two")).not.toBe(a);
    expect(new Database(join(dir, "direct.db")).prepare("SELECT 1 AS one")).not.toBe(a);
    const count = db.prepare("SELECT count(*) FROM sqlite_master");
    expect(db.prepare("SELECT count(*) FROM sqlite_master")).toBe(count);
    for (const star of [
      "SELECT * FROM sqlite_master",
      "SELECT m.* FROM sqlite_master m",
      "SELECT 1, * FROM sqlite_master",
    ]) {
      expect(db.prepare(star)).not.toBe(db.prepare(star));
    }
    db.close();
  });

  it("prepares every statement afresh while an embedded replica is open", () => {
    const db = new Database(join(dir, "bypass.db"));
    const release = bypassStatementCache();
    expect(db.prepare("SELECT 3 AS three")).not.toBe(db.prepare("SELECT 3 AS three"));
    release();
    release();
    expect(db.prepare("SELECT 3 AS three")).toBe(db.prepare("SELECT 3 AS three"));
  });

  it("answers a kept statement with each call's own arguments, rows and changes", async () => {
    for (const name of ["ana", "bo", "cy"]) {
      const res = await client.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: [name] });
      expect(res.rowsAffected).toBe(1);
    }
    const byName = async (name: string) =>
      (await client.execute({ sql: "SELECT id, name FROM t WHERE name = ?", args: [name] })).rows;
    expect((await byName("bo"))[0]?.name).toBe("bo");
    expect((await byName("cy"))[0]?.name).toBe("cy");
    expect(await byName("nobody")).toHaveLength(0);
  });

  it("keeps working after a statement failed (a unique violation)", async () => {
    const insert = { sql: "INSERT INTO t (name) VALUES (?)", args: ["ana"] };
    await expect(client.execute(insert)).rejects.toThrow(/UNIQUE/);
    const res = await client.execute({ ...insert, args: ["dee"] });
    expect(res.rowsAffected).toBe(1);
  });

  it("reads the columns of `SELECT *` again after the schema grows", async () => {
    const all = "SELECT * FROM t ORDER BY id LIMIT 1";
    expect((await client.execute(all)).columns).toEqual(["id", "name"]);
    await client.execute("ALTER TABLE t ADD COLUMN belt TEXT DEFAULT 'white'");
    const after = await client.execute(all);
    expect(after.columns).toEqual(["id", "name", "belt"]);
    expect(after.rows[0]?.belt).toBe("white");
  });

  it("keeps at most STATEMENTS_PER_CONNECTION statements, dropping the least recently used", () => {
    const db = new Database(join(dir, "bounded.db"));
    const first = db.prepare("SELECT 0");
    for (let i = 1; i <= STATEMENTS_PER_CONNECTION; i++) {
      db.prepare(`SELECT ${i}`);
      // Used again, so it stays.
      if (i === STATEMENTS_PER_CONNECTION - 1) expect(db.prepare("SELECT 1")).toBeDefined();
    }
    expect(db.prepare("SELECT 0")).not.toBe(first);
    db.close();
  });
});
