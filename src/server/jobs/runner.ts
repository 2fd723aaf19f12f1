import type { Db } from "../../db/client";
import type { Logger } from "../log";
import { loggableError } from "../loggable-error";
import { jobLeasedUntil, recordJobRun, takeJobLease } from "./queries";

/** What every job is given: plain values, no app context. */
export interface JobArgs {
  db: Db;
  now: Date;
  logger: Logger;
}

export interface Job {
  name: string;
  /**
   * periodic: a copy runs it only after taking its lease in `job_leases`, so all copies on
   * one database run it about once per `everyMs` between them, never two at once (as long
   * as a run takes less than `everyMs`: keep runs bounded, as pruneJob does).
   * queue: every copy runs it every `everyMs`; the job leases its own rows (the mail
   * outbox leases each mail), so copies share the work instead of repeating it.
   */
  kind: "periodic" | "queue";
  everyMs: number;
  run(args: JobArgs): Promise<unknown>;
}

export interface JobRunner {
  /** Runs every job due now (and waits for ones already running). Tests drive it directly. */
  runDue(): Promise<void>;
  /** Runs a job now when the runner is started, e.g. the outbox right after an enqueue. */
  wake(name: string): void;
  /** One timer per process; each tick runs what is due. */
  start(tickMs?: number): void;
  /** Stops the timer and waits for running jobs to finish. */
  stop(): Promise<void>;
  /**
   * When the runner last looked for due jobs (`performance.now()`, undefined before its
   * first tick), and its tick interval: readiness asks that it ticked within a few.
   */
  lastTick(): { at: number | undefined; everyMs: number };
}

/** What became of one run of a job, for the metrics (a periodic job another copy holds did not run). */
export type JobOutcome = { job: string; ok: boolean; seconds: number };

export const TICK_MS = 1_000;

/**
 * Wakes that come closer together than this run a job once between them: a copy taking
 * thousands of check-ins a second woke the notifications job after each, and ran it (a
 * lease, a read, a record) back to back. A wake after a quiet spell still runs at once.
 */
export const WAKE_MIN_MS = 100;

export function createJobRunner(opts: {
  db: Db;
  logger: Logger;
  now: () => Date;
  jobs: readonly Job[];
  onRun?: (outcome: JobOutcome) => void;
}): JobRunner {
  const { db, logger, now, jobs, onRun } = opts;
  const dueAt = new Map<string, number>();
  const running = new Map<string, Promise<void>>();
  /** When each job's last run began (performance.now()), and the runs wakes have put off. */
  const startedAt = new Map<string, number>();
  const putOff = new Map<string, ReturnType<typeof setTimeout>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let tickedAt: number | undefined;
  let tickMs = TICK_MS;

  /** Runs the job if it is this copy's to run; false when another copy holds its lease. */
  async function attempt(job: Job, at: Date): Promise<boolean> {
    const next = at.getTime() + job.everyMs;
    dueAt.set(job.name, next);
    if (job.kind === "periodic") {
      if (!(await takeJobLease(db, job.name, at, new Date(next)))) {
        // Another copy holds it: look again when that lease runs out, not every tick.
        const until = await jobLeasedUntil(db, job.name);
        if (until) dueAt.set(job.name, until.getTime());
        return false;
      }
    }
    await job.run({ db, now: at, logger });
    if (job.kind === "periodic") await recordJobRun(db, job.name, at);
    logger.debug("job ran", { job: job.name });
    return true;
  }

  function runJob(job: Job): Promise<void> {
    let run = running.get(job.name);
    if (!run) {
      const started = performance.now();
      startedAt.set(job.name, started);
      const outcome = (ok: boolean) =>
        onRun?.({ job: job.name, ok, seconds: (performance.now() - started) / 1000 });
      run = attempt(job, now())
        .then((ran) => {
          if (ran) outcome(true);
        })
        .catch((error) => {
          outcome(false);
          logger.error("job failed", { job: job.name, ...loggableError(error) });
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }
    return run;
  }

  async function runDue(): Promise<void> {
    tickedAt = performance.now();
    const at = now().getTime();
    const due = jobs.filter((job) => running.has(job.name) || (dueAt.get(job.name) ?? 0) <= at);
    await Promise.all(due.map(runJob));
  }

  return {
    runDue,
    wake(name) {
      const job = jobs.find((j) => j.name === name);
      if (!timer || !job || putOff.has(name)) return;
      const wait = (startedAt.get(name) ?? Number.NEGATIVE_INFINITY) + WAKE_MIN_MS - performance.now();
      if (wait <= 0 && !running.has(name)) {
        void runJob(job);
        return;
      }
      // One run for the wakes of the next moment, after the one running now.
      const later = setTimeout(
        () => {
          putOff.delete(name);
          const current = running.get(name);
          if (current) void current.finally(() => runJob(job));
          else void runJob(job);
        },
        Math.max(wait, 0),
      );
      later.unref?.();
      putOff.set(name, later);
    },
    start(everyMs = TICK_MS) {
      if (timer) return;
      tickMs = everyMs;
      timer = setInterval(() => void runDue(), tickMs);
      timer.unref?.();
      void runDue();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      // A run a wake asked for is not dropped: it runs now, once the one running has ended.
      const asked = [...putOff.keys()];
      for (const later of putOff.values()) clearTimeout(later);
      putOff.clear();
      await Promise.all(running.values());
      const wanted = jobs.filter((job) => asked.includes(job.name));
      await Promise.all(wanted.map(runJob));
    },
    lastTick: () => ({ at: tickedAt, everyMs: tickMs }),
  };
}
