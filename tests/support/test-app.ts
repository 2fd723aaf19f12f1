import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { migrate } from "../../src/db/migrate";
import { migrationSql } from "../../src/db/migrations/index";
import { type App, createApp } from "../../src/server/app";
import { type Env, loadEnv } from "../../src/server/env";
import { type Logger, silentLogger } from "../../src/server/log";

export const TEST_ORIGIN = "http://localhost:3000";

/** A migrated database file, built once per schema version and copied for each test app. */
async function templateDb(): Promise<string> {
  const schemaHash = Bun.hash(Object.values(migrationSql).join("\n")).toString(16);
  const path = join(tmpdir(), `openmat-template-${schemaHash}.db`);
  if (existsSync(path)) return path;
  const building = `${path}.${process.pid}.tmp`;
  const client = createClient({ url: `file:${building}` });
  await migrate(client);
  client.close();
  copyFileSync(building, path);
  rmSync(building, { force: true });
  return path;
}

export interface TestApp {
  app: App;
  env: Env;
  dir: string;
  /** Sends a request through the full HTTP pipeline; `path` is relative to the public URL. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** JSON request helper with same-origin headers, as a browser would send them. */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { now?: () => Date; logger?: Logger } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "openmat-test-"));
  copyFileSync(await templateDb(), join(dir, "test.db"));
  const env = loadEnv({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    DATABASE_URL: `file:${join(dir, "test.db")}`,
    DEMO_DATA: "false",
    // Tests change rows behind the app's back (SQL, the CLI) and expect the next request to
    // see it; the session cache has its own tests (tests/api/session-cache.test.ts).
    SESSION_CACHE_MS: "0",
    ...overrides,
  });
  const app = await createApp({ env, logger: options.logger ?? silentLogger, now: options.now });
  const request = (path: string, init?: RequestInit) =>
    app.handle(new Request(`${TEST_ORIGIN}${path}`, init));
  return {
    app,
    env,
    dir,
    request,
    json: (method, path, body, headers = {}) =>
      request(path, {
        method,
        headers: {
          "sec-fetch-site": "same-origin",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
