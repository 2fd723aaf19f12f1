import { afterEach, describe, expect, it } from "bun:test";
import { readinessTexts } from "../../src/common/schemas/operations";
import { createTestApp, type TestApp } from "../support/test-app";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function app() {
  const t = await createTestApp();
  apps.push(t);
  return t;
}

async function readyz(t: TestApp) {
  const res = await t.request("/readyz");
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("GET /readyz", () => {
  it("is 503 (jobs) until the jobs runner ticks, then 200 on a migrated database", async () => {
    const t = await app();
    expect(await readyz(t)).toEqual({
      status: 503,
      body: { status: "unavailable", reason: "jobs", message: readinessTexts.jobs },
    });
    await t.app.jobs.runDue();
    expect(await readyz(t)).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("counts a runner's timer as ticking, and one that stopped as not", async () => {
    const t = await app();
    t.app.jobs.start(20);
    expect((await readyz(t)).status).toBe(200);
    await t.app.jobs.stop();
    // Five missed ticks of 20 ms, and a little more.
    await Bun.sleep(150);
    expect((await readyz(t)).body.reason).toBe("jobs");
  });

  it("is 503 (migrations) while a migration this binary carries is not applied", async () => {
    const t = await app();
    await t.app.jobs.runDue();
    // As if the newest migration had never run: its journal row is gone.
    await t.app.context.database.client.execute(
      "DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)",
    );
    expect(await readyz(t)).toEqual({
      status: 503,
      body: { status: "unavailable", reason: "migrations", message: readinessTexts.migrations },
    });
  });

  it("is 503 (database) when the database does not answer, while /healthz, the liveness check, stays 200", async () => {
    const t = await app();
    await t.app.jobs.runDue();
    expect((await readyz(t)).status).toBe(200);
    t.app.context.database.client.close();
    expect(await readyz(t)).toEqual({
      status: 503,
      body: { status: "unavailable", reason: "database", message: readinessTexts.database },
    });
    const live = await t.request("/healthz");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
  });
});
