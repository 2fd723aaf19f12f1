import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { migrate } from "../../src/db/migrate";
import { type App, createApp } from "../../src/server/app";
import { type Env, loadEnv } from "../../src/server/env";
import { silentLogger } from "../../src/server/log";
import { fetchHandler } from "../../src/server/serve";
import { startSqld } from "./sqld";
import { TEST_ORIGIN } from "./test-app";

/** A copy of the app served over HTTP on loopback, as `openmat serve` would. */
export interface ServedCopy {
  app: App;
  env: Env;
  url: string;
  close(): Promise<void>;
}

export async function serveCopy(overrides: Record<string, string>): Promise<ServedCopy> {
  const env = loadEnv({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    DEMO_DATA: "false",
    ...overrides,
  });
  const app = await createApp({ env, logger: silentLogger });
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: fetchHandler(app) });
  return {
    app,
    env,
    url: `http://127.0.0.1:${server.port}`,
    async close() {
      await app.live.close();
      await server.stop(true);
      await app.close();
    },
  };
}

/**
 * A load balancer in a few lines: each request goes to the next target in turn, its body
 * and headers as sent (uncompressed, so the answer passes through unchanged), and the
 * answer streams back, event streams too.
 */
export function roundRobin(targets: string[]) {
  let turn = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 60,
    async fetch(request) {
      const target = targets[turn++ % targets.length] as string;
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete("host");
      headers.set("accept-encoding", "identity");
      const body =
        request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      return fetch(`${target}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body,
        redirect: "manual",
      });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    /** The index of the target the next request goes to. */
    next: () => turn % targets.length,
    stop: () => server.stop(true),
  };
}

/** A migrated sqld in a temporary folder, for copies to share. */
export async function migratedSqld() {
  const dir = mkdtempSync(join(tmpdir(), "openmat-sqld-"));
  const migrated = join(dir, "migrated.db");
  const client = createClient({ url: `file:${migrated}` });
  await migrate(client);
  client.close();
  const sqld = await startSqld(join(dir, "sqld"), migrated);
  return {
    dir,
    url: sqld.url,
    /** Embedded replica `name`'s settings: its own file in `dir`, pulled every `syncSeconds`. */
    replicaEnv: (name: string, syncSeconds: number) => ({
      DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
      DATABASE_SYNC_URL: sqld.url,
      DATABASE_SYNC_INTERVAL: String(syncSeconds),
    }),
    async stop() {
      // A closed replica's native handle keeps syncing until it is collected; once sqld is
      // gone that logs an error a second. Collect closed replicas before sqld stops.
      Bun.gc(true);
      await sqld.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
