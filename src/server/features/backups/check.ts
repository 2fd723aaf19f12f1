import { Database } from "bun:sqlite";
import { closeSync, openSync, readSync } from "node:fs";

const SQLITE_HEADER = "SQLite format 3\0";

/** Whether the file starts with SQLite's header (a text file, an image or an empty file does not). */
export function isSqliteFile(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.toString("latin1") === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

export type FileCheck =
  | {
      ok: true;
      /** The migrations journal's created_at values; null when the file has no journal. */
      migrations: number[] | null;
      /** app_meta's schema.migrated_by, when the build that migrated it recorded itself. */
      migratedBy: string | null;
    }
  | { ok: false; problem: string };

/**
 * `PRAGMA integrity_check` on a database file that no one else has open (a backup just
 * written, a file about to be restored), then what its migrations journal holds. Reads
 * only; a corrupt file answers with SQLite's own words for the damage.
 */
export function checkDatabaseFile(path: string, migratedByKey: string): FileCheck {
  let db: Database | undefined;
  try {
    db = new Database(path, { readwrite: true, create: false });
    const rows = db.query("PRAGMA integrity_check").values() as [string][];
    const answer = rows.map((row) => String(row[0]));
    if (answer.length !== 1 || answer[0] !== "ok") {
      return { ok: false, problem: answer.slice(0, 3).join("; ") || "no answer" };
    }
    const hasJournal = db
      .query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get();
    const migrations = hasJournal
      ? (db.query("SELECT created_at FROM __drizzle_migrations").values() as [unknown][]).map((r) =>
          Number(r[0]),
        )
      : null;
    const hasMeta = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'app_meta'").get();
    const meta = hasMeta
      ? (db.query("SELECT value FROM app_meta WHERE key = ?").get(migratedByKey) as { value: string } | null)
      : null;
    return { ok: true, migrations, migratedBy: meta?.value ?? null };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  } finally {
    db?.close();
  }
}
