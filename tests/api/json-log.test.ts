import { afterEach, describe, expect, it } from "bun:test";
import { EnvError, envHelp, loadEnv } from "../../src/server/env";
import { createLogger } from "../../src/server/log";
import { jsonFrom, registerMember } from "../support/session";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

/** A test app whose log lines are kept, parsed, and only the request lines returned. */
async function loggedApp(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const t = await createTestApp(env, { logger: createLogger("info", (line) => lines.push(line)) });
  apps.push(t);
  const requests = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === "request");
  return { t, requests };
}

describe("request log lines (LOG_FORMAT=json)", () => {
  it("carry the request id, route template, method, status, ms and the member's id, and no address", async () => {
    const { t, requests } = await loggedApp();
    const member = await registerMember(t, "logged");
    await t.app.handle(
      new Request(`${TEST_ORIGIN}/api/badges/${member.id}`, { headers: { cookie: member.cookie } }),
      "198.51.100.23",
    );
    await t.app.handle(new Request(`${TEST_ORIGIN}/api/badges/${member.id}`), "198.51.100.24");

    const [signedIn, guest] = requests().slice(-2);
    expect(signedIn).toMatchObject({
      level: "info",
      method: "GET",
      route: "/api/badges/:userId",
      path: `/api/badges/${member.id}`,
      status: 200,
      memberId: member.id,
    });
    expect(signedIn?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof signedIn?.ms).toBe("number");
    expect(guest).toMatchObject({ route: "/api/badges/:userId", status: 401 });
    expect(guest).not.toHaveProperty("memberId");
    for (const line of requests()) expect(line).not.toHaveProperty("ip");
    const all = JSON.stringify(requests());
    expect(all).not.toContain("198.51.100.");
    expect(all).not.toContain("10.77.");
  });

  it("name a path no route takes 'unmatched', and a body that fails to parse by its route", async () => {
    const { t, requests } = await loggedApp();
    await t.request("/no/such/page/42");
    await t.app.handle(
      new Request(`${TEST_ORIGIN}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: "{not json",
      }),
    );
    const [missing, unparsed] = requests().slice(-2);
    expect(missing).toMatchObject({ route: "unmatched", path: "/no/such/page/42", status: 404 });
    expect(unparsed).toMatchObject({ route: "/api/auth/login", status: 400 });
  });

  it("carry the client's address only with LOG_ADDRESSES=true", async () => {
    const { t, requests } = await loggedApp({ LOG_ADDRESSES: "true" });
    await jsonFrom(t, "198.51.100.77", "GET", "/api/auth/me");
    expect(requests().at(-1)).toMatchObject({ route: "/api/auth/me", status: 401, ip: "198.51.100.77" });
  });
});

describe("LOG_FORMAT=text", () => {
  it("writes one key=value line per entry, quoting values that need it", () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line), "text");
    log.debug("not written");
    log.info("request", { reqId: "r-1", route: "/users/:userId", status: 200, ms: 1.5, memberId: undefined });
    log.warn("a warning", { error: "two words" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}request reqId=r-1 route=\/users\/:userId status=200 ms=1\.5$/,
    );
    expect(lines[1]).toEndWith('WARN  a warning error="two words"');
  });
});

describe("logging and metrics configuration", () => {
  const problems = (source: Record<string, string>) => {
    try {
      loadEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error.problems;
      throw error;
    }
    return [];
  };

  it("defaults to JSON lines without addresses and no metrics token", () => {
    const env = loadEnv({});
    expect(env.LOG_FORMAT).toBe("json");
    expect(env.LOG_ADDRESSES).toBe(false);
    expect(env.METRICS_TOKEN).toBe("");
    expect(loadEnv({ LOG_FORMAT: "text", LOG_ADDRESSES: "1" })).toMatchObject({
      LOG_FORMAT: "text",
      LOG_ADDRESSES: true,
    });
  });

  it("refuses an unknown LOG_FORMAT or LOG_ADDRESSES with a clear message", () => {
    expect(problems({ LOG_FORMAT: "xml" })).toEqual([
      'LOG_FORMAT: LOG_FORMAT must be json or text (got "xml")',
    ]);
    expect(problems({ LOG_ADDRESSES: "yes" })).toEqual([
      'LOG_ADDRESSES: LOG_ADDRESSES must be true or false (got "yes")',
    ]);
  });

  it("refuses a short METRICS_TOKEN without printing it", () => {
    const [problem, ...rest] = problems({ METRICS_TOKEN: "hunter2" });
    expect(rest).toEqual([]);
    expect(problem).toBe(
      "METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters, without spaces (its value is not shown)",
    );
    expect(problems({ METRICS_TOKEN: "a token with spaces in it" })[0]).not.toContain("spaces in it");
  });

  it("lists the three in openmat --help's environment", () => {
    const help = envHelp();
    for (const name of ["LOG_FORMAT", "LOG_ADDRESSES", "METRICS_TOKEN"]) expect(help).toContain(`  ${name} `);
  });
});
