import { describe, expect, it } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app";
import { loadEnv } from "../../src/server/env";
import { createLogger } from "../../src/server/log";
import { createTestApp } from "../support/test-app";

describe("request log", () => {
  it("writes one structured line per request, without query strings, cookies or bodies", async () => {
    const template = await createTestApp();
    const dir = mkdtempSync(join(tmpdir(), "openmat-log-"));
    copyFileSync(join(template.dir, "test.db"), join(dir, "log.db"));
    await template.close();
    const lines: string[] = [];
    const app = await createApp({
      env: loadEnv({ DATABASE_URL: `file:${join(dir, "log.db")}`, DEMO_DATA: "false", NODE_ENV: "test" }),
      logger: createLogger("info", (line) => lines.push(line)),
    });
    await app.handle(
      new Request("http://localhost:3000/api/auth/login?token=secret-in-query", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "sec-fetch-site": "same-origin",
          cookie: "om_session=secret-cookie",
        },
        body: JSON.stringify({ identifier: "someone", password: "secret-password" }),
      }),
    );
    await app.handle(new Request("http://localhost:3000/api/nope"));
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: "info",
      method: "POST",
      path: "/api/auth/login",
      status: 401,
    });
    expect(requests[0].reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof requests[0].ms).toBe("number");
    expect(requests[1]).toMatchObject({ method: "GET", path: "/api/nope", status: 404 });
    const all = lines.join("\n");
    for (const secret of ["secret-in-query", "secret-cookie", "secret-password"])
      expect(all).not.toContain(secret);
  });
});
