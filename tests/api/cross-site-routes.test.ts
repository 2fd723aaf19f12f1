import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { isStateChanging } from "../../src/server/http/csrf";
import { messages } from "../../src/server/http/errors";
import { registerMember } from "../support/session";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerMember(t, "csrf")).cookie;
});
afterAll(() => t.close());

/** Every write in the app's route table, with its parameters filled in. */
function writes(): { method: string; path: string }[] {
  return t.app.routes
    .filter((route) => isStateChanging(route.method))
    .map((route) => ({
      method: route.method === "ALL" ? "POST" : route.method,
      path: route.path
        .replace("/*", "/no-such-page")
        .replace(":token", "a".repeat(32))
        .replace(/:[a-zA-Z]+/g, "1"),
    }));
}

/** Every row of every table, to show a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const client = t.app.context.database.client;
  const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  const parts: string[] = [];
  for (const row of tables.rows) {
    const rows = await client.execute(`SELECT * FROM "${String(row.name)}"`);
    parts.push(String(row.name), JSON.stringify(rows.rows));
  }
  return parts.join("\n");
}

const attempts: [string, Record<string, string>][] = [
  ["neither Origin nor Sec-Fetch-Site (a text/plain body)", { "content-type": "text/plain" }],
  ["neither header, no body", {}],
  ["another site's Origin", { origin: "https://evil.example", "content-type": "application/json" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", "content-type": "application/json" }],
  ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site", "content-type": "application/json" }],
  ["the null Origin of a sandboxed page", { origin: "null", "content-type": "application/json" }],
];

describe("every write is refused unless it shows it comes from our own pages", () => {
  test("the route table has writes", () => {
    expect(writes().length).toBeGreaterThan(30);
  });

  for (const [what, headers] of attempts) {
    test(`${what}: 403 on every write, and nothing changes`, async () => {
      const before = await snapshot();
      const refused: string[] = [];
      for (const route of writes()) {
        // The one-click unsubscribe is exempt only when neither header is sent.
        if (route.path === "/unsubscribe" && !headers.origin && !headers["sec-fetch-site"]) continue;
        const res = await t.request(route.path, {
          method: route.method,
          headers: { cookie, ...headers },
          body: headers["content-type"] ? "{}" : undefined,
        });
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        if (res.status !== 403 || body.message !== messages.crossOrigin) {
          refused.push(`${route.method} ${route.path} → ${res.status}`);
        }
      }
      expect(refused).toEqual([]);
      expect(await snapshot()).toBe(before);
    });
  }

  test("a same-origin Origin alone, or Sec-Fetch-Site: same-origin alone, passes the check", async () => {
    const sameOrigin: Record<string, string>[] = [
      { origin: TEST_ORIGIN },
      { "sec-fetch-site": "same-origin" },
    ];
    for (const headers of sameOrigin) {
      const res = await t.request("/api/notifications/read-all", {
        method: "POST",
        headers: { cookie, ...headers },
      });
      expect(res.status).toBe(200);
    }
  });

  test("a mail provider's one-click unsubscribe, with neither header, is answered", async () => {
    const res = await t.request("/unsubscribe", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click&token=unknown",
    });
    expect(res.status).not.toBe(403);
  });
});
