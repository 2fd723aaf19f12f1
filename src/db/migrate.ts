import type { Client } from "@libsql/client";
import { isReplica } from "./client";
import { migrationJournal, migrationSql } from "./migrations/index";
import { uniqueViolationOf } from "./unique-violation";

const MIGRATIONS_TABLE = "__drizzle_migrations";
/**
 * One journal row per migration. A batch writes its journal rows before its DDL, so when
 * copies started at once race, every batch after the first breaks this rule on its first
 * statement and is rolled back whole, before any CREATE TABLE could fail on the first's.
 */
const ONCE_INDEX = "__drizzle_migrations_once";
/** Each lost race means another copy applied something: a few rounds always settle it. */
const MAX_ROUNDS = 5;
/** app_meta's record of the build that last applied migrations, named in the upgrade guard's message. */
export const MIGRATED_BY_KEY = "schema.migrated_by";

/** The last migration this code carries: the schema version it expects, e.g. "0025_ratings_from_members". */
export function schemaVersion(): string {
  return migrationJournal.entries.at(-1)?.tag ?? "none";
}

const knownTimes = new Set(migrationJournal.entries.map((entry) => entry.when));

/** The journal's `created_at` values (drizzle-kit's `when` of each migration) this code does not carry. */
export function unknownMigrations(applied: readonly number[]): number[] {
  return applied.filter((when) => !knownTimes.has(when)).sort((a, b) => a - b);
}

/**
 * A database (or a file to restore) that a newer OpenMat migrated: it holds migrations this
 * binary does not know, so this binary must not read, write or migrate it.
 */
export class SchemaTooNewError extends Error {
  constructor(
    readonly unknown: number[],
    readonly migratedBy: string | null,
    binary = `this binary (schema ${schemaVersion()})`,
    subject = "This database",
  ) {
    const latest = new Date(unknown.at(-1) ?? 0).toISOString();
    const theirs = migratedBy
      ? `a newer OpenMat, ${migratedBy}`
      : `a newer OpenMat (its latest migration was made ${latest})`;
    super(
      `${subject} was migrated by ${theirs}: it holds ${unknown.length} migration(s) that ${binary} does not know. ` +
        "Nothing was changed. Run the newer binary, or restore a backup made before the upgrade (openmat restore FILE).",
    );
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("hex");
}

async function lastApplied(client: Client): Promise<number> {
  // A replica reads the journal as the primary has it now, not as of its last pull.
  if (isReplica(client)) await client.sync();
  const last = await client.execute(
    `SELECT created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`,
  );
  return last.rows[0] ? Number(last.rows[0][0]) : -1;
}

/** Every `created_at` in the journal, or null when there is no journal (a new database). */
async function journalTimes(client: Client): Promise<number[] | null> {
  if (isReplica(client)) await client.sync();
  const table = await client.execute({
    sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
    args: [MIGRATIONS_TABLE],
  });
  if (table.rows.length === 0) return null;
  const rows = await client.execute(`SELECT created_at FROM ${MIGRATIONS_TABLE}`);
  return rows.rows.map((row) => Number(row[0]));
}

async function migratedBy(client: Client): Promise<string | null> {
  try {
    const rows = await client.execute({
      sql: "SELECT value FROM app_meta WHERE key = ?",
      args: [MIGRATED_BY_KEY],
    });
    return rows.rows[0] ? String(rows.rows[0][0]) : null;
  } catch {
    return null; // no app_meta table: nothing recorded
  }
}

/**
 * The upgrade guard: throws SchemaTooNewError, having only read, when a newer OpenMat
 * migrated this database. `binary` names this build in the message (see buildLabel).
 */
export async function assertSchemaKnown(client: Client, binary?: string): Promise<void> {
  const unknown = unknownMigrations((await journalTimes(client)) ?? []);
  if (unknown.length) throw new SchemaTooNewError(unknown, await migratedBy(client), binary);
}

/** The tags of the migrations `migrate` would apply, in order; reads only (after the guard). */
export async function pendingMigrations(client: Client, binary?: string): Promise<string[]> {
  await assertSchemaKnown(client, binary);
  const times = await journalTimes(client);
  const last = times?.length ? Math.max(...times) : -1;
  return migrationJournal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}

/** The journal rows first, then every statement of the migrations newer than `after`. */
async function pendingBatch(after: number) {
  const journal: { sql: string; args: (string | number)[] }[] = [];
  const statements: { sql: string }[] = [];
  for (const entry of migrationJournal.entries) {
    if (entry.when <= after) continue;
    const text = migrationSql[entry.tag];
    if (text === undefined) throw new Error(`Migration ${entry.tag} is missing from the index`);
    journal.push({
      sql: `INSERT INTO ${MIGRATIONS_TABLE} ("hash", "created_at") VALUES (?, ?)`,
      args: [await sha256Hex(text), entry.when],
    });
    for (const stmt of text.split("--> statement-breakpoint")) {
      if (stmt.trim()) statements.push({ sql: stmt });
    }
  }
  return { batch: [...journal, ...statements], count: journal.length };
}

const recordMigratedBy = (by: string) => ({
  sql: "INSERT INTO app_meta (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
  args: [MIGRATED_BY_KEY, by, Date.now()],
});

/**
 * Applies drizzle-kit's migrations that are newer than the last one recorded, in one
 * batch. Bookkeeping matches drizzle-orm's own migrator (same table, hash and
 * timestamp), so `drizzle-kit migrate` and this agree on what has run.
 *
 * Safe when several copies start at once on an empty database (a file, sqld or replicas):
 * exactly one applies each migration; the others see the journal's unique rule refuse
 * their batch, read the journal again and find nothing left to do. Returns how many
 * migrations this call applied.
 *
 * First the upgrade guard (assertSchemaKnown): a database a newer OpenMat migrated is left
 * exactly as it is. With `by` (buildLabel()), a batch that applies anything also records
 * in app_meta which build did, so an older binary refused later can name it.
 */
export async function migrate(client: Client, { by }: { by?: string } = {}): Promise<number> {
  await assertSchemaKnown(client, by);
  await client.execute(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
  );
  await client.execute(`CREATE UNIQUE INDEX IF NOT EXISTS ${ONCE_INDEX} ON ${MIGRATIONS_TABLE} (created_at)`);
  for (let round = 1; ; round++) {
    const { batch, count } = await pendingBatch(await lastApplied(client));
    if (count === 0) return 0;
    if (by) batch.push(recordMigratedBy(by));
    try {
      await client.batch(batch, "write");
      // This copy reads the new tables at once, not at its next pull.
      if (isReplica(client)) await client.sync();
      return count;
    } catch (error) {
      // Another copy applied them first (its journal rows are in): look again.
      if (!uniqueViolationOf(error) || round >= MAX_ROUNDS) throw error;
    }
  }
}
