import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AnsweredRequest } from "../../http/pipeline";
import type { JobOutcome } from "../../jobs/runner";

/** Seconds: from a cached page (a few ms) to a slow search on a busy server. */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Methods kept as labels; anything else a client sends is counted as `other`. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export type StatementKind = "execute" | "batch";

/** What a scrape reads at that moment; `database` is null when the database did not answer. */
export interface Sample {
  liveStreams: number;
  memory: { rss: number; heapUsed: number; heapTotal: number };
  database: {
    members: number;
    schools: number;
    pendingSubmissions: number;
    mailQueueDepth: number;
    mailQueueOldestSeconds: number;
    notificationsLagEvents: number;
    notificationsLagSeconds: number;
  } | null;
}

export interface Metrics {
  request(answered: AnsweredRequest): void;
  statement(kind: StatementKind, seconds: number): void;
  job(outcome: JobOutcome): void;
  /** The Prometheus text exposition: the counters this copy kept, and `sample`'s gauges. */
  render(sample: Sample): Promise<string>;
  readonly contentType: string;
}

/**
 * This copy's metrics, in a registry of its own (two apps in one process, as in the tests,
 * never mix). Counters live in memory from start-up; gauges are read at each scrape.
 * Every label's values are bounded: route templates, known methods, statuses, job names.
 */
export function createMetrics(): Metrics {
  const kept = new Registry();
  const sampled = new Registry();
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers: [kept] });
  const gauge = (name: string, help: string, registry = sampled) =>
    new Gauge({ name, help, registers: [registry] });

  const requests = counter("openmat_http_requests_total", "HTTP requests answered, by route template", [
    "route",
    "method",
    "status",
  ]);
  const latency = new Histogram({
    name: "openmat_http_request_duration_seconds",
    help: "Time to answer an HTTP request (an event stream: until it opened), by route template",
    labelNames: ["route", "method"],
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [kept],
  });
  const statements = counter("openmat_db_statements_total", "Database calls: one statement, or one batch", [
    "kind",
  ]);
  const statementSeconds = counter("openmat_db_statement_seconds_total", "Time spent in database calls", [
    "kind",
  ]);
  const jobRuns = counter("openmat_job_runs_total", "Background job runs on this copy", ["job"]);
  const jobFailures = counter("openmat_job_failures_total", "Background job runs that failed", ["job"]);
  const jobSeconds = counter("openmat_job_run_seconds_total", "Time spent in background job runs", ["job"]);

  const always = {
    liveStreams: gauge("openmat_live_streams", "Live event streams open on this copy", kept),
    rss: gauge("process_resident_memory_bytes", "Resident memory of the process", kept),
    heapUsed: gauge("process_heap_used_bytes", "JavaScript heap in use", kept),
    heapTotal: gauge("process_heap_total_bytes", "JavaScript heap reserved", kept),
    databaseUp: gauge("openmat_database_up", "1 when this scrape's database reads answered, else 0", kept),
  };
  const fromDatabase = {
    members: gauge("openmat_members", "Member accounts"),
    schools: gauge("openmat_schools", "Schools listed"),
    pendingSubmissions: gauge("openmat_submissions_pending", "Open mat submissions waiting for review"),
    mailQueueDepth: gauge("openmat_mail_queue_depth", "Mails waiting to be sent (due or retrying)"),
    mailQueueOldestSeconds: gauge(
      "openmat_mail_queue_oldest_seconds",
      "Age of the oldest mail waiting to be sent; 0 when none waits",
    ),
    notificationsLagEvents: gauge(
      "openmat_notifications_lag_events",
      "Domain events written after the notification consumer's cursor",
    ),
    notificationsLagSeconds: gauge(
      "openmat_notifications_lag_seconds",
      "Age of the oldest event the notification consumer has still to handle; 0 when caught up",
    ),
  };

  return {
    request({ route, method, status, seconds }) {
      const known = METHODS.has(method) ? method : "other";
      requests.inc({ route, method: known, status: String(status) });
      latency.observe({ route, method: known }, seconds);
    },
    statement(kind, seconds) {
      statements.inc({ kind });
      statementSeconds.inc({ kind }, seconds);
    },
    job({ job, ok, seconds }) {
      jobRuns.inc({ job });
      if (!ok) jobFailures.inc({ job });
      jobSeconds.inc({ job }, seconds);
    },
    async render(sample) {
      always.liveStreams.set(sample.liveStreams);
      always.rss.set(sample.memory.rss);
      always.heapUsed.set(sample.memory.heapUsed);
      always.heapTotal.set(sample.memory.heapTotal);
      always.databaseUp.set(sample.database ? 1 : 0);
      const text = await kept.metrics();
      if (!sample.database) return text;
      for (const [name, value] of Object.entries(sample.database)) {
        fromDatabase[name as keyof typeof fromDatabase].set(value);
      }
      return `${text}\n${await sampled.metrics()}`;
    },
    contentType: kept.contentType,
  };
}
