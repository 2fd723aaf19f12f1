import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Db } from "./client";
import { perTurn } from "./per-turn";

export type BatchStatements = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

interface WaitingBatch {
  statements: BatchStatements;
  resolve: (results: readonly unknown[]) => void;
  reject: (error: unknown) => void;
}

const addBatch = perTurn(writeWaiting);

/**
 * `db.batch(statements)`, committed together with the batches other requests ask for in the
 * same turn of the event loop: one transaction, so one BEGIN and one COMMIT (and each page
 * they share, such as an index's last leaf, written to the WAL once) for all of them. A
 * commit cost a check-in as much as its insert and feed card together.
 *
 * Each caller's statements still run in the order given, one after the other, and each
 * caller gets its own answers. Callers are served in the order they asked, so it reads as
 * if their batches ran one after another. When the joint batch fails (one caller's unique
 * index, say), nothing of it was written, and each caller's batch runs again on its own:
 * each gets its own answer or error, as if it had been sent alone. Nobody is answered
 * before the commit that holds their writes.
 */
export function batchTogether<T extends BatchStatements>(db: Db, statements: T): Promise<BatchResponse<T>> {
  return new Promise<readonly unknown[]>((resolve, reject) => {
    addBatch(db, { statements, resolve, reject });
  }) as unknown as Promise<BatchResponse<T>>;
}

async function writeAlone(db: Db, batch: WaitingBatch) {
  try {
    batch.resolve(await db.batch(batch.statements));
  } catch (error) {
    batch.reject(error);
  }
}

async function writeWaiting(db: Db, waiting: WaitingBatch[]): Promise<void> {
  const [first, ...rest] = waiting;
  if (!first) return;
  if (rest.length === 0) return writeAlone(db, first);
  let results: readonly unknown[];
  try {
    results = await db.batch(waiting.flatMap((batch) => batch.statements) as unknown as BatchStatements);
  } catch {
    for (const batch of waiting) await writeAlone(db, batch);
    return;
  }
  let at = 0;
  for (const batch of waiting) {
    batch.resolve(results.slice(at, at + batch.statements.length));
    at += batch.statements.length;
  }
}
