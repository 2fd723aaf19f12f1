import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { seedFixtureSchools } from "../support/schools";
import { registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 14: a guest's school page and plain home screen are rendered once per schools
 * version and minute, then served from memory; what they say against the clock still
 * follows the clock, and members always get a page of their own.
 */
// A Saturday in Austin, a minute before the 11:00 session counts as open (20 minutes early).
const BEFORE_OPEN = new Date("2026-07-11T10:39:00-05:00");
let clock = BEFORE_OPEN;
let t: TestApp;
const slug = "capital-city-grappling-austin-tx";
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await seedFixtureSchools(t);
});
afterAll(() => t.close());

const html = async (path: string, headers: Record<string, string> = {}) =>
  (await (await t.request(path, { headers })).text()).replaceAll("<!-- -->", "");

describe("guest pages kept per schools version and minute", () => {
  it("a school page says 'Open mat now' from the minute the session counts as open", async () => {
    clock = BEFORE_OPEN;
    expect(await html(`/schools/${slug}`)).toContain("Next open mat: Saturday, 11:00 AM CDT");
    clock = new Date(BEFORE_OPEN.getTime() + 30_000);
    expect(await html(`/schools/${slug}`)).toContain("Next open mat: Saturday, 11:00 AM CDT");
    clock = new Date(BEFORE_OPEN.getTime() + 60_000);
    expect(await html(`/schools/${slug}`)).toContain("Open mat now (started 11:00 AM)");
  });

  it("serves the same bytes to every guest within the minute, gzipped or not, with no statement", async () => {
    clock = new Date(BEFORE_OPEN.getTime() + 120_000);
    const first = await html("/?days=saturday");
    const counter = countStatements(t.app.context.database.client);
    expect(await html("/?days=saturday")).toBe(first);
    const zipped = await t.request("/?days=saturday", { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("cache-control")).toBe("no-store");
    expect(counter.n).toBe(0);
    expect(first).toContain('aria-pressed="true" name="days">Sat');
  });

  it("a member's page is their own, and a guest's search is not kept", async () => {
    const m = await registerMember(t, "cached");
    expect(await html(`/schools/${slug}`, { cookie: m.cookie })).toContain(m.username);
    expect(await html("/", { cookie: m.cookie })).toContain(m.username);
    expect(await html(`/schools/${slug}`)).not.toContain(m.username);
    const counter = countStatements(t.app.context.database.client);
    await html("/?search=Austin");
    await html("/?search=Austin");
    // Each search is charged against the guest's daily quota.
    expect(counter.sql.filter((s) => /rate_counters/.test(s)).length).toBeGreaterThanOrEqual(2);
  });
});
