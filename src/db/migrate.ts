import type { Client } from "@libsql/client";
import { migrationJournal, migrationSql } from "./migrations/index";

const MIGRATIONS_TABLE = "__drizzle_migrations";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("hex");
}

/**
 * Applies drizzle-kit's migrations that are newer than the last one recorded, in one
 * batch. Bookkeeping matches drizzle-orm's own migrator (same table, hash and
 * timestamp), so `drizzle-kit migrate` and this agree on what has run.
 */
export async function migrate(client: Client): Promise<number> {
  await client.execute(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
  );
  const last = await client.execute(
    `SELECT created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`,
  );
  const lastApplied = last.rows[0] ? Number(last.rows[0][0]) : -1;
  const statements: { sql: string; args?: (string | number)[] }[] = [];
  let count = 0;
  for (const entry of migrationJournal.entries) {
    if (entry.when <= lastApplied) continue;
    const text = migrationSql[entry.tag];
    if (text === undefined) throw new Error(`Migration ${entry.tag} is missing from the index`);
    for (const stmt of text.split("--> statement-breakpoint")) {
      if (stmt.trim()) statements.push({ sql: stmt });
    }
    statements.push({
      sql: `INSERT INTO ${MIGRATIONS_TABLE} ("hash", "created_at") VALUES (?, ?)`,
      args: [await sha256Hex(text), entry.when],
    });
    count++;
  }
  if (statements.length) await client.batch(statements, "write");
  return count;
}
