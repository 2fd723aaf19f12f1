import type { Job } from "../../jobs/runner";
import { mirrorUploads, pruneBackups, writeBackup } from "./service";

export const BACKUP_JOB = "backup";

export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
  /** The disk storage's folder; null when photos live in a bucket (backed up by its own means). */
  uploadsDir: string | null;
}

/**
 * The scheduled backup: a periodic job, so among N copies on one database the one that
 * takes the lease writes the backup and the others skip that interval.
 */
export function backupJob({ dir, everyMs, keep, uploadsDir }: BackupSchedule): Job {
  return {
    name: BACKUP_JOB,
    kind: "periodic",
    everyMs,
    async run({ db, now, logger }) {
      const started = Date.now();
      const { file, bytes } = await writeBackup(db.$client, dir, now);
      const deleted = await pruneBackups(dir, keep);
      const photos = uploadsDir ? await mirrorUploads(uploadsDir, `${dir}/uploads`) : 0;
      logger.info("backup written", {
        file,
        bytes,
        ms: Date.now() - started,
        deleted: deleted.join(" ") || undefined,
        photos,
      });
    },
  };
}

/** The job for the env's BACKUP_* settings, or none when BACKUP_DIR is unset. */
export function scheduledBackups(env: {
  BACKUP_DIR: string;
  BACKUP_INTERVAL: number;
  BACKUP_KEEP: number;
  S3_BUCKET: string;
  UPLOADS_DIR: string;
}): Job[] {
  if (!env.BACKUP_DIR) return [];
  return [
    backupJob({
      dir: env.BACKUP_DIR,
      everyMs: env.BACKUP_INTERVAL,
      keep: env.BACKUP_KEEP,
      uploadsDir: env.S3_BUCKET ? null : env.UPLOADS_DIR,
    }),
  ];
}
