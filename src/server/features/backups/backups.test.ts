import { afterEach, describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../../db/client";
import { migrate } from "../../../db/migrate";
import { createJobRunner } from "../../jobs/runner";
import { createLogger } from "../../log";
import { formatInterval, parseInterval } from "./interval";
import { backupJob } from "./job";
import { backupName, backupsToDelete } from "./names";
import { checkDatabaseFile, isSqliteFile, mirrorUploads } from "./service";

const dirs: string[] = [];
const opened: Database[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "openmat-backups-"));
  dirs.push(dir);
  return dir;
};

describe("parseInterval", () => {
  it.each([
    ["24h", 86_400_000],
    ["6h", 21_600_000],
    ["30m", 1_800_000],
    ["1h30m", 5_400_000],
    ["2d", 172_800_000],
    ["5s", 5_000],
    [" 12H ", 43_200_000],
  ])("reads %p", (text, ms) => {
    expect(parseInterval(text)).toBe(ms);
  });

  it.each(["", "daily", "24", "h", "1.5h", "-1h", "0m", "10 m", "1w", "99999999999999999d"])(
    "refuses %p",
    (text) => {
      expect(parseInterval(text)).toBeNull();
    },
  );

  it("writes intervals back as they are read", () => {
    for (const text of ["1d", "6h", "1h30m", "45s", "1d2h3m4s"]) {
      expect(formatInterval(parseInterval(text) as number)).toBe(text);
    }
  });
});

describe("backupsToDelete", () => {
  const names = ["openmat-20260101-000000.db", "openmat-20260103-000000.db", "openmat-20260102-120000.db"];

  it("keeps the newest by the time in their names and names the rest", () => {
    expect(backupsToDelete(names, 2)).toEqual(["openmat-20260101-000000.db"]);
    expect(backupsToDelete(names, 1)).toEqual(["openmat-20260102-120000.db", "openmat-20260101-000000.db"]);
    expect(backupsToDelete(names, 3)).toEqual([]);
    expect(backupsToDelete(names, 14)).toEqual([]);
  });

  it("never counts or deletes other files, partial backups or restore points", () => {
    const others = [
      "uploads",
      ".openmat-20250101-000000.db.partial",
      "openmat.db",
      "openmat-2025.db",
      "openmat-20250101-000000.db.before-restore-20250101-000000",
      "notes.txt",
    ];
    expect(backupsToDelete([...others, ...names], 1)).toEqual([
      "openmat-20260102-120000.db",
      "openmat-20260101-000000.db",
    ]);
  });

  it("names backups in UTC", () => {
    expect(backupName(new Date("2026-03-04T05:06:07.890Z"))).toBe("openmat-20260304-050607.db");
  });
});

describe("the backup job", () => {
  it("writes checked backups under their final names, prunes to BACKUP_KEEP and copies new photos", async () => {
    const dir = tempDir();
    const database = await openDatabase(`file:${join(dir, "live.db")}`);
    opened.push(database);
    await migrate(database.client);
    await database.client.execute("INSERT INTO app_meta (key, value) VALUES ('probe', 'first')");
    const uploads = join(dir, "uploads");
    mkdirSync(join(uploads, "posts"), { recursive: true });
    writeFileSync(join(uploads, "posts", "a.webp"), "photo a");
    writeFileSync(join(uploads, "posts", ".123.tmp"), "half written");
    const backups = join(dir, "backups");
    mkdirSync(backups);
    writeFileSync(join(backups, ".openmat-20200101-000000.db.partial"), "left by a crash");
    const lines: string[] = [];
    let now = new Date("2026-05-01T00:00:00Z");
    const runner = createJobRunner({
      db: database.db,
      logger: createLogger("info", (line) => lines.push(line)),
      now: () => now,
      jobs: [backupJob({ dir: backups, everyMs: 3_600_000, keep: 2, uploadsDir: uploads })],
    });
    for (let i = 0; i < 3; i++) {
      await runner.runDue();
      if (i === 0) writeFileSync(join(uploads, "posts", "b.webp"), "photo b");
      now = new Date(now.getTime() + 3_600_000);
    }
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual([
      "backup written",
      "backup written",
      "backup written",
    ]);
    expect(readdirSync(backups).sort()).toEqual([
      "openmat-20260501-010000.db",
      "openmat-20260501-020000.db",
      "uploads",
    ]);
    const kept = join(backups, "openmat-20260501-020000.db");
    expect(isSqliteFile(kept)).toBe(true);
    expect(checkDatabaseFile(kept, "probe")).toMatchObject({ ok: true, migratedBy: "first" });
    expect(readdirSync(join(backups, "uploads", "posts")).sort()).toEqual(["a.webp", "b.webp"]);
    expect(JSON.parse(lines[1] as string)).toMatchObject({ photos: 1 });
    expect(JSON.parse(lines[1] as string).deleted).toBeUndefined();
    expect(JSON.parse(lines[2] as string)).toMatchObject({
      photos: 0,
      deleted: "openmat-20260501-000000.db",
    });
  });

  it("copies photos once, again only when their size changed, and never into itself", async () => {
    const from = tempDir();
    writeFileSync(join(from, "p.webp"), "1");
    const to = join(from, "backup-inside");
    expect(await mirrorUploads(from, to)).toBe(1);
    expect(await mirrorUploads(from, to)).toBe(0);
    writeFileSync(join(from, "p.webp"), "22");
    expect(await mirrorUploads(from, to)).toBe(1);
    expect(readdirSync(to)).toEqual(["p.webp"]);
    expect(await mirrorUploads(join(from, "missing"), to)).toBe(0);
    expect(existsSync(join(to, "backup-inside"))).toBe(false);
  });
});

describe("checkDatabaseFile", () => {
  it("says what is wrong with a file that is not a database, or a damaged one", async () => {
    const dir = tempDir();
    const text = join(dir, "notes.txt");
    writeFileSync(text, "hello, not a database at all, though long enough to have a header");
    expect(isSqliteFile(text)).toBe(false);
    const database = await openDatabase(`file:${join(dir, "good.db")}`);
    await migrate(database.client);
    await database.client.execute({ sql: "VACUUM INTO ?", args: [join(dir, "copy.db")] });
    await database.close();
    const copy = join(dir, "copy.db");
    expect(checkDatabaseFile(copy, "x")).toMatchObject({ ok: true, migratedBy: null });
    const bytes = await Bun.file(copy).bytes();
    bytes.fill(0x5a, 4096 * 3, 4096 * 6);
    writeFileSync(copy, bytes);
    expect(isSqliteFile(copy)).toBe(true);
    expect(checkDatabaseFile(copy, "x").ok).toBe(false);
  });
});
