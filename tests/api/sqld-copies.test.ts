import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { migrate } from "../../src/db/migrate";
import { type App, createApp } from "../../src/server/app";
import { loadEnv } from "../../src/server/env";
import { silentLogger } from "../../src/server/log";
import { addSchool, EVERY_DAY, wallClockAgo } from "../support/checkins";
import { registerMember } from "../support/session";
import { startSqld } from "../support/sqld";
import { TEST_ORIGIN, type TestApp } from "../support/test-app";

/**
 * README "Scaling out", on a real sqld: copy A talks to it over HTTP, copy B reads an
 * embedded replica of it. A sign-out on one is refused on the other within the documented
 * bound, and a quota is exact across both.
 */
const SESSION_CACHE_MS = 300;
const SYNC_SECONDS = 0.2;
const SEARCH_LIMIT = 3;
const CHECKIN_LIMIT = 2;
let dir: string;
let sqld: Awaited<ReturnType<typeof startSqld>>;
let a: TestApp;
let b: TestApp;

async function copy(database: Record<string, string>): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    DEMO_DATA: "false",
    SESSION_CACHE_MS: String(SESSION_CACHE_MS),
    SEARCH_LIMIT_MEMBER: String(SEARCH_LIMIT),
    LIMIT_CHECKINS_PER_HOUR: String(CHECKIN_LIMIT),
    ...database,
  });
  const app: App = await createApp({ env, logger: silentLogger });
  const request = (path: string, init?: RequestInit) =>
    app.handle(new Request(`${TEST_ORIGIN}${path}`, init));
  return { app, env, dir, request, json: undefined as never, close: () => app.close() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-sqld-"));
  const migrated = join(dir, "migrated.db");
  const client = createClient({ url: `file:${migrated}` });
  await migrate(client);
  client.close();
  sqld = await startSqld(join(dir, "sqld"), migrated);
  a = await copy({ DATABASE_URL: sqld.url });
  b = await copy({
    DATABASE_URL: `file:${join(dir, "replica.db")}`,
    DATABASE_SYNC_URL: sqld.url,
    DATABASE_SYNC_INTERVAL: String(SYNC_SECONDS),
  });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  // A closed replica's native handle keeps syncing until it is collected; once sqld is gone
  // that logs an error a second for the rest of the run. Let it go before sqld stops.
  b = undefined as unknown as TestApp;
  Bun.gc(true);
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const me = (t: TestApp, cookie: string) =>
  t.request("/api/auth/me", { headers: { cookie } }).then((res) => res.status);

async function statusWithin(t: TestApp, cookie: string, want: number, ms: number) {
  const started = performance.now();
  let status = await me(t, cookie);
  while (status !== want && performance.now() - started < ms) {
    await Bun.sleep(20);
    status = await me(t, cookie);
  }
  return { status, ms: performance.now() - started };
}

describe("two copies on one sqld, one of them an embedded replica", () => {
  it("a replica reads its own writes at once", async () => {
    const member = await registerMember(b);
    expect(await me(b, member.cookie)).toBe(200);
  });

  it("a sign-out on the server copy is refused by the replica within the cache and sync bound", async () => {
    const member = await registerMember(a);
    expect((await statusWithin(b, member.cookie, 200, 2000)).status).toBe(200);
    const out = await a.request("/api/auth/logout", {
      method: "POST",
      headers: { cookie: member.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(out.status).toBe(200);
    expect(await me(a, member.cookie)).toBe(401);
    const bound = SESSION_CACHE_MS + SYNC_SECONDS * 1000;
    const onB = await statusWithin(b, member.cookie, 401, bound * 4);
    expect(onB.status).toBe(401);
    // The documented bound, plus a margin for a busy test machine.
    expect(onB.ms).toBeLessThan(bound + 700);
  });

  it("counts a member's searches exactly across both copies", async () => {
    const member = await registerMember(a);
    await statusWithin(b, member.cookie, 200, 2000);
    const radius = (t: TestApp) =>
      t
        .request("/api/schools/radius?lat=30.2672&lng=-97.7431&radius=40", {
          headers: { cookie: member.cookie },
        })
        .then((res) => res.status);
    const statuses = [];
    for (const t of [a, b, a, b, a]) statuses.push(await radius(t));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  // Counted in the check-in's own transaction (migration 0033's trigger): its refusal must
  // come back as the spec's 429 from sqld and through the replica's delegated write too.
  it("counts a member's check-ins sent at once exactly across both copies", async () => {
    const member = await registerMember(a);
    await statusWithin(b, member.cookie, 200, 2000);
    const startedAgo = wallClockAgo(10);
    const schools = [];
    for (let i = 0; i < CHECKIN_LIMIT + 3; i++)
      schools.push(await addSchool(a, { sessions: EVERY_DAY(startedAgo) }));
    await Bun.sleep(SYNC_SECONDS * 1000 * 3);
    const responses = await Promise.all(
      schools.map((school, i) =>
        (i % 2 ? b : a).request("/api/checkins", {
          method: "POST",
          headers: {
            cookie: member.cookie,
            "sec-fetch-site": "same-origin",
            "content-type": "application/json",
          },
          body: JSON.stringify({
            schoolId: school.id,
            latitude: school.latitude,
            longitude: school.longitude,
          }),
        }),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
  });
});
