/**
 * Helpers for the operator's tests of the compiled binary (tests/binary/operator-*.test.ts):
 * database files in a folder of the test's own, outside the checkout, which the binary
 * (run with the checkout hidden) reaches by absolute path.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationJournal, migrationSql } from "../../src/db/migrations/index";
import { runHidden } from "../support/binary";

export const tags = migrationJournal.entries.map((entry) => entry.tag);
export const NEWER_MIGRATION = 4_102_444_800_000; // made in 2100

const dirs: string[] = [];
export function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "openmat-operator-"));
  dirs.push(dir);
  return dir;
}
export const removeDataDirs = () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};

/** `openmat ARGS` with the checkout hidden; killed (and failing the test) if it is still running after `ms`. */
export async function runBinary(args: string[], env: Record<string, string>, ms = 30_000) {
  const { dir, child, log } = runHidden(args, env);
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      done(null);
    }, ms);
    child.once("exit", (exitCode) => {
      clearTimeout(timer);
      done(exitCode);
    });
  });
  const output = log();
  rmSync(dir, { recursive: true, force: true });
  return { code, output };
}

/** Bytes in the file's write-ahead log: 0 when there is none, or an empty one a reader left. */
export const walBytes = (file: string) => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);

export const sha256 = (file: string) =>
  new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex");

/** Runs `work` on the file with bun:sqlite (the test's own connection), then closes it. */
export function withSqlite<T>(file: string, work: (db: Database) => T): T {
  const db = new Database(file, { create: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

export const scalar = (file: string, sql: string): unknown =>
  withSqlite(file, (db) => (db.query(sql).values()[0] as unknown[] | undefined)?.[0]);

export const integrity = (file: string) => scalar(file, "PRAGMA integrity_check");

/**
 * A database as an older OpenMat left it: the first `count` migrations applied and
 * journaled as drizzle's migrator does, in WAL mode as a server leaves its file.
 */
export async function olderDatabase(file: string, count: number) {
  const applied: { text: string; when: number; hash: string }[] = [];
  for (const entry of migrationJournal.entries.slice(0, count)) {
    const text = migrationSql[entry.tag] as string;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    applied.push({ text, when: entry.when, hash: Buffer.from(digest).toString("hex") });
  }
  withSqlite(file, (db) => {
    db.run("PRAGMA journal_mode = WAL");
    db.run(
      "CREATE TABLE __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)",
    );
    for (const { text, when, hash } of applied) {
      for (const statement of text.split("--> statement-breakpoint")) if (statement.trim()) db.run(statement);
      db.run('INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)', [hash, when]);
    }
  });
}

/** Marks `file` as migrated by a newer OpenMat: a journal row this binary does not know. */
export function fromTheFuture(file: string, migratedBy?: string) {
  withSqlite(file, (db) => {
    db.run('INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)', [
      "from-a-newer-openmat",
      NEWER_MIGRATION,
    ]);
    // The newer build's own record of itself, or none (a build from before the record).
    db.run("DELETE FROM app_meta WHERE key = 'schema.migrated_by'");
    if (migratedBy)
      db.run("INSERT INTO app_meta (key, value) VALUES ('schema.migrated_by', ?)", [migratedBy]);
  });
}
