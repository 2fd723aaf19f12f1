import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { type Database, openDatabase } from "./client";
import { migrate } from "./migrate";
import { TABLE_VERSIONS_REFRESH_MS, tableVersions, VERSIONED_TABLES, watchWrites } from "./table-versions";

let dir: string;
let database: Database;
/** Another copy of the binary on the same file: its own client, its own clock. */
let other: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-table-versions-"));
  const url = `file:${join(dir, "db.sqlite")}`;
  database = await openDatabase(url);
  await migrate(database.client);
  other = await openDatabase(url);
});
afterAll(async () => {
  await database.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

const addUser = (db: Database, name: string) =>
  db.client.execute({
    sql: "INSERT INTO users (email, username, password_hash, created_at) VALUES (?, ?, 'x', 0)",
    args: [`${name}@example.com`, name],
  });

describe("table versions", () => {
  it("gives every versioned table a row and three triggers", async () => {
    const rows = await database.client.execute("SELECT key FROM app_meta WHERE key LIKE 'v:%'");
    expect(rows.rows.map((r) => String(r[0])).sort()).toEqual(VERSIONED_TABLES.map((t) => `v:${t}`).sort());
    const triggers = await database.client.execute(
      "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, 2) = 'v_'",
    );
    expect(Number(triggers.rows[0]?.[0])).toBe(VERSIONED_TABLES.length * 3);
  });

  it("moves a table's version on this copy's next read after its own write, and no other table's", async () => {
    const before = await tableVersions(database.client, ["users", "posts"]);
    await addUser(database, "alba");
    const after = await tableVersions(database.client, ["users", "posts"]);
    expect(after).not.toBe(before);
    expect(after.split(".")[1]).toBe(before.split(".")[1]);
    // Updates and deletes count too, one per row.
    await database.client.execute("UPDATE users SET city = 'Austin' WHERE username = 'alba'");
    expect(await tableVersions(database.client, ["users"])).not.toBe(after.split(".")[0]);
  });

  it("sees another copy's write within the refresh interval, not before it is asked again", async () => {
    const seen = await tableVersions(database.client, ["users"]);
    await addUser(other, "bruno");
    // Trusted for up to a second: no round trip per request.
    expect(await tableVersions(database.client, ["users"])).toBe(seen);
    await Bun.sleep(TABLE_VERSIONS_REFRESH_MS + 50);
    expect(await tableVersions(database.client, ["users"])).not.toBe(seen);
  });

  it("counts a write made outside any copy (the CLI, sqlite3): the triggers are in the file", async () => {
    const seen = await tableVersions(database.client, ["follows"]);
    const outside = createClient({ url: `file:${join(dir, "db.sqlite")}` });
    await outside.execute("PRAGMA foreign_keys = ON");
    await outside.execute(
      "INSERT INTO follows (follower_id, following_id, created_at) SELECT a.id, b.id, 0 FROM users a, users b WHERE a.username = 'alba' AND b.username = 'bruno'",
    );
    outside.close();
    await Bun.sleep(TABLE_VERSIONS_REFRESH_MS + 50);
    expect(await tableVersions(database.client, ["follows"])).not.toBe(seen);
  });

  it("does not move for writes to tables without a version (sessions, counters)", async () => {
    const seen = await tableVersions(database.client, [...VERSIONED_TABLES]);
    await database.client.execute(
      "INSERT INTO rate_counters (key, window_start, count) VALUES ('probe', 0, 1) ON CONFLICT DO NOTHING",
    );
    expect(await tableVersions(database.client, [...VERSIONED_TABLES])).toBe(seen);
  });

  it("sees its own delete at once in every table the delete reaches through foreign keys", async () => {
    await database.client.execute(
      "INSERT INTO posts (user_id, content, visibility, created_at) SELECT id, 'gone soon', 'Public', 0 FROM users WHERE username = 'bruno'",
    );
    const before = await tableVersions(database.client, ["posts", "follows"]);
    await database.client.execute("DELETE FROM users WHERE username = 'bruno'");
    // No wait: the posts and follows went with the member, in the same statement.
    const after = await tableVersions(database.client, ["posts", "follows"]);
    expect(after.split(".")[0]).not.toBe(before.split(".")[0]);
    expect(after.split(".")[1]).not.toBe(before.split(".")[1]);
  });

  it("sees at once the event a badge award's trigger writes (migration 0032)", async () => {
    const before = await tableVersions(database.client, ["domain_events"]);
    await database.client.execute(
      "INSERT INTO badge_awards (user_id, badge_code, metric_value, awarded_at) SELECT id, 'novice', 1, 5 FROM users WHERE username = 'alba'",
    );
    // No wait: the award's statement wrote the event.
    expect(await tableVersions(database.client, ["domain_events"])).not.toBe(before);
    const events = await database.client.execute(
      "SELECT e.type, e.payload, e.created_at FROM domain_events e JOIN badge_awards a ON a.id = e.subject_id AND a.user_id = e.actor_id",
    );
    expect(events.rows.map((r) => [r[0], r[1], Number(r[2])])).toEqual([
      ["badge.earned", '{"code":"novice"}', 5],
    ]);
  });

  it("reads a long statement's target from its start, and a long WITH as a write of anything", async () => {
    const padding = " ".repeat(200);
    const before = await tableVersions(database.client, ["users", "follows"]);
    await database.client.execute(
      `${padding}UPDATE users SET city = 'Dallas' WHERE username = 'alba' AND '${"x".repeat(300)}' <> ''`,
    );
    const afterUpdate = await tableVersions(database.client, ["users", "follows"]);
    expect(afterUpdate.split(".")[0]).not.toBe(before.split(".")[0]);
    expect(afterUpdate.split(".")[1]).toBe(before.split(".")[1]);
    await database.client.execute(
      `WITH pad AS (SELECT '${"y".repeat(300)}' AS v) UPDATE users SET city = 'Waco' WHERE username = 'alba' AND (SELECT v FROM pad) <> ''`,
    );
    expect(await tableVersions(database.client, ["users"])).not.toBe(afterUpdate.split(".")[0]);
  });

  it("reads the versions again only after a write, not after reads or writes elsewhere", async () => {
    const reads: string[] = [];
    const execute = database.client.execute.bind(database.client);
    database.client.execute = ((statement: string | { sql: string }) => {
      const text = typeof statement === "string" ? statement : statement.sql;
      if (text.includes("app_meta WHERE key >=")) reads.push(text);
      return execute(statement);
    }) as typeof database.client.execute;
    try {
      await tableVersions(database.client, ["users"]);
      reads.length = 0;
      await database.client.execute("WITH t AS (SELECT 1) SELECT * FROM t");
      await database.client.execute("DELETE FROM rate_counters WHERE key = 'nothing'");
      await tableVersions(database.client, ["users"]);
      expect(reads).toHaveLength(0);
      await database.client.execute("UPDATE users SET city = city WHERE username = 'alba'");
      await tableVersions(database.client, ["users"]);
      expect(reads).toHaveLength(1);
    } finally {
      database.client.execute = execute as typeof database.client.execute;
    }
  });

  it("tells a write watch of the statements that may write its tables, and of no others", async () => {
    // Its own client: a watch stays on the client it was set on.
    const watched = await openDatabase(`file:${join(dir, "db.sqlite")}`);
    try {
      let told = 0;
      watchWrites(watched.client, ["sessions", "users"], () => told++);
      const tells = async (statement: string) => {
        const before = told;
        await watched.client.execute(statement);
        return told - before;
      };
      // A read, and writes to other tables (a check-in's counters, a post), tell nothing.
      expect(await tells("SELECT count(*) FROM sessions")).toBe(0);
      expect(await tells("DELETE FROM rate_counters WHERE key = 'nothing'")).toBe(0);
      expect(await tells("UPDATE posts SET content = content WHERE id = -1")).toBe(0);
      // An unversioned table is watched by its name; each write tells before it is sent and once it has run.
      expect(await tells("DELETE FROM sessions WHERE id = 'none'")).toBe(2);
      expect(await tells("UPDATE users SET city = city WHERE id = -1")).toBe(2);
      // A WITH that writes may write anything.
      expect(
        await tells("WITH t AS (SELECT 1) DELETE FROM rate_counters WHERE key IN (SELECT 1 FROM t)"),
      ).toBe(2);
      const batchBefore = told;
      await watched.client.batch([
        "DELETE FROM rate_counters WHERE key = 'x'",
        "DELETE FROM sessions WHERE id = 'x'",
      ]);
      expect(told - batchBefore).toBe(2);
    } finally {
      await watched.close();
    }
  });
});
