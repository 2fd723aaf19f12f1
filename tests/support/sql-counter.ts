import type { Client, InStatement, ResultSet, Transaction } from "@libsql/client";

export interface SqlCounter {
  /** Statements sent since the last `reset()`. */
  n: number;
  /** Rows those statements returned. */
  rows: number;
  /** Their SQL text, in order. */
  sql: string[];
  reset(): void;
}

const textOf = (stmt: InStatement) => (typeof stmt === "string" ? stmt : stmt.sql);

/**
 * Counts the SQL statements the app sends, and the rows they return, by wrapping the one
 * libSQL client it uses (drizzle and the raw queries both go through `execute`, `batch` and
 * `transaction`). Opening a transaction counts as one statement.
 */
export function countStatements(client: Client): SqlCounter {
  const counter: SqlCounter = {
    n: 0,
    rows: 0,
    sql: [],
    reset() {
      counter.n = 0;
      counter.rows = 0;
      counter.sql = [];
    },
  };
  const seen = (stmt: InStatement) => {
    counter.n++;
    counter.sql.push(textOf(stmt));
  };
  const counted = (result: ResultSet) => {
    counter.rows += result.rows.length;
    return result;
  };
  const execute = client.execute.bind(client);
  const batch = client.batch.bind(client);
  const transaction = client.transaction.bind(client);
  client.execute = (async (stmt: InStatement) => {
    seen(stmt);
    return counted(await execute(stmt));
  }) as Client["execute"];
  client.batch = (async (stmts: InStatement[], mode) => {
    for (const stmt of stmts) seen(stmt);
    const results = await batch(stmts, mode);
    for (const result of results) counted(result);
    return results;
  }) as Client["batch"];
  client.transaction = (async (mode) => {
    const tx: Transaction = await transaction(mode);
    const txExecute = tx.execute.bind(tx);
    seen("BEGIN");
    tx.execute = (async (stmt: InStatement) => {
      seen(stmt);
      return counted(await txExecute(stmt));
    }) as Transaction["execute"];
    return tx;
  }) as Client["transaction"];
  return counter;
}

/** Statements among `sql` that read or write the schools or their sessions. */
export const schoolStatements = (sql: readonly string[]) =>
  sql.filter((s) => /\b(from|into|update|join)\s+"?(schools|open_mat_sessions)"?/i.test(s));
