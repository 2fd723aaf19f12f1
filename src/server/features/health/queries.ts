import type { Client } from "@libsql/client";
import { migrationJournal } from "../../../db/migrations/index";

/** drizzle's journal table, as src/db/migrate.ts keeps it. */
const MIGRATIONS_TABLE = "__drizzle_migrations";

/** The newest migration this binary carries (its `when`, the journal's key). */
const newestCarried = Math.max(-1, ...migrationJournal.entries.map((entry) => entry.when));

/**
 * True when the database has applied every migration this binary carries: its newest
 * journal row is at least the newest one here (a newer copy may have applied more).
 */
export async function migrationsCurrent(client: Client): Promise<boolean> {
  const result = await client.execute(`SELECT max(created_at) FROM ${MIGRATIONS_TABLE}`);
  const applied = result.rows[0]?.[0];
  return applied !== null && applied !== undefined && Number(applied) >= newestCarried;
}

/** The cheapest statement that proves the database answers. */
export async function databaseAnswers(client: Client): Promise<void> {
  await client.execute("SELECT 1");
}
