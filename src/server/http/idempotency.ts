import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX } from "../../common/idempotency";
import type { Db } from "../../db/client";
import { isReplica } from "../../db/client";
import { HttpError } from "./errors";
import {
  deleteKeysBefore,
  findKey,
  type IdempotencyKey,
  type KeyRow,
  type KeyStatement,
  recordKeyStatement,
  saveAnswer,
} from "./idempotency-queries";

export type { IdempotencyKey, KeyStatement } from "./idempotency-queries";

/**
 * Retries of a write whose answer was lost (a copy died mid-request, the network dropped)
 * must not write it twice. A client sends `Idempotency-Key: <its own id for this action>`
 * with `POST /api/posts`, `POST /api/conversations/{id}/messages` and `POST /api/schools`,
 * and the same key again when it retries. The key is recorded in the same batch as the row
 * the write creates, so the row exists exactly when the key does: a repeat from the same
 * member (later, at once, or through another copy) gets the first answer and creates
 * nothing. Without the header a write works as before.
 */
export { IDEMPOTENCY_HEADER };
/** Long after any client gives up retrying; the jobs runner prunes older keys. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;

export const idempotencyMessages = {
  invalidKey: `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} printable characters`,
  resultGone: "This request was already made, and what it created is gone",
} as const;

const PRINTABLE = new RegExp(`^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The request's key: null without the header, 400 when it is empty, too long or not printable ASCII. */
export function idempotencyKeyOf(request: Request): string | null {
  const value = request.headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return null;
  if (!PRINTABLE.test(value)) throw new HttpError(400, idempotencyMessages.invalidKey);
  return value;
}

export interface IdempotentWrite<T> {
  /**
   * Does the write. `record` (empty without a key) goes into the batch that creates the
   * row, right after the statement that inserts it (see recordKeyStatement).
   */
  create(record: KeyStatement[]): Promise<T>;
  /** The answer for the row an earlier request created, rebuilt; null when it is gone. */
  replay(resourceId: number): Promise<T | null>;
  /** What the write answers on success. */
  status: number;
}

/**
 * The key as another request recorded it, looked up once this one's write failed. An
 * embedded replica pulls first: the other request may have gone through another copy.
 */
async function keyAfterFailure(db: Db, key: IdempotencyKey): Promise<KeyRow | undefined> {
  const local = await findKey(db, key);
  if (local || !isReplica(db.$client)) return local;
  await db.$client.sync();
  return findKey(db, key);
}

/** This copy's writes in progress, per key: a repeat that arrives meanwhile waits for it. */
const inFlight = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * Runs `write` once per key: a key seen before answers what its first request answered
 * (the stored body, or rebuilt from the row it created when the first request has not
 * answered yet, or never did). A repeat arriving on this copy while the first runs waits
 * for it, so it is not refused by what the first is doing (a limit the first used up). On
 * two copies at once, both try; the batch of the second breaks the key's primary key (or
 * finds the first's photos claimed) and is rolled back whole, and it answers the first's
 * result instead.
 */
export async function idempotent<T>(
  db: Db,
  key: IdempotencyKey | null,
  at: Date,
  write: IdempotentWrite<T>,
): Promise<T> {
  if (!key) return write.create([]);
  let flights = inFlight.get(db);
  if (!flights) {
    flights = new Map();
    inFlight.set(db, flights);
  }
  const id = JSON.stringify([key.memberId, key.scope, key.key]);
  for (let running = flights.get(id); running; running = flights.get(id)) {
    try {
      return (await running) as T;
    } catch {
      // The first wrote nothing (a batch either records the key or is rolled back): try.
    }
  }
  const attempt = writeOnce(db, key, at, write);
  flights.set(id, attempt);
  try {
    return await attempt;
  } finally {
    if (flights.get(id) === attempt) flights.delete(id);
  }
}

async function writeOnce<T>(db: Db, key: IdempotencyKey, at: Date, write: IdempotentWrite<T>): Promise<T> {
  const earlier = await findKey(db, key);
  if (earlier) return answerOf(db, key, earlier, write);
  let created: T;
  try {
    created = await write.create([recordKeyStatement(db, key, at)]);
  } catch (error) {
    // Another copy's request with this key went first, and this one was refused by the key
    // or by what the other wrote (its photos are claimed): answer the other's result.
    const first = await keyAfterFailure(db, key);
    if (!first) throw error;
    return answerOf(db, key, first, write);
  }
  await saveAnswer(db, key, write.status, created);
  return created;
}

async function answerOf<T>(db: Db, key: IdempotencyKey, row: KeyRow, write: IdempotentWrite<T>): Promise<T> {
  if (row.response !== null) return JSON.parse(row.response) as T;
  const rebuilt = await write.replay(row.resourceId);
  if (rebuilt === null) throw new HttpError(409, idempotencyMessages.resultGone);
  await saveAnswer(db, key, write.status, rebuilt);
  return rebuilt;
}

/** For the jobs runner (pruneJob): keys older than a day go, `limit` at a time. */
export const pruneIdempotencyKeys = (db: Db, now: Date, limit: number) =>
  deleteKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS), limit);
