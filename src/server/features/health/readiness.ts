import type { Client } from "@libsql/client";
import type { NotReadyReason } from "../../../common/schemas/operations";
import type { JobRunner } from "../../jobs/runner";
import type { Logger } from "../../log";
import { databaseAnswers, migrationsCurrent } from "./queries";

/** Ticks the jobs runner may miss before the copy is not ready (a blocked event loop, a stopped timer). */
export const MISSED_TICKS = 5;
/** A database slower than this to answer one statement counts as not answering. */
export const DATABASE_TIMEOUT_MS = 2_000;

export interface ReadinessDeps {
  client: Client;
  jobs: Pick<JobRunner, "lastTick">;
  logger: Logger;
}

export type Readiness = { ready: true } | { ready: false; reason: NotReadyReason };

class TimedOut extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this copy should get traffic: the database answers, it has every migration
 * this binary carries (read once; once current it stays so, as migrations only go
 * forward), and the jobs runner ticked within the last few ticks.
 */
export function readinessCheck({ client, jobs, logger }: ReadinessDeps): () => Promise<Readiness> {
  let migrated = false;
  return async () => {
    try {
      if (migrated) await within(DATABASE_TIMEOUT_MS, databaseAnswers(client));
      else migrated = await within(DATABASE_TIMEOUT_MS, migrationsCurrent(client));
    } catch (error) {
      logger.warn("readiness: the database did not answer", { error: String(error) });
      return { ready: false, reason: "database" };
    }
    if (!migrated) return { ready: false, reason: "migrations" };
    const { at, everyMs } = jobs.lastTick();
    if (at === undefined || performance.now() - at > MISSED_TICKS * everyMs) {
      return { ready: false, reason: "jobs" };
    }
    return { ready: true };
  };
}
