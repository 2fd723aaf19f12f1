import type { Db } from "../../db/client";
import type { Job } from "./runner";

/** Pruning runs about hourly across all copies. */
export const PRUNE_EVERY_MS = 60 * 60_000;
/** Rows per DELETE: a huge backlog never holds the write lock for long. */
export const PRUNE_BATCH = 1_000;
/** Batches per run; what is left waits for the next run. */
const MAX_BATCHES = 100;

/**
 * Deletes at most `limit` rows that are no longer needed at `now` and says how many it
 * deleted. Each feature writes its own, next to the table it owns.
 */
export type Prune = (db: Db, now: Date, limit: number) => Promise<number>;

/** A periodic job that runs `prune` batch after batch until a batch comes back short. */
export function pruneJob(
  table: string,
  prune: Prune,
  { everyMs = PRUNE_EVERY_MS, batch = PRUNE_BATCH } = {},
): Job {
  return {
    name: `prune:${table}`,
    kind: "periodic",
    everyMs,
    async run({ db, now, logger }) {
      let total = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const deleted = await prune(db, now, batch);
        total += deleted;
        if (deleted < batch) break;
      }
      if (total) logger.info("pruned", { table, rows: total });
      return total;
    },
  };
}
