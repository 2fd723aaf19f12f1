import { RecentlyUsed } from "../../common/recently-used";
import type { Db } from "../../db/client";
import { type RawStatement, rawStatement } from "../../db/raw-statement";
import { driverErrorWhere } from "../../db/unique-violation";
import { HttpError } from "./errors";
import { chargeRate, type RateRule, windowOf } from "./rate-limit";

/*
 * A limit counted inside the write it limits. A route's limit (`hitRate`) is a write and a
 * commit of its own before the request's write; for a check-in that was a tenth of its
 * cost. Here the count is one statement at the head of the write's own batch: migration
 * 0033's `rate_limit_charges` view adds one to the counter and aborts the transaction when
 * the count is then over the cap. The count and the write commit together or not at all.
 */

const CHARGE = "INSERT INTO rate_limit_charges (key, window_start, cap) VALUES (?, ?, ?)";
/** The trigger's RAISE text (migration 0033). */
const OVER_LIMIT = "openmat: over the rate limit";

/** The statement that counts one event of `rule`, or aborts its batch over the limit. */
export const chargeStatement = (rule: RateRule, now: number): RawStatement =>
  rawStatement(CHARGE, [rule.key, windowOf(rule, now), rule.limit]);

/** Whether a failed write was aborted by its charge (the driver's error or one it wraps). */
export const isOverLimit = (error: unknown): boolean =>
  driverErrorWhere(error, ({ message }) => typeof message === "string" && message.includes(OVER_LIMIT)) !==
  null;

/**
 * Counters (key and window) this copy has seen over their limit, per database. A refused
 * charge fails the batch it was grouped into (db/grouped-batch.ts), and every other request's
 * batch of that turn then runs again alone; a member who keeps trying is counted up front
 * instead. Only a hint: counted up front is exact too, just a commit of its own.
 */
const refusedByDb = new WeakMap<Db, RecentlyUsed<string, true>>();

function refusedWindows(db: Db) {
  let refused = refusedByDb.get(db);
  if (!refused) {
    refused = new RecentlyUsed<string, true>(4096);
    refusedByDb.set(db, refused);
  }
  return refused;
}

/**
 * Runs `write`, counting one event of `rule` as it goes, exactly as a route's `limit` would
 * (the spec's 429 over the limit, refused attempts counted too):
 * - `write` gets the charge statement to put first in its one batch, or null when the event
 *   was already counted (it then writes without it).
 * - An `HttpError` from `write` must mean nothing of it was committed (a 404 or 400 before its
 *   batch, a 409 from its unique index): the attempt is then counted alone, and answered 429
 *   over the limit, else with that error.
 */
export async function withLimitCharged<T>(
  db: Db,
  rule: RateRule,
  now: number,
  write: (charge: RawStatement | null) => Promise<T>,
): Promise<T> {
  const window = `${windowOf(rule, now)}|${rule.key}`;
  if (refusedWindows(db).get(window)) {
    await chargeRate(db, rule, now);
    return write(null);
  }
  try {
    return await write(chargeStatement(rule, now));
  } catch (error) {
    const over = isOverLimit(error);
    if (!over && !(error instanceof HttpError)) throw error;
    if (over) refusedWindows(db).set(window, true);
    await chargeRate(db, rule, now);
    if (!over) throw error;
  }
  // Over in the batch, yet within the limit alone (its counter pruned meanwhile): counted now.
  return write(null);
}
