import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";

/** One member's key for one route scope. */
export interface IdempotencyKey {
  memberId: number;
  scope: string;
  key: string;
}

export type KeyRow = typeof idempotencyKeys.$inferSelect;

const matches = (k: IdempotencyKey) =>
  and(
    eq(idempotencyKeys.memberId, k.memberId),
    eq(idempotencyKeys.scope, k.scope),
    eq(idempotencyKeys.key, k.key),
  );

/**
 * The statement that records the key, for the batch that creates the row, placed right
 * after the statement that inserted it (an UPDATE between them is fine): the row is
 * `last_insert_rowid()`, and the key is recorded only when that insert added a row
 * (`changes() > 0`). A key recorded already breaks the primary key, which rolls the whole
 * batch back: the created row with it. Its own `changes()` is 1 exactly when it recorded,
 * so a later statement conditioned on the insert's `changes() = 1` reads the same.
 */
export const recordKeyStatement = (db: Tx, k: IdempotencyKey, at: Date) =>
  db.run(sql`INSERT INTO idempotency_keys (member_id, scope, key, resource_id, created_at)
    SELECT ${k.memberId}, ${k.scope}, ${k.key}, last_insert_rowid(), ${at.getTime()}
    WHERE changes() > 0`);

export type KeyStatement = ReturnType<typeof recordKeyStatement>;

export async function findKey(db: Db, k: IdempotencyKey): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(matches(k)).limit(1);
  return row;
}

/** Keeps the answer the first request gave (the first answer saved stays). */
export const saveAnswer = (db: Db, k: IdempotencyKey, status: number, body: unknown) =>
  db
    .update(idempotencyKeys)
    .set({ status, response: JSON.stringify(body) })
    .where(and(matches(k), isNull(idempotencyKeys.response)));

/** Deletes up to `limit` keys recorded before `before`; returns how many. */
export async function deleteKeysBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db.run(sql`
    DELETE FROM idempotency_keys WHERE rowid IN (
      SELECT rowid FROM idempotency_keys WHERE ${lt(idempotencyKeys.createdAt, before)} LIMIT ${limit})`);
  return result.rowsAffected;
}
