import type { Client } from "@libsql/client";
import type { Db } from "../../../db/client";
import type { Logger } from "../../log";
import { mailQueueStats } from "../mail/service";
import { notificationsLag } from "../notifications/service";
import { communityCounts } from "./queries";
import { createMetrics, type Metrics, type Sample } from "./registry";
import { timeStatements } from "./statements";

export type { Metrics } from "./registry";

/** This copy's metrics, with every call of `client` to the database timed. */
export function instrumentedMetrics(client: Client): Metrics {
  const metrics = createMetrics();
  timeStatements(client, metrics.statement);
  return metrics;
}

export interface ScrapeDeps {
  db: Db;
  metrics: Metrics;
  /** Live event streams open on this copy now. */
  liveStreams: () => number;
  now: () => Date;
  logger: Logger;
}

const secondsSince = (now: Date, then: Date | null) =>
  then ? Math.max(0, (now.getTime() - then.getTime()) / 1000) : 0;

/** The database's part of a scrape, or null (and a warning) when it does not answer. */
async function databaseSample({ db, now, logger }: ScrapeDeps): Promise<Sample["database"]> {
  try {
    const [counts, mail, lag] = await Promise.all([
      communityCounts(db),
      mailQueueStats(db),
      notificationsLag(db),
    ]);
    const at = now();
    return {
      ...counts,
      mailQueueDepth: mail.depth,
      mailQueueOldestSeconds: secondsSince(at, mail.oldest),
      notificationsLagEvents: lag.events,
      notificationsLagSeconds: secondsSince(at, lag.oldest),
    };
  } catch (error) {
    logger.warn("metrics: the database did not answer", { error: String(error) });
    return null;
  }
}

/**
 * One scrape: the counters kept since start-up, and gauges read now. A database that does
 * not answer leaves its gauges out (openmat_database_up 0) rather than failing the scrape,
 * so the request and job counters are still collected while it is down.
 */
export async function scrape(deps: ScrapeDeps): Promise<string> {
  const database = await databaseSample(deps);
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  return deps.metrics.render({
    liveStreams: deps.liveStreams(),
    memory: { rss, heapUsed, heapTotal },
    database,
  });
}
