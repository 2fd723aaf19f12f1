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

/**
 * Applies drizzle-kit's migrations that are newer than the last one recorded, in one
 * batch. Bookkeeping matches drizzle-orm's own migrator (same table, hash and
 * timestamp), so `drizzle-kit migrate` and this agree on what has run.
 *
 * Safe when several copies start at once on an empty database (a file, sqld or replicas):
 * exactly one applies each migration; the others see the journal's unique rule refuse
 * their batch, read the journal again and find nothing left to do. Returns how many
 * migrations this call applied.
 */
export async function migrate(client: Client): Promise<number> {
  await client.execute(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
  );
  await client.execute(`CREATE UNIQUE INDEX IF NOT EXISTS ${ONCE_INDEX} ON ${MIGRATIONS_TABLE} (created_at)`);
  for (let round = 1; ; round++) {
    const { batch, count } = await pendingBatch(await lastApplied(client));
    if (count === 0) return 0;
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
