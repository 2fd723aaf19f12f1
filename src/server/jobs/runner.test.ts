import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { createLogger, silentLogger } from "../log";
import { pruneJob } from "./prune";
import { createJobRunner, type Job, type JobRunner, WAKE_MIN_MS } from "./runner";

const HOUR = 3_600_000;
const opened: Database[] = [];
const dirs: string[] = [];
const runners: JobRunner[] = [];

afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  for (const d of opened.splice(0)) await d.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A migrated database file, and `copies` clients on it (as N running copies would have). */
async function sharedFile(copies: number): Promise<Database[]> {
  const dir = mkdtempSync(join(tmpdir(), "openmat-jobs-"));
  dirs.push(dir);
  const url = `file:${join(dir, "jobs.db")}`;
  const first = await openDatabase(url);
  await migrate(first.client);
  const all = [first];
  for (let i = 1; i < copies; i++) all.push(await openDatabase(url));
  opened.push(...all);
  return all;
}

function runner(database: Database, jobs: Job[], now: () => Date, logger = silentLogger) {
  const r = createJobRunner({ db: database.db, logger, now, jobs });
  runners.push(r);
  return r;
}

describe("jobs runner", () => {
  it("two copies on one database run a periodic job once per period between them", async () => {
    const [a, b] = await sharedFile(2);
    let now = new Date("2026-05-01T00:00:00Z");
    const clock = () => now;
    const ran: string[] = [];
    const job = (copy: string): Job => ({
      name: "prune:test",
      kind: "periodic",
      everyMs: HOUR,
      run: async () => {
        ran.push(copy);
      },
    });
    const copies = [runner(a as Database, [job("a")], clock), runner(b as Database, [job("b")], clock)];
    const tick = () => Promise.all(copies.map((r) => r.runDue()));

    await tick();
    expect(ran.length).toBe(1);
    await tick();
    now = new Date(now.getTime() + HOUR / 2);
    await tick();
    expect(ran.length).toBe(1);
    now = new Date(now.getTime() + HOUR / 2);
    await tick();
    await tick();
    expect(ran.length).toBe(2);
    now = new Date(now.getTime() + HOUR);
    await Promise.all([tick(), tick()]);
    expect(ran.length).toBe(3);

    const lease = await (a as Database).client.execute("select leased_until, last_run_at from job_leases");
    expect(Number(lease.rows[0]?.leased_until)).toBe(now.getTime() + HOUR);
    expect(Number(lease.rows[0]?.last_run_at)).toBe(now.getTime());
  });

  it("a restarted copy waits for the lease its previous run took", async () => {
    const [db] = (await sharedFile(1)) as [Database];
    const now = new Date("2026-05-01T00:00:00Z");
    let runs = 0;
    const job: Job = { name: "p", kind: "periodic", everyMs: HOUR, run: async () => void runs++ };
    await runner(db, [job], () => now).runDue();
    await runner(db, [job], () => new Date(now.getTime() + HOUR - 1)).runDue();
    expect(runs).toBe(1);
    await runner(db, [job], () => new Date(now.getTime() + HOUR)).runDue();
    expect(runs).toBe(2);
  });

  it("queue jobs run on every copy at every due tick, without a lease", async () => {
    const [a, b] = (await sharedFile(2)) as [Database, Database];
    let now = new Date("2026-05-01T00:00:00Z");
    let runs = 0;
    const queue: Job = { name: "mail", kind: "queue", everyMs: 1000, run: async () => void runs++ };
    const copies = [runner(a, [queue], () => now), runner(b, [queue], () => now)];
    await Promise.all(copies.map((r) => r.runDue()));
    await copies[0]?.runDue();
    expect(runs).toBe(2);
    now = new Date(now.getTime() + 1000);
    await Promise.all(copies.map((r) => r.runDue()));
    expect(runs).toBe(4);
    expect((await a.client.execute("select count(*) from job_leases")).rows[0]?.[0]).toBe(0);
  });

  it("logs a failing job and runs the others; the failed one waits for its next period", async () => {
    const [db] = (await sharedFile(1)) as [Database];
    let now = new Date("2026-05-01T00:00:00Z");
    const lines: string[] = [];
    const logger = createLogger("info", (line) => lines.push(line));
    let good = 0;
    let bad = 0;
    const jobs: Job[] = [
      {
        name: "bad",
        kind: "periodic",
        everyMs: HOUR,
        run: async () => {
          bad++;
          throw new Error("disk on fire");
        },
      },
      { name: "good", kind: "queue", everyMs: 1000, run: async () => void good++ },
    ];
    const r = runner(db, jobs, () => now, logger);
    await r.runDue();
    now = new Date(now.getTime() + 1000);
    await r.runDue();
    expect({ good, bad }).toEqual({ good: 2, bad: 1 });
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "job failed");
    expect(failure).toMatchObject({ level: "error", job: "bad", error: "Error: disk on fire" });
    now = new Date(now.getTime() + HOUR);
    await r.runDue();
    expect(bad).toBe(2);
  });

  it("stop() waits for a running job and the timer runs nothing after it", async () => {
    const [db] = (await sharedFile(1)) as [Database];
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finished = false;
    let runs = 0;
    const slow: Job = {
      name: "slow",
      kind: "queue",
      everyMs: 1,
      run: async () => {
        runs++;
        started();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished = true;
      },
    };
    const r = runner(db, [slow], () => new Date());
    r.start(5);
    await running;
    const stopped = r.stop().then(() => finished);
    release();
    expect(await stopped).toBe(true);
    const after = runs;
    await Bun.sleep(30);
    expect(runs).toBe(after);
  });

  it("wake runs a job at once only when started", async () => {
    const [db] = (await sharedFile(1)) as [Database];
    let runs = 0;
    const queue: Job = { name: "mail", kind: "queue", everyMs: HOUR, run: async () => void runs++ };
    const r = runner(db, [queue], () => new Date("2026-05-01T00:00:00Z"));
    r.wake("mail");
    await r.stop();
    expect(runs).toBe(0);
    r.start(HOUR);
    await r.runDue(); // waits for the start's run
    r.wake("mail");
    await r.stop();
    expect(runs).toBe(2);
  });
  it("wakes close together run the job once between them; a wake after a quiet spell runs at once", async () => {
    const [db] = (await sharedFile(1)) as [Database];
    let runs = 0;
    const queue: Job = { name: "mail", kind: "queue", everyMs: HOUR, run: async () => void runs++ };
    const r = runner(db, [queue], () => new Date("2026-05-01T00:00:00Z"));
    r.start(HOUR);
    await r.runDue();
    expect(runs).toBe(1);
    for (let i = 0; i < 20; i++) r.wake("mail");
    expect(runs).toBe(1);
    await Bun.sleep(WAKE_MIN_MS + 50);
    expect(runs).toBe(2);
    await Bun.sleep(WAKE_MIN_MS + 20);
    r.wake("mail");
    expect(runs).toBe(3);
    // A wake put off when the runner stops still runs.
    r.wake("mail");
    await r.stop();
    expect(runs).toBe(4);
  });
});

describe("pruneJob", () => {
  it("deletes batch after batch until a batch comes back short, and logs the total", async () => {
    const [db] = (await sharedFile(1)) as [Database];
    const lines: string[] = [];
    let left = 25;
    const calls: number[] = [];
    const job = pruneJob(
      "things",
      async (_db, _now, limit) => {
        calls.push(limit);
        const n = Math.min(limit, left);
        left -= n;
        return n;
      },
      { batch: 10 },
    );
    expect(job).toMatchObject({ name: "prune:things", kind: "periodic" });
    const logger = createLogger("info", (line) => lines.push(line));
    await runner(db, [job], () => new Date(), logger).runDue();
    expect(calls).toEqual([10, 10, 10]);
    expect(left).toBe(0);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ msg: "pruned", table: "things", rows: 25 });
  });
});
