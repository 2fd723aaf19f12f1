import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { confirmEmail, registerMember, sessionCookieFrom } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const main = join(import.meta.dir, "../../src/server/main.ts");

function cli(args: string[], env: Record<string, string | undefined> = {}, cwd?: string) {
  const proc = Bun.spawnSync([process.execPath, main, ...args], {
    env: { ...process.env, LOG_LEVEL: "error", ...env },
    cwd,
  });
  return { code: proc.exitCode, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("openmat CLI", () => {
  it("--help lists the commands and every env var", () => {
    const { code, stdout } = cli(["--help"]);
    expect(code).toBe(0);
    for (const word of ["serve", "migrate", "backup FILE", "admin grant|revoke EMAIL"])
      expect(stdout).toContain(word);
    for (const name of [
      "PORT",
      "DATABASE_URL",
      "DATABASE_AUTH_TOKEN",
      "PUBLIC_URL",
      "SMTP_URL",
      "ADMIN_EMAILS",
      "DONATE_URL",
    ]) {
      expect(stdout).toContain(name);
    }
  });

  it("names each bad env var in one clear message", () => {
    const { code, stderr } = cli(["migrate"], { PORT: "http", PUBLIC_URL: "not a url" });
    expect(code).toBe(1);
    expect(stderr).toContain("PORT: PORT must be a whole number");
    expect(stderr).toContain("PUBLIC_URL: PUBLIC_URL must be a URL");
  });

  it("an unknown command is a usage error", () => {
    const { code, stderr } = cli(["frobnicate"]);
    expect(code).toBe(64);
    expect(stderr).toContain('Unknown command "frobnicate"');
  });

  it("migrate reports an up-to-date database", () => {
    const { code, stdout } = cli(["migrate"], { DATABASE_URL: t.env.DATABASE_URL });
    expect(code).toBe(0);
    expect(stdout).toContain("Database is up to date.");
  });

  it("admin grant and revoke change the role that /api/auth/me reports", async () => {
    const m = await registerMember(t);
    expect(cli(["admin", "grant", m.email], { DATABASE_URL: t.env.DATABASE_URL }).code).toBe(0);
    let me = await (await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).json();
    expect(me.user.role).toBe("admin");
    expect(cli(["admin", "revoke", m.email], { DATABASE_URL: t.env.DATABASE_URL }).code).toBe(0);
    me = await (await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).json();
    expect(me.user.role).toBe("member");
    const missing = cli(["admin", "grant", "nobody@example.com"], { DATABASE_URL: t.env.DATABASE_URL });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No account with e-mail nobody@example.com");
  });

  it("backup writes a consistent copy of the live database", async () => {
    const m = await registerMember(t, "backup");
    const target = join(t.dir, "backup.db");
    const { code, stdout } = cli(["backup", target], { DATABASE_URL: t.env.DATABASE_URL });
    expect(code).toBe(0);
    expect(stdout).toContain("Backup written to");
    expect(existsSync(target)).toBe(true);
    const copy = createClient({ url: `file:${target}` });
    const rows = await copy.execute({ sql: "select username from users where id = ?", args: [m.id] });
    expect(rows.rows[0]?.[0]).toBe(m.username);
    copy.close();
    expect(cli(["backup", target], { DATABASE_URL: t.env.DATABASE_URL }).code).toBe(1);
  });

  it("backup in a folder without a database fails, names the file and creates nothing", () => {
    const empty = mkdtempSync(join(tmpdir(), "openmat-nodb-"));
    try {
      // The default DATABASE_URL, file:data/openmat.db, relative to the folder it runs in.
      const byDefault = cli(["backup", "copy.db"], { DATABASE_URL: undefined }, empty);
      expect(byDefault.code).toBe(1);
      expect(byDefault.stderr).toContain(`No database at ${join(realpathSync(empty), "data", "openmat.db")}`);
      expect(byDefault.stdout).not.toContain("Backup written");
      const missing = join(empty, "missing.db");
      const named = cli(["backup", join(empty, "copy2.db")], { DATABASE_URL: `file:${missing}` });
      expect(named.code).toBe(1);
      expect(named.stderr).toContain(`No database at ${missing}`);
      // An empty file (left by an older version) is not a database either.
      writeFileSync(join(empty, "empty.db"), "");
      const blank = cli(["backup", join(empty, "copy3.db")], {
        DATABASE_URL: `file:${join(empty, "empty.db")}`,
      });
      expect(blank.code).toBe(1);
      expect(blank.stderr).toContain(`${join(empty, "empty.db")} is not a database`);
      expect(readdirSync(empty)).toEqual(["empty.db"]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("ADMIN_EMAILS", () => {
  it("makes listed addresses admins, once verified, without touching the database", async () => {
    const admins = await createTestApp({ ADMIN_EMAILS: "Boss@Example.com, other@example.com" });
    const res = await admins.json("POST", "/api/auth/register", {
      username: "theboss",
      email: "boss@example.com",
      password: "boss password",
    });
    // Only a verified address counts (see tests/api/email-verification.test.ts).
    expect((await res.json()).user.role).toBe("member");
    const cookie = sessionCookieFrom(res) ?? "";
    await confirmEmail(admins, "boss@example.com");
    const me = await (await admins.request("/api/auth/me", { headers: { cookie } })).json();
    expect(me.user.role).toBe("admin");
    await admins.close();
  });
});
