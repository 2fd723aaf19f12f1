import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

/** A database or a transaction: both run the same queries. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "run" | "all" | "get">;

export interface Database {
  db: Db;
  client: Client;
  /** True when the database is a local file (backups by VACUUM INTO work). */
  isLocalFile: boolean;
  /** Folds the WAL back into a local file first, so the .db file alone is complete. */
  close(): Promise<void>;
}

const BUSY_TIMEOUT_MS = 5000;

export function localPath(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  return url.slice("file:".length).replace(/^\/\/(localhost)?(?=\/)/, "");
}

/** Opens the database. Local files get WAL and a busy timeout; libSQL turns foreign keys on. */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const path = localPath(url);
  if (path && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const client = createClient({
    url,
    authToken: authToken || undefined,
    timeout: BUSY_TIMEOUT_MS,
  } as Parameters<typeof createClient>[0]);
  if (path) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  const fk = await client.execute("PRAGMA foreign_keys");
  if (fk.rows[0] && Number(fk.rows[0][0]) !== 1) await client.execute("PRAGMA foreign_keys = ON");
  return {
    db: drizzle(client, { schema }),
    client,
    isLocalFile: path !== null,
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
    },
  };
}
