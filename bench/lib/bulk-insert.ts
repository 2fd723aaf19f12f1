import { Database, type SQLQueryBindings } from "bun:sqlite";

/**
 * A bench seed's fast path into a SQLite file, for the sizes of `BENCH_SCALE=10` (millions of
 * rows): one bun:sqlite connection, `synchronous=OFF` and `journal_mode=MEMORY` (a crashed seed
 * leaves a file to throw away, which a bench file is), every row in one transaction through a
 * prepared multi-row INSERT, and the triggers dropped while it runs. The triggers (migration
 * 0027's per-table versions: each row written bumps an `app_meta` row, one UPDATE per row)
 * are read from sqlite_master first and recreated at `close()`, and each table written is
 * then bumped once, as one write would. The file's journal mode is put back at the end.
 */
export interface Bulk {
  /** The connection, for the seed's own reads (inside the transaction: they see its rows). */
  db: Database;
  /** Inserts `rows` (each `columns` values) with `head` = "INSERT INTO t (a, b, …)". */
  insert(head: string, columns: number, rows: Iterable<readonly SQLQueryBindings[]>): number;
  /** A sink that buffers rows and flushes them in full statements; `end()` writes the rest. */
  sink(head: string, columns: number): { add(row: readonly SQLQueryBindings[]): void; end(): number };
  close(): void;
}

// SQLite allows 32,766 bound values a statement; 500 rows a statement is past the point of gain.
const MAX_VALUES = 30_000;
const MAX_ROWS = 500;

export function openBulk(file: string): Bulk {
  const db = new Database(file);
  const journal = String((db.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode);
  // Out of WAL first; then the rollback journal in memory (bun:sqlite's SQLite is built
  // defensive, which refuses journal_mode=OFF).
  db.exec("PRAGMA journal_mode=DELETE");
  db.exec("PRAGMA journal_mode=MEMORY");
  db.exec("PRAGMA synchronous=OFF");
  db.exec("PRAGMA cache_size=-262144"); // 256 MB: the indexes of millions of rows stay in memory
  const triggers = db.query("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as {
    name: string;
    sql: string;
  }[];
  for (const t of triggers) db.exec(`DROP TRIGGER "${t.name}"`);
  db.exec("BEGIN");
  const written = new Set<string>();

  const sink = (head: string, columns: number) => {
    written.add(/INSERT\s+(?:OR\s+\w+\s+)?INTO\s+[`"]?(\w+)/i.exec(head)?.[1] ?? "");
    const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns)));
    const tuple = `(${Array(columns).fill("?").join(", ")})`;
    const statement = (rows: number) => db.prepare(`${head} VALUES ${Array(rows).fill(tuple).join(", ")}`);
    const full = statement(perStatement);
    let buffer: SQLQueryBindings[] = [];
    let count = 0;
    return {
      add(row: readonly SQLQueryBindings[]) {
        if (row.length !== columns) throw new Error(`${head}: ${row.length} values, ${columns} expected`);
        buffer.push(...row);
        count++;
        if (buffer.length === perStatement * columns) {
          full.run(...buffer);
          buffer = [];
        }
      },
      end() {
        if (buffer.length) statement(buffer.length / columns).run(...buffer);
        buffer = [];
        full.finalize();
        return count;
      },
    };
  };

  return {
    db,
    sink,
    insert(head, columns, rows) {
      const s = sink(head, columns);
      for (const row of rows) s.add(row);
      return s.end();
    },
    close() {
      db.exec("COMMIT");
      for (const t of triggers) db.exec(t.sql);
      const bump = db.prepare("UPDATE app_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'v:' || ?");
      for (const table of written) if (table) bump.run(table);
      db.exec(`PRAGMA journal_mode=${journal}`);
      db.close();
    },
  };
}
