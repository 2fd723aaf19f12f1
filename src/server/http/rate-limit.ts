import type { InStatement, ResultSet } from "@libsql/client";
import { sql } from "drizzle-orm";
import { RATE_LIMIT_FALLBACK } from "../../common/rate-limit-body";
import type { Db } from "../../db/client";
import { perTurn } from "../../db/per-turn";
import { rawStatement } from "../../db/raw-statement";
import { HttpError } from "./errors";

export interface RateRule {
  /** What is counted, e.g. `login:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/** The start of the fixed window that holds `now`. */
export const windowOf = (rule: RateRule, now: number) => Math.floor(now / rule.windowMs) * rule.windowMs;

function stateOf(rule: RateRule, count: number, now: number): RateState {
  return {
    allowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfter: Math.max(1, Math.ceil((windowOf(rule, now) + rule.windowMs - now) / 1000)),
  };
}

interface PendingHit {
  key: string;
  windowStart: number;
  resolve: (count: number) => void;
  reject: (error: unknown) => void;
}

const addHit = perTurn(writeHits);

/**
 * Counts one event in the rule's fixed window, in the database so that every running
 * copy shares the count. Allowed while the count stays within the limit.
 *
 * The counts that requests ask for in one turn of the event loop are written together, as
 * one batch (one transaction, one commit), so concurrent searches share the cost of a
 * commit. Hits on the same counter (one member's burst, or many guests behind one address)
 * are one upsert that adds them all; each caller still gets its own count, in the order
 * they asked, as if each had added one. So the limit stays exact.
 */
export async function hitRate(db: Db, rule: RateRule, now: number): Promise<RateState> {
  const count = await new Promise<number>((resolve, reject) => {
    addHit(db, { key: rule.key, windowStart: windowOf(rule, now), resolve, reject });
  });
  return stateOf(rule, count, now);
}

/**
 * One event's upsert, as the libSQL client takes it. Sent without drizzle: every search and
 * every write of a member runs it, and building it through the query builder and its batch
 * cost twice what SQLite takes to run it.
 */
const UPSERT_HIT = `INSERT INTO rate_counters (key, window_start, count) VALUES (?, ?, ?)
  ON CONFLICT (key, window_start) DO UPDATE SET count = count + excluded.count
  RETURNING count`;

const upsertHit = (hit: Pick<PendingHit, "key" | "windowStart">, events = 1) =>
  rawStatement(UPSERT_HIT, [hit.key, hit.windowStart, events]);

const countOf = (result: ResultSet | undefined) => Number(result?.rows[0]?.[0] ?? 1);

/** The counts of the upserts, written in one transaction (one alone commits by itself). */
async function writeUpserts(db: Db, statements: InStatement[]): Promise<number[]> {
  const [only] = statements;
  const results =
    statements.length === 1 && only
      ? [await db.$client.execute(only)]
      : await db.$client.batch(statements, "write");
  return results.map(countOf);
}

/** Counts one event under `rule` (`hitRate`), and answers the spec's 429 once it is over. */
export async function chargeRate(db: Db, rule: RateRule, now: number): Promise<void> {
  const state = await hitRate(db, rule, now);
  if (!state.allowed) throw tooManyRequests(state);
}

/**
 * `hitRate` written at once, on its own statement: for a decoy that must cost what one
 * other write of the request costs (a reset mail for an address with no account).
 */
export async function hitRateAlone(db: Db, rule: RateRule, now: number): Promise<RateState> {
  const [count] = await writeUpserts(db, [upsertHit({ key: rule.key, windowStart: windowOf(rule, now) })]);
  return stateOf(rule, count ?? 1, now);
}

/**
 * One event counted under several rules in one step: a batch of their upserts, one
 * transaction, so every copy's requests come through each rule's counter in the same order.
 * Counted apart, requests racing (on two copies, or a retried busy write) could be early
 * under one rule and late under the other, each refused by one of them: 20 guesses at once
 * let 7 to 10 through instead of the limit. Of requests sent at once, exactly as many pass as the tightest rule allows.
 */
export async function hitRates(db: Db, rules: readonly RateRule[], now: number): Promise<RateState[]> {
  if (rules.length === 0) return [];
  // A batch even for one rule: the same transaction every copy's requests go through.
  const results = await db.$client.batch(
    rules.map((rule) => upsertHit({ key: rule.key, windowStart: windowOf(rule, now) })),
    "write",
  );
  return results.map((result, i) => stateOf(rules[i] as RateRule, countOf(result), now));
}

async function writeHits(db: Db, queue: PendingHit[]): Promise<void> {
  if (queue.length === 0) return;
  try {
    // The hits of each counter, in the order they were asked for.
    const groups = [...Map.groupBy(queue, (hit) => `${hit.windowStart}|${hit.key}`).values()];
    const counts = await writeUpserts(
      db,
      groups.map((hits) => upsertHit(hits[0] as PendingHit, hits.length)),
    );
    for (const [i, total] of counts.entries()) {
      const hits = groups[i] ?? [];
      // The first asked gets the count after its own event, as if each had been written alone.
      for (const [k, hit] of hits.entries()) hit.resolve(total - hits.length + 1 + k);
    }
  } catch (error) {
    for (const hit of queue) hit.reject(error);
  }
}

/**
 * Gives back one event counted by `hitRate` in the same window (a throttle that counts
 * before it acts and then learns the event should not count, such as a correct password).
 */
export async function releaseRate(db: Db, rule: RateRule, now: number): Promise<void> {
  await db.run(sql`
    UPDATE rate_counters SET count = count - 1
    WHERE key = ${rule.key} AND window_start = ${windowOf(rule, now)} AND count > 0`);
}

/** The rule's state without counting anything. */
export async function peekRate(db: Db, rule: RateRule, now: number): Promise<RateState> {
  const rows = await db.all<{ count: number }>(sql`
    SELECT count FROM rate_counters WHERE key = ${rule.key} AND window_start = ${windowOf(rule, now)}`);
  const count = Number(rows[0]?.count ?? 0);
  return { ...stateOf(rule, count, now), allowed: count < rule.limit };
}

/** Longer than any rule's window (the longest, the search quota, is a day). */
const RATE_COUNTER_KEEP_MS = 2 * 86_400_000;

/**
 * Drops up to `limit` counters whose window has ended (rows do not store their window's
 * length, so: started more than two days ago); returns how many. Run by the jobs runner.
 */
export async function pruneRateCounters(
  db: Db,
  now: number,
  limit: number,
  olderThanMs = RATE_COUNTER_KEEP_MS,
): Promise<number> {
  const result = await db.run(sql`
    DELETE FROM rate_counters WHERE rowid IN (
      SELECT rowid FROM rate_counters WHERE window_start < ${now - olderThanMs} LIMIT ${limit})`);
  return result.rowsAffected;
}

/** The spec's 429: body `{message, retryAfter, limit, remaining}` plus the matching headers. */
export function tooManyRequests(state: RateState, message: string = RATE_LIMIT_FALLBACK.message): HttpError {
  return new HttpError(
    429,
    message,
    { retryAfter: state.retryAfter, limit: state.limit, remaining: state.remaining },
    {
      "retry-after": String(state.retryAfter),
      "x-ratelimit-limit": String(state.limit),
      "x-ratelimit-remaining": String(state.remaining),
    },
  );
}
