/** A scheduled backup's file name: openmat-YYYYMMDD-HHMMSS.db, in UTC. */
const BACKUP_NAME = /^openmat-\d{8}-\d{6}\.db$/;

const pad = (n: number) => String(n).padStart(2, "0");

/** YYYYMMDD-HHMMSS in UTC, as backup and restore-point names carry it. */
export function stamp(at: Date): string {
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-` +
    `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`
  );
}

export const backupName = (at: Date) => `openmat-${stamp(at)}.db`;

/** Temporary name of a backup being written: hidden, and never matched as a backup. */
export const partialName = (at: Date) => `.${backupName(at)}.partial`;
export const isPartialName = (name: string) => /^\.openmat-\d{8}-\d{6}\.db\.partial$/.test(name);

/**
 * The scheduled backups in a folder's listing that fall beyond the newest `keep`, oldest
 * last. Only names this job writes count: anything else in the folder is never touched.
 */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  const backups = names.filter((name) => BACKUP_NAME.test(name)).sort((a, b) => (a < b ? 1 : -1));
  return backups.slice(Math.max(keep, 1));
}
