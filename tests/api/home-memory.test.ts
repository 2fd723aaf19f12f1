import { heapStats } from "bun:jsc";
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { seedFixtureSchools } from "../support/schools";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" });
  await seedFixtureSchools(t);
});
afterAll(() => t.close());

/** Timers still pending once React's zero-delay ones have run, after a full GC. */
async function pendingTimers() {
  await Bun.sleep(20);
  Bun.gc(true);
  return heapStats().objectTypeCounts.Timeout ?? 0;
}

const RENDERS = 40;

describe("GET / keeps nothing alive after the response", () => {
  it.each([
    ["a guest", false],
    ["a member", true],
  ])("for %s: no timer per render (each one held a render's data for 5 minutes)", async (_, member) => {
    const headers: Record<string, string> = { "x-forwarded-for": "198.51.100.7" };
    if (member) headers.cookie = (await registerMember(t)).cookie;
    await (await t.request("/", { headers })).text();
    const before = await pendingTimers();
    for (let i = 0; i < RENDERS; i++) {
      const res = await t.request(`/?days=saturday&n=${i}`, { headers });
      expect(res.status).toBe(200);
      await res.text();
    }
    expect((await pendingTimers()) - before).toBeLessThan(5);
  });
});
