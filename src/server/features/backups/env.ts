import * as v from "valibot";
import {
  formatInterval,
  MIN_BACKUP_INTERVAL_MS,
  MIN_TEST_BACKUP_INTERVAL_MS,
  parseInterval,
} from "./interval";

/** The scheduled backups' part of env.ts's list. */
export const backupEnvVars = {
  BACKUP_DIR: {
    description:
      "Folder for scheduled backups of a local database file (openmat-YYYYMMDD-HHMMSS.db, UTC) and a copy of UPLOADS_DIR; unset, no scheduled backups",
    default: "",
  },
  BACKUP_INTERVAL: {
    description: "Time between scheduled backups: 24h, 6h, 30m, 1h30m… (at least 5m)",
    default: "24h",
  },
  BACKUP_KEEP: {
    description: "Scheduled backups kept in BACKUP_DIR; older ones are deleted",
    default: "14",
  },
} as const;

const INTERVAL_SHAPE = "a duration such as 24h, 6h, 30m or 1h30m";

export const backupEnvSchema = {
  BACKUP_DIR: v.string(),
  BACKUP_INTERVAL: v.pipe(
    v.string(),
    v.transform(parseInterval),
    v.number(`BACKUP_INTERVAL must be ${INTERVAL_SHAPE}`),
    v.minValue(MIN_TEST_BACKUP_INTERVAL_MS, `BACKUP_INTERVAL must be ${INTERVAL_SHAPE}`),
  ),
  BACKUP_KEEP: v.pipe(
    v.string(),
    v.transform(Number),
    v.integer("BACKUP_KEEP must be a whole number (how many backups to keep)"),
    v.minValue(1, "BACKUP_KEEP must be 1 or more (how many backups to keep)"),
  ),
};

interface BackupConfig {
  BACKUP_DIR: string;
  BACKUP_INTERVAL: number;
  NODE_ENV: string;
  DATABASE_URL: string;
  DATABASE_SYNC_URL: string;
}

/**
 * What the fields cannot say alone. A remote database with BACKUP_DIR stops the start
 * rather than warning: the operator asked for backups, and a log line is easily missed
 * while they believe they have them.
 */
export function backupEnvProblems(env: BackupConfig, raw: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.BACKUP_INTERVAL < MIN_BACKUP_INTERVAL_MS && env.NODE_ENV !== "test") {
    problems.push(
      `BACKUP_INTERVAL: must be at least ${formatInterval(MIN_BACKUP_INTERVAL_MS)} (got ${JSON.stringify(raw.BACKUP_INTERVAL)})`,
    );
  }
  if (env.BACKUP_DIR && (!env.DATABASE_URL.startsWith("file:") || env.DATABASE_SYNC_URL)) {
    problems.push(
      "BACKUP_DIR: scheduled backups copy a local database file; with sqld, Turso or an embedded replica (DATABASE_SYNC_URL) use the server's own backups (see README, Backups and restore), and unset BACKUP_DIR",
    );
  }
  if (env.BACKUP_DIR && env.DATABASE_URL === "file::memory:") {
    problems.push("BACKUP_DIR: an in-memory database cannot be backed up");
  }
  return problems;
}
