import { Database as Sqlite } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { localPath } from "../../db/client";
import { MIGRATED_BY_KEY, SchemaTooNewError, unknownMigrations } from "../../db/migrate";
import { migrationJournal } from "../../db/migrations/index";
import type { Env } from "../env";
import { servingCopies } from "../features/backups/server-mark";
import { checkDatabaseFile, isSqliteFile, stamp } from "../features/backups/service";

/** A restore that was refused before anything changed; main prints the message alone. */
export class RestoreRefusedError extends Error {}

const nonEmpty = (path: string) => existsSync(path) && statSync(path).size > 0;

export interface Restored {
  target: string;
  /** The database that was replaced, kept beside it; null when there was none. */
  restorePoint: string | null;
  /** Migrations the next start applies to the restored file (it came from an older OpenMat). */
  pending: number;
}

/** The local database file DATABASE_URL names, or a refusal naming why restore cannot work. */
function targetOf(env: Env): string {
  const path = localPath(env.DATABASE_URL);
  if (path === null || path === "" || path === ":memory:" || env.DATABASE_SYNC_URL) {
    throw new RestoreRefusedError(
      `restore replaces a local database file (DATABASE_URL=file:PATH), not ${env.DATABASE_URL}${env.DATABASE_SYNC_URL ? " with DATABASE_SYNC_URL" : ""}; for sqld or Turso use their own restore (README, Backups and restore). Nothing was changed.`,
    );
  }
  return resolve(path);
}

/** Checks `source` as a copy beside the target: the file restored is exactly the file checked. */
async function checkedCopy(
  source: string,
  target: string,
  at: Date,
  binary: string,
): Promise<{ copy: string; pending: number }> {
  const copy = join(dirname(target), `.${basename(target)}.restoring-${stamp(at)}`);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, copy);
  try {
    const check = checkDatabaseFile(copy, MIGRATED_BY_KEY);
    if (!check.ok) {
      throw new RestoreRefusedError(
        `${source} fails its integrity check (${check.problem}). Nothing was changed.`,
      );
    }
    if (check.migrations === null) {
      throw new RestoreRefusedError(
        `${source} is an SQLite database but not OpenMat's (it has no migrations table). Nothing was changed.`,
      );
    }
    const unknown = unknownMigrations(check.migrations);
    if (unknown.length) throw new SchemaTooNewError(unknown, check.migratedBy, binary, source);
    const last = Math.max(-1, ...check.migrations);
    return { copy, pending: migrationJournal.entries.filter((entry) => entry.when > last).length };
  } catch (error) {
    await rm(copy, { force: true });
    throw error;
  } finally {
    await rm(`${copy}-wal`, { force: true });
    await rm(`${copy}-shm`, { force: true });
  }
}

/** Folds the current database's WAL into it when it opens; a damaged one is kept as it is. */
function foldWal(target: string) {
  try {
    const db = new Sqlite(target, { readwrite: true, create: false });
    try {
      db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      db.close();
    }
  } catch {
    // Kept with its -wal beside it instead (see keepRestorePoint).
  }
}

/** Renames the current database (and a WAL it could not fold) to `<db>.before-restore-<stamp>`. */
async function keepRestorePoint(target: string, at: Date): Promise<string | null> {
  if (!existsSync(target)) {
    await rm(`${target}-wal`, { force: true });
    await rm(`${target}-shm`, { force: true });
    return null;
  }
  foldWal(target);
  const point = `${target}.before-restore-${stamp(at)}`;
  if (existsSync(point))
    throw new RestoreRefusedError(`${point} already exists; try again in a second. Nothing was changed.`);
  await rename(target, point);
  if (nonEmpty(`${target}-wal`)) await rename(`${target}-wal`, `${point}-wal`);
  // No stale WAL or shared-memory index may stay beside the restored file.
  await rm(`${target}-wal`, { force: true });
  await rm(`${target}-shm`, { force: true });
  return point;
}

/**
 * `openmat restore FILE`: puts a backup in place of the local database. Refuses, changing
 * nothing, a file that is not an SQLite database, fails its integrity check, is not
 * OpenMat's or comes from a newer schema, and any restore while a server runs on the
 * database (its serving mark, features/backups/server-mark.ts). The replaced database is
 * kept beside it as a restore point. A file from an older schema is fine: the next start
 * migrates it.
 */
export async function restoreDatabase(
  env: Env,
  file: string,
  binary: string,
  at = new Date(),
): Promise<Restored> {
  const target = targetOf(env);
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) {
    throw new RestoreRefusedError(`No file at ${source}. Nothing was changed.`);
  }
  if (source === target)
    throw new RestoreRefusedError(`${source} is the database itself. Nothing was changed.`);
  if (!isSqliteFile(source)) {
    throw new RestoreRefusedError(`${source} is not an SQLite database. Nothing was changed.`);
  }
  if (nonEmpty(`${source}-wal`)) {
    throw new RestoreRefusedError(
      `${source} has a write-ahead log beside it (${source}-wal): it is a live database or half of one. Make a backup of it with \`openmat backup FILE\` and restore that. Nothing was changed.`,
    );
  }
  const serving = servingCopies(target);
  if (serving.length) {
    const who = serving.map((copy) => `pid ${copy.pid} on ${copy.host}`).join(", ");
    throw new RestoreRefusedError(
      `A server is running on ${target} (${who}). Stop every copy first (e.g. systemctl stop openmat), then restore. Nothing was changed.`,
    );
  }
  const { copy, pending } = await checkedCopy(source, target, at, binary);
  let restorePoint: string | null;
  try {
    restorePoint = await keepRestorePoint(target, at);
  } catch (error) {
    await rm(copy, { force: true });
    throw error;
  }
  await rename(copy, target);
  return { target, restorePoint, pending };
}
