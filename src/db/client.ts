import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { retryWhenBusy } from "./busy-retry";
import * as schema from "./schema";
import { bypassStatementCache, installStatementCache } from "./statement-cache";
import { trackTableWrites } from "./table-versions";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

/** A database or a transaction: both run the same queries. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "run" | "all" | "get">;

export interface Database {
  db: Db;
  client: Client;
  /** True when the database is a local file (backups by VACUUM INTO work). */
  isLocalFile: boolean;
  /**
   * Only on an embedded replica: pulls what the primary holds now, so a row another copy
   * wrote a moment ago (a session at sign-up) is read here too. Calls that arrive while a
   * pull runs share the next one (see coalescedPull).
   */
  catchUp?: () => Promise<void>;
  /** Folds the WAL back into a local file first, so the .db file alone is complete. */
  close(): Promise<void>;
}

const BUSY_TIMEOUT_MS = 5000;

export function localPath(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  return url.slice("file:".length).replace(/^\/\/(localhost)?(?=\/)/, "");
}

/**
 * An embedded replica: the local file at DATABASE_URL is pulled from the primary at `url`
 * every `intervalSeconds`; reads stay local and writes are sent to the primary (libSQL
 * reads this copy's own writes back at once).
 */
export interface ReplicaSync {
  url: string;
  intervalSeconds: number;
}

export const replicaOf = (env: { DATABASE_SYNC_URL: string; DATABASE_SYNC_INTERVAL: number }) =>
  env.DATABASE_SYNC_URL
    ? { url: env.DATABASE_SYNC_URL, intervalSeconds: env.DATABASE_SYNC_INTERVAL }
    : undefined;

const replicaClients = new WeakSet<Client>();

/** Whether `client` is an embedded replica (opened by openDatabase with a sync URL). */
export const isReplica = (client: Client) => replicaClients.has(client);

/**
 * A pull for each caller that started after the caller asked: one that was already running
 * may have missed the write the caller knows of, so callers arriving meanwhile share the
 * one after it. At most one pull runs and one waits, however many requests ask.
 */
export function coalescedPull(pull: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let waiting: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const current: Promise<void> = pull()
      .then(() => {})
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    waiting ??= running
      .catch(() => {})
      .then(() => {
        waiting = undefined;
        return start();
      });
    return waiting;
  };
}

/** SQLite's page cache for a local file's one connection, in KiB (64 MiB). */
const PAGE_CACHE_KIB = 64 * 1024;

/** Opens the database. Local files get WAL and a busy timeout; libSQL turns foreign keys on. */
export async function openDatabase(
  url: string,
  authToken?: string,
  replica?: ReplicaSync,
): Promise<Database> {
  const file = localPath(url);
  if (file && file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const releaseCacheBypass = replica ? bypassStatementCache() : undefined;
  if (file && !replica) installStatementCache();
  const client = createClient({
    url,
    authToken: authToken || undefined,
    timeout: BUSY_TIMEOUT_MS,
    // A local file gets one connection. Each statement runs synchronously, so a pool never ran
    // two at once in this process; it only gave each connection its own cold statement and
    // page caches, and let their writes wait on each other's locks (the busy handler's
    // sleeps): at 10 concurrent quota-charging searches one connection gave 3x the req/s.
    // Nothing holds a transaction open across awaits (batches only), which would block it.
    ...(file ? { concurrency: 1 } : {}),
    ...(replica ? { syncUrl: replica.url, syncInterval: replica.intervalSeconds } : {}),
  } as Parameters<typeof createClient>[0]);
  // A replica's file is libSQL's to manage (its WAL frames come from the primary).
  const path = replica ? null : file;
  // A server's write lock is not waited for by libSQL as a file's is (see busy-retry.ts).
  if (!path) retryWhenBusy(client, BUSY_TIMEOUT_MS);
  trackTableWrites(client);
  if (replica) {
    replicaClients.add(client);
    await client.sync();
  }
  if (path) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
    // SQLite's default page cache is 2 MB; the one connection's working set (indexes of
    // posts, check-ins, follows) is larger on a big database, and re-reading pages from the
    // OS cost reads a third to a half of their time. Bounded, so memory still levels off.
    await client.execute(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
  }
  const fk = await client.execute("PRAGMA foreign_keys");
  if (fk.rows[0] && Number(fk.rows[0][0]) !== 1) await client.execute("PRAGMA foreign_keys = ON");
  return {
    db: drizzle(client, { schema }),
    client,
    isLocalFile: path !== null,
    ...(replica ? { catchUp: coalescedPull(() => client.sync()) } : {}),
    async close() {
      if (client.closed) return;
      if (path) {
        try {
          await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch {
          // A busy checkpoint is only deferred: the WAL is still a valid part of the file.
        }
      }
      client.close();
      releaseCacheBypass?.();
    },
  };
}
