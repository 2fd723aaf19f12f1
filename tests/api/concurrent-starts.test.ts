import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { migrationJournal } from "../../src/db/migrations/index";
import { type App, createApp } from "../../src/server/app";
import { loadEnv } from "../../src/server/env";
import { DEMO_MEMBERS } from "../../src/server/features/demo-community/members";
import { silentLogger } from "../../src/server/log";
import { startSqld } from "../support/sqld";
import { TEST_ORIGIN } from "../support/test-app";

/**
 * Issue 19 §6: three copies started at the same moment on an empty database (a file, sqld,
 * embedded replicas of sqld) all start, the migrations run once, and the demo data (on by
 * default) is loaded once.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function emptyDir() {
  const dir = mkdtempSync(join(tmpdir(), "openmat-starts-"));
  dirs.push(dir);
  return dir;
}

async function startThree(databases: Record<string, string>[]) {
  const settled = await Promise.allSettled(
    databases.map((database) =>
      createApp({
        env: loadEnv({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, DEMO_DATA: "true", ...database }),
        logger: silentLogger,
      }),
    ),
  );
  const apps = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const errors = settled.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
  return { apps, errors };
}

const count = async (client: Client, sql: string) => Number((await client.execute(sql)).rows[0]?.[0]);

/** What the shared database holds after the three starts. */
async function expectStartedOnce(client: Client) {
  const entries = migrationJournal.entries.length;
  expect(await count(client, "SELECT count(*) FROM __drizzle_migrations")).toBe(entries);
  expect(await count(client, "SELECT count(DISTINCT created_at) FROM __drizzle_migrations")).toBe(entries);
  // The demo community is its members exactly once, and the schools one set of demo gyms.
  expect(await count(client, "SELECT count(*) FROM users")).toBe(DEMO_MEMBERS.length);
  const schools = await count(client, "SELECT count(*) FROM schools WHERE is_demo = 1");
  expect(schools).toBeGreaterThan(1000);
  expect(await count(client, "SELECT count(DISTINCT gym || '|' || address) FROM schools")).toBe(schools);
}

async function closeAll(apps: App[]) {
  for (const app of apps) await app.close();
}

describe("three copies started at once on an empty database", () => {
  it("a file: all start, the migrations and the demo data go in once", async () => {
    const url = `file:${join(emptyDir(), "openmat.db")}`;
    const { apps, errors } = await startThree([0, 1, 2].map(() => ({ DATABASE_URL: url })));
    expect(errors).toEqual([]);
    expect(apps).toHaveLength(3);
    await expectStartedOnce((apps[0] as App).context.database.client);
    // Each copy answers.
    for (const app of apps) {
      expect((await app.handle(new Request(`${TEST_ORIGIN}/healthz`))).status).toBe(200);
    }
    await closeAll(apps);
  }, 60_000);

  it("sqld: all start, the migrations and the demo data go in once", async () => {
    const sqld = await startSqld(join(emptyDir(), "sqld"));
    try {
      const { apps, errors } = await startThree([0, 1, 2].map(() => ({ DATABASE_URL: sqld.url })));
      expect(errors).toEqual([]);
      expect(apps).toHaveLength(3);
      await expectStartedOnce((apps[0] as App).context.database.client);
      await closeAll(apps);
    } finally {
      await sqld.stop();
    }
  }, 90_000);

  it("embedded replicas of one sqld: all start, the migrations and the demo data go in once", async () => {
    const dir = emptyDir();
    const sqld = await startSqld(join(dir, "sqld"));
    const primary = createClient({ url: sqld.url });
    try {
      const { apps, errors } = await startThree(
        [0, 1, 2].map((i) => ({
          DATABASE_URL: `file:${join(dir, `replica-${i}.db`)}`,
          DATABASE_SYNC_URL: sqld.url,
          // No pull of its own during the test: each copy sees what it pulled at start.
          DATABASE_SYNC_INTERVAL: "3600",
        })),
      );
      expect(errors).toEqual([]);
      expect(apps).toHaveLength(3);
      await expectStartedOnce(primary);
      // Every copy has the tables in its own file, whichever applied the migrations.
      for (const app of apps) {
        const client = app.context.database.client;
        expect(await count(client, "SELECT count(*) FROM __drizzle_migrations")).toBe(
          migrationJournal.entries.length,
        );
        expect((await app.handle(new Request(`${TEST_ORIGIN}/api/auth/me`))).status).toBe(401);
      }
      await closeAll(apps);
    } finally {
      primary.close();
      Bun.gc(true);
      await sqld.stop();
    }
  }, 90_000);
});
