/**
 * Issue 24, scheduled backups, through the compiled binary with the checkout hidden:
 * BACKUP_DIR, BACKUP_INTERVAL (seconds are accepted only with NODE_ENV=test) and BACKUP_KEEP;
 * each backup checked and renamed into place, the oldest pruned, one per interval however
 * many copies share the database; bad settings stop the start with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assertCanHideCheckout, type RunningBinary, startHiddenServer } from "../support/binary";
import { dataDir, integrity, removeDataDirs, runBinary, scalar } from "./operator-support";

beforeAll(() => assertCanHideCheckout());
afterAll(removeDataDirs);

const BACKUP = /^openmat-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.db$/;
const backupsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => BACKUP.test(name))
    .sort();
const timeOf = (name: string) => {
  const [, y, mo, d, h, mi, s] = BACKUP.exec(name) as unknown as string[];
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
};
/** Every "backup written" line of the servers' logs, in order. */
const written = (servers: RunningBinary[]) =>
  servers
    .flatMap((s) => s.log().split("\n"))
    .filter((line) => line.includes('"backup written"'))
    .map((line) => JSON.parse(line) as { time: string; file: string; bytes: number; photos: number });

async function until(what: string, ok: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(200);
  }
}

describe("scheduled backups", () => {
  it("are written every BACKUP_INTERVAL, integrity-checked, pruned to BACKUP_KEEP, with the photos beside them", async () => {
    const dir = dataDir();
    const backups = join(dir, "backups");
    const uploads = join(dir, "uploads");
    mkdirSync(join(uploads, "posts"), { recursive: true });
    writeFileSync(join(uploads, "posts", "photo.webp"), "not really a photo");
    writeFileSync(join(dir, "backups-note.txt"), "");
    const server = await startHiddenServer({
      DATABASE_URL: `file:${join(dir, "openmat.db")}`,
      DEMO_DATA: "false",
      NODE_ENV: "test",
      UPLOADS_DIR: uploads,
      BACKUP_DIR: backups,
      BACKUP_INTERVAL: "2s",
      BACKUP_KEEP: "2",
    });
    try {
      await until("three backups", () => written([server]).length >= 3);
      const names = backupsIn(backups);
      expect(names.length).toBe(2);
      for (const name of names) expect(integrity(join(backups, name))).toBe("ok");
      for (const name of names)
        expect(scalar(join(backups, name), "SELECT count(*) FROM __drizzle_migrations")).toBeGreaterThan(0);
      const lines = written([server]);
      expect(lines.map((line) => line.file)).toContain(join(backups, names.at(-1) as string));
      // The first was pruned once the third was in.
      expect(existsSync(lines[0]?.file as string)).toBe(false);
      expect(readdirSync(backups).filter((name) => name.startsWith("."))).toEqual([]);
      expect(readdirSync(join(backups, "uploads", "posts"))).toEqual(["photo.webp"]);
      expect(lines[0]?.photos).toBe(1);
      expect(lines[1]?.photos).toBe(0);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("two copies on one database make one backup per interval between them", async () => {
    const dir = dataDir();
    const backups = join(dir, "backups");
    const env = {
      DATABASE_URL: `file:${join(dir, "openmat.db")}`,
      DEMO_DATA: "false",
      NODE_ENV: "test",
      BACKUP_DIR: backups,
      BACKUP_INTERVAL: "3s",
      BACKUP_KEEP: "100",
    };
    const first = await startHiddenServer(env);
    const second = await startHiddenServer(env).catch(async (error) => {
      await first.stop();
      throw error;
    });
    const started = Date.now();
    try {
      await Bun.sleep(10_000);
      const lines = written([first, second]);
      const elapsed = Date.now() - started;
      const names = backupsIn(backups);
      expect(lines.length).toBe(names.length);
      expect(new Set(lines.map((line) => line.file)).size).toBe(lines.length);
      expect(names.length).toBeGreaterThanOrEqual(3);
      expect(names.length).toBeLessThanOrEqual(Math.floor(elapsed / 3000) + 2);
      // Names carry whole seconds: leases 3 s apart are at least 2 s apart by name.
      const times = names.map(timeOf);
      for (let i = 1; i < times.length; i++) {
        expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(2000);
      }
      // Both copies were up; which one took each lease is up to them.
      expect(first.log()).toContain('"listening"');
      expect(second.log()).toContain('"listening"');
    } finally {
      expect(await first.stop()).toBe(0);
      expect(await second.stop()).toBe(0);
    }
  });

  it.each([
    [{ BACKUP_KEEP: "0" }, 'BACKUP_KEEP: BACKUP_KEEP must be 1 or more (how many backups to keep) (got "0")'],
    [
      { BACKUP_INTERVAL: "every day" },
      "BACKUP_INTERVAL: BACKUP_INTERVAL must be a duration such as 24h, 6h, 30m or 1h30m",
    ],
    [{ BACKUP_INTERVAL: "10s" }, 'BACKUP_INTERVAL: must be at least 5m (got "10s")'],
    [
      { DATABASE_URL: "http://127.0.0.1:9", BACKUP_DIR: "backups" },
      "BACKUP_DIR: scheduled backups copy a local database file",
    ],
  ])("refuse to start with %p, saying why and creating nothing", async (bad, message) => {
    const dir = dataDir();
    const file = join(dir, "openmat.db");
    const { code, output } = await runBinary(["serve"], {
      DATABASE_URL: `file:${file}`,
      BACKUP_DIR: join(dir, "backups"),
      PORT: "0",
      ...bad,
    });
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration:");
    expect(output).toContain(message);
    expect(readdirSync(dir)).toEqual([]);
  });
});
