import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { isStateChanging } from "../../src/server/http/csrf";
import { memberLimitTable, writesWithoutMemberLimit } from "../../src/server/http/member-limits";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const writes = () => t.app.routes.filter((route) => isStateChanging(route.method));

describe("every write names its member limit (ARCHITECTURE 'Limits are one mechanism')", () => {
  test("the route table has writes to check", () => {
    expect(writes().length).toBeGreaterThan(30);
  });

  test("each state-changing route declares a limit, or is listed as a guest's or a token's write", () => {
    const missing = writes()
      .filter((route) => !route.memberLimit && !writesWithoutMemberLimit[`${route.method} ${route.path}`])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  test("the exemptions name real routes, and none of them also declares a limit", () => {
    const declared = new Map(writes().map((route) => [`${route.method} ${route.path}`, route.memberLimit]));
    for (const name of Object.keys(writesWithoutMemberLimit)) {
      expect(declared.has(name)).toBe(true);
      expect(declared.get(name)).toBeNull();
    }
  });

  test("every limit in the table is charged by some route", () => {
    const used = new Set(writes().map((route) => route.memberLimit));
    for (const name of Object.keys(memberLimitTable)) expect(used.has(name as never)).toBe(true);
  });
});
