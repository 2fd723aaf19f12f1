import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import parse from "parse-prometheus-text-format";
import { metricsTexts } from "../../src/common/schemas/operations";
import { appendEvent } from "../../src/server/events/store";
import { createMetrics } from "../../src/server/features/metrics/registry";
import { createJobRunner } from "../../src/server/jobs/runner";
import { silentLogger } from "../../src/server/log";
import { histogramBuckets, METRICS_TOKEN, sampleOf, scrape, scrapeFrom, sumOf } from "../support/metrics";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it("answers the Prometheus text format, and counts requests by route template, never by path", async () => {
    const before = await scrape(t);
    expect(before.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    const counted = (families: typeof before.families) =>
      sumOf(families, "openmat_http_requests_total", { route: "/users/:userId", method: "GET" });

    await t.request("/users/1");
    await t.request("/users/2");
    const after = await scrape(t);

    expect(counted(after.families) - counted(before.families)).toBe(2);
    // One label for both ids: no series names a raw path.
    expect(after.text).not.toContain('route="/users/1"');
    expect(after.text).not.toContain('route="/users/2"');
    const buckets = histogramBuckets(after.text, "openmat_http_request_duration_seconds", {
      route: "/users/:userId",
      method: "GET",
    });
    expect(buckets.get("+Inf")).toBeGreaterThanOrEqual(2);
    expect(after.families.find((f) => f.name === "openmat_http_request_duration_seconds")?.type).toBe(
      "HISTOGRAM",
    );
  });

  it("counts a path no route takes, and a client's made-up method, under one bounded label each", async () => {
    await t.request("/no/such/page/7");
    await t.request("/no/such/page/8");
    await t.request("/api/users/12345/whatever", { method: "BREW" });
    const { text, families } = await scrape(t);
    expect(
      sampleOf(families, "openmat_http_requests_total", { route: "unmatched", method: "GET" }),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain("/no/such/page");
    expect(text).not.toContain("BREW");
  });

  it("reports database statements and their time, the community's counts, the mail queue and memory", async () => {
    const member = await registerMember(t, "metrics");
    expect(member.id).toBeGreaterThan(0);
    const { families } = await scrape(t);
    expect(sampleOf(families, "openmat_db_statements_total", { kind: "execute" })).toBeGreaterThan(0);
    expect(sampleOf(families, "openmat_db_statement_seconds_total", { kind: "execute" })).toBeGreaterThan(0);
    const members = Number(
      (await t.app.context.database.client.execute("SELECT count(*) FROM users")).rows[0]?.[0],
    );
    expect(sampleOf(families, "openmat_members")).toBe(members);
    expect(sampleOf(families, "openmat_schools")).toBe(0);
    expect(sampleOf(families, "openmat_submissions_pending")).toBe(0);
    // The sign-up's verification mail waits in the outbox: no job has sent it.
    expect(sampleOf(families, "openmat_mail_queue_depth")).toBeGreaterThanOrEqual(1);
    expect(sampleOf(families, "openmat_mail_queue_oldest_seconds")).toBeGreaterThanOrEqual(0);
    expect(sampleOf(families, "openmat_live_streams")).toBe(0);
    expect(sampleOf(families, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
    expect(sampleOf(families, "process_heap_used_bytes")).toBeGreaterThan(0);
    expect(sampleOf(families, "openmat_database_up")).toBe(1);
  });

  it("shows the notification consumer's lag until it runs, and counts the job runs", async () => {
    const db = t.app.context.database.db;
    const [a, b] = [await registerMember(t, "lagA"), await registerMember(t, "lagB")];
    await t.app.jobs.runDue();
    const [insert] = appendEvent(db, {
      type: "follow.created",
      actorId: a.id,
      subjectId: b.id,
      at: new Date(Date.now() - 30_000),
    });
    await db.batch([insert]);
    const behind = (await scrape(t)).families;
    expect(sampleOf(behind, "openmat_notifications_lag_events")).toBeGreaterThanOrEqual(1);
    expect(sampleOf(behind, "openmat_notifications_lag_seconds")).toBeGreaterThanOrEqual(29);

    // The consumer runs every 500 ms: the runs above made it due again only after that.
    await Bun.sleep(600);
    await t.app.jobs.runDue();
    const caughtUp = (await scrape(t)).families;
    expect(sampleOf(caughtUp, "openmat_notifications_lag_events")).toBe(0);
    expect(sampleOf(caughtUp, "openmat_notifications_lag_seconds")).toBe(0);
    expect(sampleOf(caughtUp, "openmat_job_runs_total", { job: "notifications" })).toBeGreaterThanOrEqual(2);
    expect(sampleOf(caughtUp, "openmat_job_runs_total", { job: "mail" })).toBeGreaterThanOrEqual(1);
  });

  it("counts each job's runs and failures by its name", async () => {
    const metrics = createMetrics();
    const queue = (name: string, run: () => Promise<void>) => ({
      name,
      kind: "queue" as const,
      everyMs: 0,
      run,
    });
    const runner = createJobRunner({
      db: t.app.context.database.db,
      logger: silentLogger,
      now: () => new Date(),
      onRun: metrics.job,
      jobs: [
        queue("fine", async () => {}),
        queue("broken", async () => {
          throw new Error("the job failed");
        }),
      ],
    });
    await runner.runDue();
    await runner.runDue();
    const sample = { liveStreams: 0, memory: { rss: 1, heapUsed: 1, heapTotal: 1 }, database: null };
    const families = parse(await metrics.render(sample));
    expect(sampleOf(families, "openmat_job_runs_total", { job: "fine" })).toBe(2);
    expect(sampleOf(families, "openmat_job_failures_total", { job: "fine" })).toBeUndefined();
    expect(sampleOf(families, "openmat_job_runs_total", { job: "broken" })).toBe(2);
    expect(sampleOf(families, "openmat_job_failures_total", { job: "broken" })).toBe(2);
    // A scrape whose database reads failed leaves their gauges out instead of failing.
    expect(sampleOf(families, "openmat_database_up")).toBe(0);
    expect(families.some((f) => f.name === "openmat_members")).toBe(false);
  });

  it("refuses a missing or wrong token with 401 and says what it needs, from loopback too", async () => {
    for (const [peer, token] of [
      ["203.0.113.9", undefined],
      ["203.0.113.9", "wrong-token-0123456789abcdef"],
      ["203.0.113.9", `${METRICS_TOKEN}x`],
      ["127.0.0.1", undefined],
    ] as const) {
      const res = await scrapeFrom(t, peer, token);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({ message: metricsTexts.tokenRequired });
    }
    const basic = await scrapeFrom(t, "203.0.113.9", undefined, {
      authorization: `Basic ${btoa(`metrics:${METRICS_TOKEN}`)}`,
    });
    expect(basic.status).toBe(401);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers this machine (IPv4 and IPv6 loopback) only", async () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const res = await scrapeFrom(t, peer);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("# TYPE openmat_http_requests_total counter");
    }
  });

  it("refuses another client with 403 and tells the operator to set METRICS_TOKEN", async () => {
    for (const peer of ["203.0.113.9", "10.0.0.2"]) {
      const res = await scrapeFrom(t, peer);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: metricsTexts.loopbackOnly });
    }
    // A proxy on this machine relaying someone else: without TRUST_PROXY the loopback peer proves nothing.
    const relayed = await scrapeFrom(t, "127.0.0.1", undefined, { "x-forwarded-for": "198.51.100.4" });
    expect(relayed.status).toBe(403);
    // A token sent anyway opens nothing while none is configured.
    expect((await scrapeFrom(t, "203.0.113.9", "any-token-0123456789abcdef")).status).toBe(403);
  });
});
