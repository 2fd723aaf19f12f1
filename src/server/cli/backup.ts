import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Database } from "../../db/client";

/**
 * Writes a consistent copy of a live local database with VACUUM INTO, which reads
 * one snapshot while writers carry on. Remote (sqld/Turso) databases have their own
 * backups, so this refuses them rather than pretending.
 */
export async function backupDatabase(database: Database, target: string): Promise<string> {
  if (!database.isLocalFile) {
    throw new Error("backup works on a local database file; use your libSQL server's own backups");
  }
  const path = resolve(target);
  if (existsSync(path)) throw new Error(`${path} already exists; choose a new file name`);
  await database.client.execute({ sql: "VACUUM INTO ?", args: [path] });
  return path;
}
