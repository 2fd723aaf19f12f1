import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "./client";
import { MIGRATED_BY_KEY, migrate, pendingMigrations, SchemaTooNewError, schemaVersion } from "./migrate";
import { migrationJournal } from "./migrations/index";

const dirs: string[] = [];
const opened: Database[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freshFile(): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), "openmat-guard-"));
  dirs.push(dir);
  const database = await openDatabase(`file:${join(dir, "guard.db")}`);
  opened.push(database);
  return database;
}

const tags = migrationJournal.entries.map((entry) => entry.tag);
const NEWER = 4_102_444_800_000; // a migration made in 2100

describe("the upgrade guard", () => {
  it("names the last migration as the schema version", () => {
    expect(schemaVersion()).toBe(tags.at(-1) as string);
    expect(schemaVersion()).toMatch(/^\d{4}_/);
  });

  it("records which build migrated, and a database migrated by a newer one is refused untouched", async () => {
    const { client } = await freshFile();
    expect(await pendingMigrations(client)).toEqual(tags);
    expect(await migrate(client, { by: "openmat 9.9.9 (commit abc, schema x)" })).toBe(tags.length);
    expect(await pendingMigrations(client)).toEqual([]);
    const recorded = await client.execute({
      sql: "SELECT value FROM app_meta WHERE key = ?",
      args: [MIGRATED_BY_KEY],
    });
    expect(recorded.rows[0]?.[0]).toBe("openmat 9.9.9 (commit abc, schema x)");

    await client.execute({
      sql: 'INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)',
      args: ["from-the-future", NEWER],
    });
    const snapshot = async () =>
      (
        await client.execute(
          "SELECT (SELECT count(*) FROM __drizzle_migrations), (SELECT group_concat(key || value) FROM app_meta)",
        )
      ).rows[0];
    const before = await snapshot();
    for (const attempt of [
      () => migrate(client, { by: "openmat 0.1.0 (commit def, schema 0025_x)" }),
      () => pendingMigrations(client, "openmat 0.1.0 (commit def, schema 0025_x)"),
    ]) {
      const error = await attempt().catch((e) => e);
      expect(error).toBeInstanceOf(SchemaTooNewError);
      expect(error.message).toContain("migrated by a newer OpenMat, openmat 9.9.9 (commit abc, schema x)");
      expect(error.message).toContain(
        "1 migration(s) that openmat 0.1.0 (commit def, schema 0025_x) does not know",
      );
      expect(error.message).toContain("Nothing was changed");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("without a record, names the unknown migration by when it was made", async () => {
    const { client } = await freshFile();
    await migrate(client);
    await client.execute({
      sql: 'INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)',
      args: ["x", NEWER],
    });
    const error = await migrate(client).catch((e) => e);
    expect(error.message).toContain("its latest migration was made 2100-01-01T00:00:00.000Z");
    expect(error.message).toContain(`this binary (schema ${schemaVersion()}) does not know`);
  });

  it("lists only the migrations newer than the journal's last as pending", async () => {
    const { client } = await freshFile();
    await migrate(client);
    const keep = migrationJournal.entries[tags.length - 4]?.when as number;
    await client.execute({ sql: "DELETE FROM __drizzle_migrations WHERE created_at > ?", args: [keep] });
    expect(await pendingMigrations(client)).toEqual(tags.slice(-3));
  });
});
