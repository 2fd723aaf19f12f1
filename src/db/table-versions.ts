import type { Client, InStatement } from "@libsql/client";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * The content tables with a version: migration 0027's triggers add one to `app_meta`'s
 * `v:<table>` for every row written, by any writer (every copy, the CLI, an import), so
 * what a copy keeps per member can be keyed on the versions of the tables it was read from
 * (0028 adds `domain_events`, 0029 `feedback` and `school_daily_stats`).
 * scripts/table-version-triggers.ts writes a migration's triggers from this list.
 */
export const VERSIONED_TABLES = [
  "users",
  "user_settings",
  "follows",
  "blocks",
  "posts",
  "post_photos",
  "post_likes",
  "checkins",
  "badge_awards",
  "favorites",
  "occurrence_going",
  "school_ratings",
  "calendar_feeds",
  "conversations",
  "messages",
  "notifications",
  "reports",
  "schools",
  "open_mat_sessions",
  "schedule_exceptions",
  "school_owners",
  "school_claims",
  "school_edits",
  // Migration 0028: every event moves a member header's stream position.
  "domain_events",
  // Migration 0029: what a school's owners see (feedback, and the listing's daily counts).
  "feedback",
  "school_daily_stats",
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

/** Families of versioned tables that pages and answers read together. */
export const TABLE_FAMILIES = {
  /** Who a member is and whom they follow or block: what every privacy check reads. */
  social: ["users", "user_settings", "follows", "blocks"],
  posts: ["posts", "post_photos", "post_likes", "reports"],
  /** A member's check-ins, badges and saved gyms, with the schools they name. */
  activity: ["checkins", "badge_awards", "favorites", "schools", "open_mat_sessions", "schedule_exceptions"],
  messages: ["conversations", "messages"],
  /** A school's listing: its sessions, exceptions, owners, RSVPs and ratings. */
  schools: [
    "schools",
    "open_mat_sessions",
    "schedule_exceptions",
    "school_owners",
    "school_claims",
    "school_edits",
    "occurrence_going",
    "school_ratings",
    "checkins",
    "favorites",
  ],
} as const satisfies Record<string, readonly VersionedTable[]>;

/** How long a copy trusts the versions it read before asking the database again. */
export const TABLE_VERSIONS_REFRESH_MS = 1000;

const versioned = new Set<string>(VERSIONED_TABLES);

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

const WRITE = /^\s*(insert|replace|update|delete|with)\b/i;
const TARGET =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)/i;
const REMOVES = /^\s*(delete|replace|insert\s+or\s+replace)\b/i;
const WRITING_WORD = /\b(insert|update|delete|replace)\b/i;

/** Versioned tables that migrations' triggers write when a table is written (0032: an award's event). */
const TRIGGERED_WRITES: Readonly<Record<string, readonly string[]>> = { badge_awards: ["domain_events"] };
const ALL: readonly string[] = VERSIONED_TABLES;
const NONE: readonly string[] = [];

/**
 * The versioned tables a delete from each table can change through foreign keys (ON DELETE
 * CASCADE or SET NULL, followed down), from the schema; the table itself among them.
 */
let deletesReach: Map<string, readonly string[]> | undefined;
function reachOfDelete(table: string): readonly string[] {
  if (!deletesReach) {
    const children = new Map<string, Set<string>>();
    for (const value of Object.values(schema)) {
      if (!is(value, SQLiteTable)) continue;
      const config = getTableConfig(value);
      for (const fk of config.foreignKeys) {
        if (!fk.onDelete || fk.onDelete === "no action" || fk.onDelete === "restrict") continue;
        const parent = getTableConfig(fk.reference().foreignTable).name;
        if (!children.has(parent)) children.set(parent, new Set());
        children.get(parent)?.add(config.name);
      }
    }
    deletesReach = new Map();
    for (const start of [...children.keys(), ...VERSIONED_TABLES]) {
      const seen = new Set<string>([start]);
      const queue = [start];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        for (const child of children.get(next) ?? []) {
          if (seen.has(child)) continue;
          seen.add(child);
          queue.push(child);
        }
      }
      deletesReach.set(
        start,
        [...seen].filter((t) => versioned.has(t)),
      );
    }
  }
  return deletesReach.get(table) ?? (versioned.has(table) ? [table] : NONE);
}

/** What a statement may write, read from its text. */
interface Writes {
  /** The table it names, versioned or not ("*": it may write any); undefined for a read. */
  table?: string;
  /** The versioned tables it may change. */
  versioned: readonly string[];
}

const READS: Writes = { versioned: NONE };

/** What a statement writing `table` may change (a delete or replace: what its keys reach). */
function writesTo(table: string, removes: boolean): Writes {
  // A row deleted (or replaced) takes its children with it: every table its keys reach.
  const reached = removes ? reachOfDelete(table) : versioned.has(table) ? [table] : NONE;
  const triggered = TRIGGERED_WRITES[table];
  return { table, versioned: triggered ? [...new Set([...reached, ...triggered])] : reached };
}

/** Enough of a statement's start to hold its verb and target table. */
const HEAD = 160;
const writesByTarget = new Map<string, Writes>();
/** What the statements that need their whole text read may write (kept: the texts are a few hundred). */
const writesByText = new Map<string, Writes>();

/**
 * What a statement may write. Its start decides for almost all of them (a read, or a write
 * naming its table), and only that start is looked at: hashing each long statement's whole
 * text as a key, on every call, cost a write request several microseconds.
 */
function writesOf(text: string): Writes {
  // The texts most often sent are module constants (db/raw-statement.ts), the same string
  // each time: one number lookup and an identity compare find what they write.
  const seen = recentByLength.get(text.length);
  if (seen?.text === text) return seen.writes;
  const writes = readWrites(text);
  if (recentByLength.size >= 4096) recentByLength.clear();
  recentByLength.set(text.length, { text, writes });
  return writes;
}

/** The last text of each length read, with what it writes. */
const recentByLength = new Map<number, { text: string; writes: Writes }>();

function readWrites(text: string): Writes {
  const start = text.trimStart();
  const head = start.length > HEAD ? start.slice(0, HEAD) : start;
  if (!WRITE.test(head)) return READS;
  const target = TARGET.exec(head);
  if (target && target[0].length < head.length) {
    const table = (target[1] as string).toLowerCase();
    const removes = REMOVES.test(head);
    const key = removes ? `-${table}` : table;
    let writes = writesByTarget.get(key);
    if (!writes) {
      writes = writesTo(table, removes);
      writesByTarget.set(key, writes);
    }
    return writes;
  }
  let writes = writesByText.get(text);
  if (writes) return writes;
  const whole = TARGET.exec(text);
  // A WITH that writes, or a form not read here, can write anything: every table.
  if (whole === null) writes = WRITING_WORD.test(text) ? { table: "*", versioned: ALL } : READS;
  else writes = writesTo((whole[1] as string).toLowerCase(), REMOVES.test(text));
  if (writesByText.size >= 4096) writesByText.clear();
  writesByText.set(text, writes);
  return writes;
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
