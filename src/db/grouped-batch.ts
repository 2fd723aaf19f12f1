import type { ResultSet } from "@libsql/client";
import type { Db } from "./client";
import { perTurn } from "./per-turn";
import type { RawStatement } from "./raw-statement";

interface WaitingBatch {
  statements: readonly RawStatement[];
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
}

const addBatch = perTurn(writeWaiting);

/**
 * The libSQL client's `batch(statements, "write")`, committed together with the batches other
 * requests ask for in the same turn of the event loop: one transaction, so one BEGIN and one
 * COMMIT (and each page they share, such as an index's last leaf, written to the WAL once)
 * for all of them. A commit cost a check-in as much as its insert and feed card together.
 *
 * Each caller's statements still run in the order given, one after the other, and each
 * caller gets its own answers. Callers are served in the order they asked, so it reads as
 * if their batches ran one after another. When the joint batch fails (one caller's unique
 * index, say), nothing of it was written, and each caller's batch runs again on its own:
 * each gets its own answer or error, as if it had been sent alone. Nobody is answered
 * before the commit that holds their writes.
 */
export function batchTogether(db: Db, statements: readonly RawStatement[]): Promise<ResultSet[]> {
  return new Promise<ResultSet[]>((resolve, reject) => {
    addBatch(db, { statements, resolve, reject });
  });
}

async function writeAlone(db: Db, batch: WaitingBatch) {
  try {
    batch.resolve(await db.$client.batch([...batch.statements], "write"));
  } catch (error) {
    batch.reject(error);
  }
}

async function writeWaiting(db: Db, waiting: WaitingBatch[]): Promise<void> {
  const [first, ...rest] = waiting;
  if (!first) return;
  if (rest.length === 0) return writeAlone(db, first);
  let results: ResultSet[];
  try {
    results = await db.$client.batch(
      waiting.flatMap((batch) => batch.statements),
      "write",
    );
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
