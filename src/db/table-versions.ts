import type { Client, InStatement } from "@libsql/client";
import { writesOf } from "./statement-writes";
import type { VersionedTable } from "./versioned-tables";

export { TABLE_FAMILIES, VERSIONED_TABLES, type VersionedTable } from "./versioned-tables";

/** How long a copy trusts the versions it read before asking the database again. */
export const TABLE_VERSIONS_REFRESH_MS = 1000;

interface Clock {
  /** Told when this copy sends, and again when it has run, a statement that may write their tables. */
  watchers: { tables: ReadonlySet<string>; listener: () => void }[];
  values?: Map<string, string>;
  /** When the read that gave `values` started. */
  readAt: number;
  reading?: { startedAt: number; values: Promise<Map<string, string>> };
  /** When this copy last wrote each table (marked as the statement is sent, and again once it has run). */
  changedAt: Map<string, number>;
  /** The latest of `changedAt`: a read after it is stale for no table. */
  lastWriteAt: number;
}

const clocks = new WeakMap<Client, Clock>();
function clockOf(client: Client): Clock {
  let clock = clocks.get(client);
  if (!clock) {
    clock = {
      watchers: [],
      readAt: Number.NEGATIVE_INFINITY,
      changedAt: new Map(),
      lastWriteAt: Number.NEGATIVE_INFINITY,
    };
    clocks.set(client, clock);
  }
  return clock;
}

// A range on the primary key: `LIKE 'v:%'` would scan the table.
const READ_VERSIONS = "SELECT key, value FROM app_meta WHERE key >= 'v:' AND key < 'v;'";

function refresh(client: Client, clock: Clock, startedAt: number) {
  const values = client.execute(READ_VERSIONS).then(
    (result) => {
      const read = new Map(result.rows.map((row) => [String(row[0]), String(row[1])]));
      if (clock.reading?.values === values) clock.reading = undefined;
      if (startedAt >= clock.readAt) {
        clock.values = read;
        clock.readAt = startedAt;
      }
      return read;
    },
    (error) => {
      if (clock.reading?.values === values) clock.reading = undefined;
      throw error;
    },
  );
  clock.reading = { startedAt, values };
  return values;
}

/**
 * Whether `values` may not show this copy's last write to `table`: they were read before it
 * ended. The triggers move a version in the write's own transaction, so a read begun after
 * the write has run shows it (a write that changed no row moves nothing, and needs nothing).
 */
const stale = (clock: Clock, table: string) =>
  clock.readAt < (clock.changedAt.get(table) ?? Number.NEGATIVE_INFINITY);

/** The key of `tables` in `values`, remembered per list while the values stay the same read. */
const keys = new WeakMap<readonly VersionedTable[], { values: Map<string, string>; key: string }>();
function keyOf(values: Map<string, string>, tables: readonly VersionedTable[]): string {
  const known = keys.get(tables);
  if (known?.values === values) return known.key;
  const key = tables.map((table) => values.get(`v:${table}`) ?? "-").join(".");
  keys.set(tables, { values, key });
  return key;
}

/**
 * The versions of `tables` as this copy knows them, as one key: read from the database
 * (one range of `app_meta`) at most once a second, so a request that needs nothing else
 * makes no round trip. Another copy's write shows here within `TABLE_VERSIONS_REFRESH_MS`;
 * this copy's own (seen by `trackTableWrites`) on its next request. Concurrent callers
 * share a read.
 */
export async function tableVersions(client: Client, tables: readonly VersionedTable[]): Promise<string> {
  const clock = clockOf(client);
  const now = performance.now();
  const values = clock.values;
  if (
    values &&
    now - clock.readAt < TABLE_VERSIONS_REFRESH_MS &&
    (clock.readAt >= clock.lastWriteAt || !tables.some((table) => stale(clock, `v:${table}`)))
  ) {
    return keyOf(values, tables);
  }
  // A read that began before this copy's last write to one of them may miss it.
  const reading = clock.reading;
  const lastWrite = Math.max(...tables.map((t) => clock.changedAt.get(`v:${t}`) ?? Number.NEGATIVE_INFINITY));
  if (reading && reading.startedAt >= lastWrite) return keyOf(await reading.values, tables);
  return keyOf(await refresh(client, clock, now), tables);
}

/** Marks tables as written by this copy now: its next reads of their versions go to the database. */
function written(clock: Clock, tables: readonly string[]) {
  const now = performance.now();
  for (const table of tables) clock.changedAt.set(`v:${table}`, now);
  clock.lastWriteAt = now;
}

/**
 * Calls `listener` whenever this copy sends a statement through `client` that may write one
 * of `tables` (versioned or not; a delete counts for the versioned tables its keys reach),
 * and again once it has run: what a copy keeps from those tables (the session cache) is
 * forgotten by the writes that can change it, and only by those.
 */
export function watchWrites(client: Client, tables: readonly string[], listener: () => void): void {
  clockOf(client).watchers.push({ tables: new Set(tables), listener });
}

/** What a call's statements may write: the versioned tables, and every table they name ("*": any). */
interface CallWrites {
  versioned: readonly string[];
  named: ReadonlySet<string>;
}

function notifyWatchers(clock: Clock, writes: CallWrites) {
  for (const watcher of clock.watchers) {
    const hit =
      writes.versioned.some((table) => watcher.tables.has(table)) ||
      writes.named.has("*") ||
      [...writes.named].some((table) => watcher.tables.has(table));
    if (hit) watcher.listener();
  }
}

const textOf = (statement: InStatement) => (typeof statement === "string" ? statement : statement.sql);

/**
 * Watches what this copy writes through `client`: a statement that writes a versioned table
 * marks it before it is sent and again once it has run, so a read of the versions that
 * began before the write finished is not trusted for it.
 */
export function trackTableWrites(client: Client): Client {
  const clock = clockOf(client);
  // execute(statement) or execute(sql, args): what follows the text passes through as it is.
  const execute = client.execute.bind(client) as (...args: unknown[]) => ReturnType<Client["execute"]>;
  const batch = client.batch.bind(client);
  // Read once per call: a check-in's grouped batch holds dozens of statements.
  const mark = (statements: readonly InStatement[]): CallWrites => {
    const versioned = new Set<string>();
    const named = new Set<string>();
    for (const statement of statements) {
      const writes = writesOf(textOf(statement));
      if (writes.table !== undefined) named.add(writes.table);
      for (const table of writes.versioned) versioned.add(table);
    }
    return { versioned: [...versioned], named };
  };
  const sent = (writes: CallWrites) => {
    if (writes.versioned.length > 0) written(clock, writes.versioned);
    if (clock.watchers.length > 0) notifyWatchers(clock, writes);
  };
  const quiet = (writes: CallWrites) => writes.versioned.length === 0 && clock.watchers.length === 0;
  client.execute = (async (statement: InStatement, ...rest: unknown[]) => {
    const writes = mark([statement]);
    if (quiet(writes)) return execute(statement, ...rest);
    sent(writes);
    try {
      return await execute(statement, ...rest);
    } finally {
      sent(writes);
    }
  }) as Client["execute"];
  client.batch = (async (statements: InStatement[], mode?: Parameters<Client["batch"]>[1]) => {
    const writes = mark(statements);
    if (quiet(writes)) return batch(statements, mode);
    sent(writes);
    try {
      return await batch(statements, mode);
    } finally {
      sent(writes);
    }
  }) as Client["batch"];
  return client;
}
