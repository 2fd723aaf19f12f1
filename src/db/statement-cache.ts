import Database from "libsql";
import { RecentlyUsed } from "../common/recently-used";

/** Statements kept per connection; the least recently used is finalized beyond it. */
export const STATEMENTS_PER_CONNECTION = 256;

interface NativeStatement {
  raw(toggle?: boolean): NativeStatement;
  columns(): unknown[];
}
type Prepare = (this: object, sql: string) => NativeStatement;

let installed = false;
// An embedded replica's connection reads through a kept statement what it held before its
// last pull (a session signed out elsewhere stayed valid for good): while a replica is
// open, every statement is prepared afresh.
let replicasOpen = 0;

/** Turns the cache off while an embedded replica is open; call the result when it closes. */
export function bypassStatementCache(): () => void {
  replicasOpen++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    replicasOpen--;
  };
}

/** A `*` in a column list (`SELECT *`, `, t.*`), not `count(*)`. */
const STAR_COLUMNS = /(select|,)\s*(distinct\s+)?("?\w+"?\.)?\*/i;

/**
 * @libsql/client prepares every statement again on every call for a local file, and asks
 * the new statement for its columns twice: on a page that runs a few queries, preparing
 * and describing them cost as much as running them. This keeps each connection's
 * statements by SQL text (bounded, least recently used first out) and remembers what a
 * statement's columns are and whether it returns rows, which never change for one text.
 * SQLite itself re-prepares a kept statement when the schema changes under it.
 */
export function installStatementCache(): void {
  if (installed) return;
  installed = true;
  const proto = (Database as unknown as { prototype: { prepare: Prepare } }).prototype;
  const prepare = proto.prepare;
  const byConnection = new WeakMap<object, RecentlyUsed<string, NativeStatement>>();
  proto.prepare = function cachedPrepare(this: object, sql: string) {
    if (replicasOpen > 0) return prepare.call(this, sql);
    let statements = byConnection.get(this);
    if (!statements) {
      statements = new RecentlyUsed(STATEMENTS_PER_CONNECTION);
      byConnection.set(this, statements);
    }
    const kept = statements.get(sql);
    if (kept) return kept;
    // `SELECT *` (or `t.*`) can grow with the schema (another copy migrating), and a kept
    // statement would describe its old columns: those are never kept, so a hit is never one.
    if (STAR_COLUMNS.test(sql)) return prepare.call(this, sql);
    const statement = remembering(prepare.call(this, sql));
    statements.set(sql, statement);
    return statement;
  };
}

/** A statement's columns and whether it returns data are fixed by its text: ask the engine once. */
function remembering(statement: NativeStatement): NativeStatement {
  const columns = statement.columns.bind(statement);
  const raw = statement.raw.bind(statement);
  let knownColumns: unknown[] | undefined;
  let notAReader: unknown;
  statement.columns = () => {
    knownColumns ??= columns();
    return knownColumns;
  };
  statement.raw = (toggle?: boolean) => {
    if (notAReader) throw notAReader;
    try {
      return raw(toggle);
    } catch (error) {
      // raw() refuses a statement that returns no rows (an INSERT, an UPDATE): that stays true.
      notAReader = error;
      throw error;
    }
  };
  return statement;
}
