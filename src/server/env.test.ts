import { describe, expect, it } from "bun:test";
import { join } from "node:path";
import { EnvError, envVars, loadEnv } from "./env";

describe("loadEnv", () => {
  it("fills defaults and derives PUBLIC_URL from PORT", () => {
    const env = loadEnv({ PORT: "4100" });
    expect(env.PORT).toBe(4100);
    expect(env.PUBLIC_URL).toBe("http://localhost:4100");
    expect(env.DATABASE_URL).toBe("file:data/openmat.db");
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it("is production unless development is asked for by name", () => {
    expect(loadEnv({}).NODE_ENV).toBe("production");
    expect(loadEnv({ NODE_ENV: "" }).NODE_ENV).toBe("production");
    expect(loadEnv({ NODE_ENV: "development" }).NODE_ENV).toBe("development");
  });

  it("normalises lists and booleans", () => {
    const env = loadEnv({
      ADMIN_EMAILS: " A@x.com ,b@y.com,",
      TRUST_PROXY: "1",
      PUBLIC_URL: "https://x.example/",
    });
    expect(env.ADMIN_EMAILS).toEqual(["a@x.com", "b@y.com"]);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.PUBLIC_URL).toBe("https://x.example");
  });

  it("reads the embedded replica and session cache settings", () => {
    const plain = loadEnv({});
    expect(plain.DATABASE_SYNC_URL).toBe("");
    expect(plain.DATABASE_SYNC_INTERVAL).toBe(1);
    expect(plain.SESSION_CACHE_MS).toBe(1000);
    const replica = loadEnv({
      DATABASE_URL: "file:/var/lib/openmat/replica.db",
      DATABASE_SYNC_URL: "http://db.internal:8080",
      DATABASE_SYNC_INTERVAL: "0.5",
      SESSION_CACHE_MS: "0",
    });
    expect(replica.DATABASE_SYNC_URL).toBe("http://db.internal:8080");
    expect(replica.DATABASE_SYNC_INTERVAL).toBe(0.5);
    expect(replica.SESSION_CACHE_MS).toBe(0);
  });

  it("refuses a replica that is not a local file, and bad replica or cache settings", () => {
    expect(() => loadEnv({ DATABASE_URL: "http://db:8080", DATABASE_SYNC_URL: "http://db:8080" })).toThrow(
      /DATABASE_URL: with DATABASE_SYNC_URL/,
    );
    for (const [name, value] of [
      ["DATABASE_SYNC_URL", "db.internal"],
      ["DATABASE_SYNC_INTERVAL", "0"],
      ["DATABASE_SYNC_INTERVAL", "soon"],
      ["SESSION_CACHE_MS", "-1"],
      ["SESSION_CACHE_MS", "1.5"],
    ] as const) {
      expect(() => loadEnv({ [name]: value })).toThrow(`${name}:`);
    }
  });

  it("lists every bad variable at once", () => {
    try {
      loadEnv({ PORT: "99999", DATABASE_URL: "postgres://x", SMTP_URL: "mail.example", LOG_LEVEL: "loud" });
      throw new Error("expected EnvError");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join("\n");
      for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "LOG_LEVEL"])
        expect(problems).toContain(`${name}:`);
    }
  });

  it("reads the scheduled backups' settings: off by default, daily, 14 kept", () => {
    expect(loadEnv({})).toMatchObject({ BACKUP_DIR: "", BACKUP_INTERVAL: 86_400_000, BACKUP_KEEP: 14 });
    expect(
      loadEnv({ BACKUP_DIR: "/var/backups/openmat", BACKUP_INTERVAL: "6h", BACKUP_KEEP: "3" }),
    ).toMatchObject({
      BACKUP_DIR: "/var/backups/openmat",
      BACKUP_INTERVAL: 21_600_000,
      BACKUP_KEEP: 3,
    });
    expect(loadEnv({ BACKUP_INTERVAL: "1h30m" }).BACKUP_INTERVAL).toBe(5_400_000);
    // Seconds are for the tests, which watch several backups happen.
    expect(loadEnv({ BACKUP_INTERVAL: "2s", NODE_ENV: "test" }).BACKUP_INTERVAL).toBe(2_000);
  });

  it.each([
    [{ BACKUP_KEEP: "0" }, "BACKUP_KEEP: BACKUP_KEEP must be 1 or more"],
    [{ BACKUP_KEEP: "-3" }, "BACKUP_KEEP: BACKUP_KEEP must be 1 or more"],
    [{ BACKUP_KEEP: "two" }, "BACKUP_KEEP: BACKUP_KEEP must be a whole number"],
    [{ BACKUP_INTERVAL: "daily" }, "BACKUP_INTERVAL: BACKUP_INTERVAL must be a duration such as 24h"],
    [{ BACKUP_INTERVAL: "0m" }, "BACKUP_INTERVAL: BACKUP_INTERVAL must be a duration such as 24h"],
    [{ BACKUP_INTERVAL: "30s" }, 'BACKUP_INTERVAL: must be at least 5m (got "30s")'],
    [{ BACKUP_INTERVAL: "4m" }, 'BACKUP_INTERVAL: must be at least 5m (got "4m")'],
    [
      { BACKUP_DIR: "b", DATABASE_URL: "libsql://db.turso.io" },
      "BACKUP_DIR: scheduled backups copy a local database file",
    ],
    [
      { BACKUP_DIR: "b", DATABASE_URL: "file:replica.db", DATABASE_SYNC_URL: "http://db:8080" },
      "BACKUP_DIR: scheduled backups copy a local database file",
    ],
  ])("refuses scheduled backups set as %p, saying why", (source, problem) => {
    expect(() => loadEnv(source)).toThrow(problem);
  });

  it("the README documents every variable", async () => {
    const readme = await Bun.file(join(import.meta.dir, "../../README.md")).text();
    for (const name of Object.keys(envVars)) expect(readme).toContain(`\`${name}\``);
  });
});
