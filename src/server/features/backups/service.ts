import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Client } from "@libsql/client";
import { MIGRATED_BY_KEY } from "../../../db/migrate";
import { checkDatabaseFile } from "./check";
import { backupName, backupsToDelete, isPartialName, partialName } from "./names";

export { checkDatabaseFile, isSqliteFile } from "./check";
export { stamp } from "./names";

/**
 * Writes a scheduled backup into `dir`: a consistent copy of the live local database
 * (VACUUM INTO reads one snapshot while writers carry on, as `openmat backup` does), under
 * a hidden partial name until `PRAGMA integrity_check` on the copy answers ok, then renamed
 * to openmat-YYYYMMDD-HHMMSS.db. A copy that fails the check is deleted and the run fails.
 * Partials left by a run that died are removed first (runs never overlap: the job's lease).
 */
export async function writeBackup(
  client: Client,
  dir: string,
  at: Date,
): Promise<{ file: string; bytes: number }> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    if (isPartialName(name)) await rm(join(dir, name), { force: true });
  }
  const file = join(dir, backupName(at));
  if (existsSync(file)) throw new Error(`${file} already exists`);
  const partial = join(dir, partialName(at));
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [partial] });
    const check = checkDatabaseFile(partial, MIGRATED_BY_KEY);
    if (!check.ok) throw new Error(`the backup failed its integrity check: ${check.problem}`);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { file, bytes: (await stat(file)).size };
}

/** Deletes the scheduled backups in `dir` beyond the newest `keep`; says which. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const doomed = backupsToDelete(await readdir(dir), keep);
  for (const name of doomed) await rm(join(dir, name), { force: true });
  return doomed;
}

/** The disk storage's own temporary files (storage/disk.ts writes `.<uuid>.tmp`, then renames). */
const isStorageTemp = (name: string) => name.startsWith(".") && name.endsWith(".tmp");

/**
 * Copies the uploaded photos that `to` does not have yet (or has with another size) from
 * `from`, the disk storage's folder with its `.types` tree. Photos are never removed from
 * the copy: every database backup still kept finds the photos its posts name.
 */
export async function mirrorUploads(from: string, to: string): Promise<number> {
  if (!existsSync(from)) return 0;
  let copied = 0;
  const copy = resolve(to) + sep;
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || isStorageTemp(entry.name)) continue;
    const source = join(entry.parentPath, entry.name);
    // BACKUP_DIR inside UPLOADS_DIR: the copy is not copied into itself.
    if (resolve(source).startsWith(copy)) continue;
    const target = join(to, relative(from, source));
    const [have, want] = await Promise.all([stat(target).catch(() => null), stat(source)]);
    if (have?.size === want.size) continue;
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await copyFile(source, partial);
    await rename(partial, target);
    copied++;
  }
  return copied;
}
