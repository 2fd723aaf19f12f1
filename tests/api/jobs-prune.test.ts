import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@libsql/client";
import {
  pruneEmailVerificationTokens,
  pruneExpiredSessions,
  prunePasswordResetTokens,
} from "../../src/server/features/auth/prune";
import { pruneOldMail } from "../../src/server/features/mail/queries";
import { pruneRateCounters } from "../../src/server/http/rate-limit";
import type { Prune } from "../../src/server/jobs/prune";
import { createTestApp, type TestApp } from "../support/test-app";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const start = new Date("2026-05-01T12:00:00Z").getTime();
let now = start;
let t: TestApp;
let client: Client;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(now) });
  client = t.app.context.database.client;
  const user = await client.execute(
    "insert into users (username, email, password_hash, created_at) values ('pruned', 'p@example.com', 'x', 0) returning id",
  );
  userId = Number(user.rows[0]?.[0]);
});
afterAll(() => t.close());

const run = (sql: string, ...args: (string | number)[]) => client.execute({ sql, args });
const column = async (sql: string) => (await client.execute(sql)).rows.map((r) => String(r[0])).sort();

/** Inserts `n` rows into a table through one recursive SELECT (`i` counts 1..n). */
const insertMany = (n: number, insert: string) =>
  run(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n}) ${insert}`);

const session = (id: string, expiresAt: number) =>
  run(
    "insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, 0)",
    id,
    userId,
    expiresAt,
  );
const resetToken = (hash: string, expiresAt: number, usedAt: number | null = null) =>
  client.execute({
    sql: "insert into password_reset_tokens (token_hash, user_id, expires_at, used_at) values (?, ?, ?, ?)",
    args: [hash, userId, expiresAt, usedAt],
  });
const verifyToken = (hash: string, expiresAt: number) =>
  run(
    "insert into email_verification_tokens (token_hash, user_id, email, expires_at, created_at) values (?, ?, 'v@example.com', ?, 0)",
    hash,
    userId,
    expiresAt,
  );
const counter = (key: string, windowStart: number) =>
  run("insert into rate_counters (key, window_start, count) values (?, ?, 1)", key, windowStart);
const mail = (subject: string, status: string, lastAttemptAt: number) =>
  run(
    "insert into mail_outbox (\"to\", subject, text, status, transport, next_attempt_at, created_at) values ('a@example.com', ?, '', ?, 'smtp', ?, 0)",
    subject,
    status,
    lastAttemptAt,
  );

const idempotencyKey = (key: string, createdAt: number) =>
  run(
    "insert into idempotency_keys (member_id, scope, key, resource_id, created_at) values (?, 'posts', ?, 1, ?)",
    userId,
    key,
    createdAt,
  );

describe("pruning jobs, run by the app's jobs runner", () => {
  it("delete what expired or ended and keep what is live", async () => {
    await session("expired", now - 1);
    await session("expires-now", now);
    await session("live", now + DAY);
    await resetToken("expired", now - 1);
    await resetToken("used", now + 10 * MINUTE, now - MINUTE);
    await resetToken("live", now + 10 * MINUTE);
    await verifyToken("expired", now - 1);
    await verifyToken("live", now + DAY);
    await counter("ended", now - 3 * DAY);
    await counter("yesterday", now - DAY);
    await counter("current", now - (now % HOUR));
    await mail("sent-old", "sent", now - 31 * DAY);
    await mail("failed-old", "failed", now - 31 * DAY);
    await mail("sent-recent", "sent", now - 29 * DAY);
    await mail("pending-old", "pending", now - 40 * DAY);
    await idempotencyKey("day-old", now - DAY - MINUTE);
    await idempotencyKey("recent", now - DAY + MINUTE);

    await t.app.jobs.runDue();

    expect(await column("select id from sessions")).toEqual(["live"]);
    expect(await column("select token_hash from password_reset_tokens")).toEqual(["live"]);
    expect(await column("select token_hash from email_verification_tokens")).toEqual(["live"]);
    expect(await column("select key from rate_counters")).toEqual(["current", "yesterday"]);
    expect(await column("select subject from mail_outbox")).toEqual(["pending-old", "sent-recent"]);
    expect(await column("select key from idempotency_keys")).toEqual(["recent"]);
    expect(await column("select name from job_leases")).toEqual([
      "going:cancellation-mail",
      "going:reminders",
      "message-mail",
      "notifications",
      "prune:domain_events",
      "prune:email_verification_tokens",
      "prune:idempotency_keys",
      "prune:mail_outbox",
      "prune:notifications",
      "prune:occurrence_going",
      "prune:password_reset_tokens",
      "prune:post_photos",
      "prune:rate_counters",
      "prune:schedule_exceptions",
      "prune:sessions",
      "prune:unsubscribe_tokens",
      "prune:upload_tickets",
      "push-enqueue",
      "refresh:day_flags",
      "submissions:release-stale-claims",
    ]);
  });

  it("run again about an hour later, not on every tick", async () => {
    await session("expired-later", now - 1);
    now = start + 30 * MINUTE;
    await t.app.jobs.runDue();
    expect(await column("select id from sessions")).toEqual(["expired-later", "live"]);
    now = start + HOUR;
    await t.app.jobs.runDue();
    expect(await column("select id from sessions")).toEqual(["live"]);
  });

  it("clear a backlog larger than one batch in one run", async () => {
    await insertMany(
      2_500,
      `insert into sessions (id, user_id, expires_at, created_at) select 'old' || i, ${userId}, ${now - 1}, 0 from n`,
    );
    now = start + 2 * HOUR;
    await t.app.jobs.runDue();
    expect(await column("select id from sessions")).toEqual(["live"]);
  });
});

describe("each prune deletes at most its limit", () => {
  const cases: [string, string, Prune][] = [
    [
      "sessions",
      `insert into sessions (id, user_id, expires_at, created_at) select 'b' || i, %u, 0, 0 from n`,
      pruneExpiredSessions,
    ],
    [
      "password_reset_tokens",
      `insert into password_reset_tokens (token_hash, user_id, expires_at) select 'b' || i, %u, 0 from n`,
      prunePasswordResetTokens,
    ],
    [
      "email_verification_tokens",
      `insert into email_verification_tokens (token_hash, user_id, email, expires_at, created_at) select 'b' || i, %u, 'b@example.com', 0, 0 from n`,
      pruneEmailVerificationTokens,
    ],
    [
      "rate_counters",
      "insert into rate_counters (key, window_start, count) select 'b' || i, 0, 1 from n",
      (db, at, limit) => pruneRateCounters(db, at.getTime(), limit),
    ],
    [
      "mail_outbox",
      `insert into mail_outbox ("to", subject, text, status, transport, next_attempt_at, created_at) select 'b@example.com', 'b', '', 'sent', 'smtp', 0, 0 from n`,
      pruneOldMail,
    ],
  ];

  it.each(cases)("%s", async (table, insert, prune) => {
    await run(`delete from ${table}`);
    await insertMany(1_005, insert.replace("%u", String(userId)));
    const db = t.app.context.database.db;
    const at = new Date(start + 100 * DAY);
    expect(await prune(db, at, 1_000)).toBe(1_000);
    expect(Number((await client.execute(`select count(*) from ${table}`)).rows[0]?.[0])).toBe(5);
    expect(await prune(db, at, 1_000)).toBe(5);
    expect(await prune(db, at, 1_000)).toBe(0);
  });
});
