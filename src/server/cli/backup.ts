import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { type Database, localPath, openDatabase } from "../../db/client";

/**
 * Opens the database to back up. Unlike serving, a backup never creates one: a local file
 * that is missing or empty is an error naming the path (so no empty file is left behind).
 */
export async function openDatabaseForBackup(url: string, authToken?: string): Promise<Database> {
  const path = localPath(url);
  if (path !== null) {
    if (path === ":memory:" || path === "") throw new Error(`backup needs a database file, not ${url}`);
    const file = resolve(path);
    if (!existsSync(file)) {
      throw new Error(`No database at ${file} (DATABASE_URL=${url}); nothing was backed up`);
    }
    if (!statSync(file).isFile() || statSync(file).size === 0) {
      throw new Error(`${file} is not a database (DATABASE_URL=${url}); nothing was backed up`);
    }
  }
  return openDatabase(url, authToken);
}

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
