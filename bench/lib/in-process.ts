// What the in-process bench scripts (db-reads, request-profile, member-pages) share: an app
// on a copy of a database file, a signed-up member's cookie, and a request helper. Run them
// with NODE_ENV=production, as the binary is built, or React runs its development build.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type App, createApp } from "../../src/server/app";
import { loadEnv } from "../../src/server/env";
import { silentLogger } from "../../src/server/log";

export const ORIGIN = "http://localhost:3000";

export interface BenchApp {
  app: App;
  /** A GET as a browser sends it (gzip accepted), with extra headers such as a cookie. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** Signs a new member up through the API and returns their session cookie. */
  signUp(username: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the app on a copy of `template` (or on a new, empty database), with no demo data
 * and limits raised so the bench's own sign-ups and searches are never refused.
 */
export async function benchApp(template?: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), "openmat-in-process-"));
  if (template) copyFileSync(template, join(dir, "db.db"));
  const app = await createApp({
    env: loadEnv({
      NODE_ENV: "production",
      PUBLIC_URL: ORIGIN,
      DATABASE_URL: `file:${join(dir, "db.db")}`,
      DEMO_DATA: "false",
      SIGNUP_LIMIT: "1000",
      SEARCH_LIMIT_MEMBER: "100000000",
      ...env,
    }),
    logger: silentLogger,
  });
  return {
    app,
    get: (path, headers = {}) =>
      app.handle(new Request(ORIGIN + path, { headers: { "accept-encoding": "gzip", ...headers } })),
    async signUp(username) {
      const res = await app.handle(
        new Request(`${ORIGIN}/api/auth/register`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN },
          body: JSON.stringify({
            username,
            email: `${username}@example.com`,
            password: "a long bench password",
          }),
        }),
      );
      const cookie = (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
      if (!cookie) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
      return cookie;
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU (user + system) and wall time per request, in ms, over `iterations` requests after
 * `warmUp` unmeasured ones: on a shared machine, CPU time is the figure to compare.
 */
export async function timePerRequest(
  run: () => Promise<Response>,
  iterations: number,
  warmUp: number,
  concurrency = 1,
) {
  // `concurrency` loops share the count, each sending its next request when its last is answered.
  const runAll = async (count: number) => {
    let left = count;
    const loop = async () => {
      while (left-- > 0) await (await run()).arrayBuffer();
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
  };
  await runAll(Math.min(warmUp, iterations));
  const started = process.cpuUsage();
  const wall = performance.now();
  await runAll(iterations);
  const used = process.cpuUsage(started);
  return {
    cpu: (used.user + used.system) / 1000 / iterations,
    wall: (performance.now() - wall) / iterations,
  };
}
