/**
 * Issue 24, knowing what runs and safe upgrades, through the compiled binary with the
 * checkout hidden: --version, migrate --dry-run on an older database, and the refusal to
 * touch a database that a newer OpenMat migrated.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import packageJson from "../../package.json" with { type: "json" };
import { assertCanHideCheckout, CHECKOUT } from "../support/binary";
import {
  dataDir,
  fromTheFuture,
  olderDatabase,
  removeDataDirs,
  runBinary,
  scalar,
  sha256,
  tags,
  walBytes,
} from "./operator-support";

beforeAll(() => assertCanHideCheckout());
afterAll(removeDataDirs);

const schema = tags.at(-1) as string;

describe("openmat --version", () => {
  it("prints the version, the commit it was built from, the build date and the schema it expects", async () => {
    const { code, output } = await runBinary(["--version"], {});
    expect(code).toBe(0);
    const fields = Object.fromEntries(
      output
        .trim()
        .split("\n")
        .map((line) => line.split(/\s+/) as [string, string]),
    );
    expect(fields.openmat).toBe(packageJson.version);
    expect(fields.schema).toBe(schema);
    expect(fields.commit).toMatch(/^[0-9a-f]{7,}(-dirty)?$/);
    const sha = (fields.commit as string).replace("-dirty", "");
    expect(spawnSync("git", ["cat-file", "-e", `${sha}^{commit}`], { cwd: CHECKOUT }).status).toBe(0);
    const built = Date.parse(fields.built as string);
    expect(built).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - built).toBeLessThan(30 * 86_400_000);

    const word = await runBinary(["version"], {});
    expect(word).toEqual({ code: 0, output });
    expect((await runBinary(["--help"], {})).output).toContain("openmat restore FILE");
  });
});

describe("openmat migrate --dry-run", () => {
  it("lists an older database's pending migrations and writes nothing; migrate then applies them", async () => {
    const dir = dataDir();
    const file = join(dir, "openmat.db");
    await olderDatabase(file, tags.length - 3);
    const env = { DATABASE_URL: `file:${file}` };
    const before = sha256(file);

    const dry = await runBinary(["migrate", "--dry-run"], env);
    expect(dry.code).toBe(0);
    expect(dry.output).toBe(
      `3 pending migration(s):\n${tags
        .slice(-3)
        .map((tag) => `  ${tag}\n`)
        .join("")}`,
    );
    expect(sha256(file)).toBe(before);
    expect(walBytes(file)).toBe(0);
    expect(scalar(file, "SELECT count(*) FROM __drizzle_migrations")).toBe(tags.length - 3);

    expect(await runBinary(["migrate"], env)).toEqual({ code: 0, output: "Applied 3 migration(s).\n" });
    expect(scalar(file, "SELECT value FROM app_meta WHERE key = 'schema.migrated_by'")).toMatch(
      new RegExp(`^openmat ${packageJson.version} \\(commit [0-9a-f]{7,}(-dirty)?, schema ${schema}\\)$`),
    );
    expect(await runBinary(["migrate", "--dry-run"], env)).toEqual({
      code: 0,
      output: "Database is up to date; nothing to apply.\n",
    });
    expect((await runBinary(["migrate", "--later"], env)).code).toBe(64);
  });
});

describe("a database that a newer OpenMat migrated", () => {
  const newer = "openmat 9.0.0 (commit 0123abc, schema 0031_from_the_future)";
  let file = "";
  let env: Record<string, string> = {};
  let hash = "";
  beforeAll(async () => {
    const dir = dataDir();
    file = join(dir, "openmat.db");
    await olderDatabase(file, tags.length);
    fromTheFuture(file, newer);
    env = { DATABASE_URL: `file:${file}`, PORT: "0", HOST: "127.0.0.1" };
    hash = sha256(file);
  });

  it.each([
    [["serve"]],
    [["migrate"]],
    [["migrate", "--dry-run"]],
    [["backup", "/tmp/never-written.db"]],
    [["export"]],
    [["admin", "grant", "someone@example.com"]],
  ])("`openmat %p` exits at once naming both versions, and changes nothing", async (args) => {
    const started = Date.now();
    const { code, output } = await runBinary(args, env, 20_000);
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output).toContain(`This database was migrated by a newer OpenMat, ${newer}`);
    expect(output).toMatch(
      new RegExp(
        `1 migration\\(s\\) that openmat ${packageJson.version} \\(commit [0-9a-f]{7,}(-dirty)?, schema ${schema}\\) does not know`,
      ),
    );
    expect(output).toContain("Nothing was changed.");
    expect(sha256(file)).toBe(hash);
    expect(walBytes(file)).toBe(0);
    expect(existsSync("/tmp/never-written.db")).toBe(false);
  });

  it("without the newer build's record, names its latest migration by when it was made", async () => {
    const copy = join(dataDir(), "openmat.db");
    copyFileSync(file, copy);
    scalar(copy, "DELETE FROM app_meta WHERE key = 'schema.migrated_by'");
    const { code, output } = await runBinary(["migrate"], { DATABASE_URL: `file:${copy}` });
    expect(code).toBe(1);
    expect(output).toContain("a newer OpenMat (its latest migration was made 2100-01-01T00:00:00.000Z)");
    expect(scalar(copy, "SELECT count(*) FROM __drizzle_migrations")).toBe(tags.length + 1);
  });
});
