/**
 * Issue 24, keeping the data, through the compiled binary with the checkout hidden: a backup
 * taken while writes run, restored into the stopped server's database; restore's refusals;
 * scheduled backups, checked and pruned, one per interval however many copies run.
 */

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assertCanHideCheckout, type RunningBinary, startHiddenServer } from "../support/binary";
import {
  dataDir,
  fromTheFuture,
  integrity,
  removeDataDirs,
  runBinary,
  scalar,
  sha256,
  walBytes,
  withSqlite,
} from "./operator-support";

beforeAll(() => assertCanHideCheckout());
afterAll(removeDataDirs);

const LOAD_ROWS = "SELECT count(*) FROM app_meta WHERE key LIKE 'load.%'";
const LOAD_MAX = "SELECT max(CAST(value AS INTEGER)) FROM app_meta WHERE key LIKE 'load.%'";
const server = (file: string, env: Record<string, string> = {}) =>
  startHiddenServer({ DATABASE_URL: `file:${file}`, DEMO_DATA: "false", ...env });

describe("openmat backup while writes run, then openmat restore", () => {
  const dir = dataDir();
  const file = join(dir, "openmat.db");
  const backup = join(dir, "while-writing.db");
  let written = 0;
  let inBackup = 0;

  it("copies one consistent moment of a database being written to", async () => {
    const running = await server(file);
    try {
      let done = false;
      const writer = (async () => {
        const db = new Database(file);
        db.run("PRAGMA busy_timeout = 5000");
        const insert = db.prepare("INSERT INTO app_meta (key, value) VALUES (?, ?)");
        while (!done || written < 50) {
          insert.run(`load.${written}`, String(written));
          written++;
          await Bun.sleep(1);
        }
        db.close();
      })();
      await Bun.sleep(300);
      const { code, output } = await runBinary(["backup", backup], { DATABASE_URL: `file:${file}` });
      expect({ code, output }).toEqual({ code: 0, output: `Backup written to ${backup}\n` });
      await Bun.sleep(200);
      done = true;
      await writer;
    } finally {
      expect(await running.stop()).toBe(0);
    }
    expect(integrity(backup)).toBe("ok");
    inBackup = Number(scalar(backup, LOAD_ROWS));
    // A prefix of the rows, none missing in between: one moment of the writes.
    expect(inBackup).toBeGreaterThan(0);
    expect(Number(scalar(backup, LOAD_MAX))).toBe(inBackup - 1);
    expect(inBackup).toBeLessThan(written);
    expect(Number(scalar(file, LOAD_ROWS))).toBe(written);
  });

  it("restores it into the stopped server's database, keeping the replaced one beside it", async () => {
    const { code, output } = await runBinary(["restore", backup], { DATABASE_URL: `file:${file}` });
    expect(code).toBe(0);
    expect(output).toContain(`Restored ${backup} into ${file}.`);
    const points = readdirSync(dir).filter((name) => /^openmat\.db\.before-restore-\d{8}-\d{6}$/.test(name));
    expect(points.length).toBe(1);
    const point = join(dir, points[0] as string);
    expect(output).toContain(`The database it replaced is kept at ${point}.`);
    expect(walBytes(file)).toBe(0);
    expect(existsSync(`${file}-shm`)).toBe(false);
    expect(integrity(file)).toBe("ok");
    expect(Number(scalar(file, LOAD_ROWS))).toBe(inBackup);
    expect(integrity(point)).toBe("ok");
    expect(Number(scalar(point, LOAD_ROWS))).toBe(written);

    const again = await server(file);
    try {
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
    expect(Number(scalar(file, LOAD_ROWS))).toBe(inBackup);
    expect(integrity(file)).toBe("ok");
  });
});

describe("openmat restore refuses, changing nothing", () => {
  const dir = dataDir();
  const file = join(dir, "openmat.db");
  const good = join(dir, "good.db");
  const env = { DATABASE_URL: `file:${file}` };
  let hash = "";
  beforeAll(async () => {
    await runBinary(["migrate"], env);
    scalar(file, "INSERT INTO app_meta (key, value) VALUES ('probe', 'current')");
    expect((await runBinary(["backup", good], env)).code).toBe(0);
    hash = sha256(file);
  });
  const unchanged = () => {
    expect(sha256(file)).toBe(hash);
    expect(
      readdirSync(dir).filter((name) => name.includes("before-restore") || name.includes("restoring")),
    ).toEqual([]);
  };

  it.each([
    [
      "a file that is not a database",
      (path: string) => writeFileSync(path, "id,gym\n1,Gracie Barra\n".repeat(100)),
      "is not an SQLite database. Nothing was changed.",
    ],
    [
      "a damaged database",
      (path: string) => {
        copyFileSync(good, path);
        const bytes = new Uint8Array(readFileSync(path));
        bytes.fill(0x5a, 4096 * 3, 4096 * 6);
        writeFileSync(path, bytes);
      },
      "fails its integrity check (",
    ],
    [
      "another program's database",
      (path: string) => withSqlite(path, (db) => db.run("CREATE TABLE notes (body TEXT)")),
      "is an SQLite database but not OpenMat's (it has no migrations table). Nothing was changed.",
    ],
    [
      "a database from a newer OpenMat",
      (path: string) => {
        copyFileSync(good, path);
        fromTheFuture(path, "openmat 9.0.0 (commit 0123abc, schema 0031_from_the_future)");
      },
      "was migrated by a newer OpenMat, openmat 9.0.0 (commit 0123abc, schema 0031_from_the_future): it holds 1 migration(s) that openmat",
    ],
  ])("%s", async (_what, make, message) => {
    const candidate = join(dataDir(), "candidate.db");
    make(candidate);
    const before = sha256(candidate);
    const { code, output } = await runBinary(["restore", candidate], env);
    expect(code).toBe(1);
    expect(output).toContain(`${candidate} `);
    expect(output).toContain(message);
    unchanged();
    expect(sha256(candidate)).toBe(before);
  });

  it("while a server runs on the database, and not once it has stopped", async () => {
    let running: RunningBinary | undefined = await server(file);
    try {
      const { code, output } = await runBinary(["restore", good], env);
      expect(code).toBe(1);
      expect(output).toMatch(
        new RegExp(`A server is running on ${file} \\(pid \\d+ on .+\\)\\. Stop every copy first`),
      );
      expect(readdirSync(dir).some((name) => name.includes("before-restore"))).toBe(false);
      expect(scalar(file, "SELECT value FROM app_meta WHERE key = 'probe'")).toBe("current");
    } finally {
      expect(await running.stop()).toBe(0);
      running = undefined;
    }
    expect(readdirSync(dir).some((name) => name.includes(".serving."))).toBe(false);
    expect((await runBinary(["restore", good], env)).code).toBe(0);
  });
});
