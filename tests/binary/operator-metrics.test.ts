/**
 * Readiness, metrics and logs through the compiled binary with the checkout hidden:
 * `bun test --timeout 60000 tests/binary/operator-metrics.test.ts` after `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import parse from "parse-prometheus-text-format";
import {
  assertCanHideCheckout,
  type RunningBinary,
  runHiddenCommand,
  startHiddenServer,
} from "../support/binary";
import { sampleOf } from "../support/metrics";

const TOKEN = "binary-metrics-token-0123456789";

async function readyWithin(url: string, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${url}/readyz`);
    if (res.status === 200 || Date.now() > deadline) return res;
    await Bun.sleep(100);
  }
}

describe("the binary's readiness, metrics and logs", () => {
  let server: RunningBinary;
  beforeAll(async () => {
    assertCanHideCheckout();
    server = await startHiddenServer({ METRICS_TOKEN: TOKEN, DEMO_DATA: "false", LOG_FORMAT: "json" });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it("answers /readyz once its jobs runner ticks on the migrated database", async () => {
    const res = await readyWithin(server.url, 10_000);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("serves /metrics to the token, parsed by a Prometheus text parser, and 401 without it", async () => {
    await fetch(`${server.url}/users/1`);
    await fetch(`${server.url}/users/2`);
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const families = parse(await res.text());
    const users = families
      .find((f) => f.name === "openmat_http_requests_total")
      ?.metrics.filter((m) => m.labels?.route === "/users/:userId")
      .reduce((sum, m) => sum + Number(m.value), 0);
    expect(users).toBe(2);
    expect(sampleOf(families, "openmat_database_up")).toBe(1);
    expect(sampleOf(families, "openmat_members")).toBe(0);
    expect(sampleOf(families, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
    expect(sampleOf(families, "openmat_db_statements_total", { kind: "execute" })).toBeGreaterThan(0);

    // A token is set: this machine needs it too.
    const without = await fetch(`${server.url}/metrics`);
    expect(without.status).toBe(401);
    expect(((await without.json()) as { message: string }).message).toContain("METRICS_TOKEN");
  });

  it("logs each request as one JSON line with its route template and no address", async () => {
    await fetch(`${server.url}/users/3`);
    await Bun.sleep(100);
    const lines = server
      .log()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const line = lines.find((l) => l.msg === "request" && l.path === "/users/3");
    expect(line).toMatchObject({ method: "GET", route: "/users/:userId" });
    expect(typeof line?.reqId).toBe("string");
    expect(server.log()).not.toContain('"ip"');
  });
});

describe("the binary's logging settings", () => {
  it("refuses an unknown LOG_FORMAT at start with a clear message", async () => {
    const { code, output } = await runHiddenCommand(["serve"], {
      LOG_FORMAT: "xml",
      DATABASE_URL: "file:x.db",
    });
    expect(code).toBe(1);
    expect(output).toContain("LOG_FORMAT must be json or text");
  });

  it("writes key=value lines with LOG_FORMAT=text and answers /metrics to loopback without a token", async () => {
    const server = await startHiddenServer({ DEMO_DATA: "false", LOG_FORMAT: "text" });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
      await Bun.sleep(100);
      expect(server.log()).toMatch(
        / INFO {2}request reqId=\S+ method=GET route=\/metrics path=\/metrics status=200 /,
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
