import { describe, expect, it } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app";
import { loadEnv } from "../../src/server/env";
import { createLogger } from "../../src/server/log";
import { createTestApp } from "../support/test-app";

describe("error log", () => {
  it("a database error during sign-up logs the SQL and the driver's error, never the query's values", async () => {
    const template = await createTestApp();
    const dir = mkdtempSync(join(tmpdir(), "openmat-errlog-"));
    copyFileSync(join(template.dir, "test.db"), join(dir, "errlog.db"));
    await template.close();
    const lines: string[] = [];
    const app = await createApp({
      env: loadEnv({ DATABASE_URL: `file:${join(dir, "errlog.db")}`, DEMO_DATA: "false", NODE_ENV: "test" }),
      logger: createLogger("debug", (line) => lines.push(line)),
    });
    // Every insert into users now fails with an error that is not a unique violation.
    await app.context.database.client.execute(
      "CREATE TRIGGER users_fail BEFORE INSERT ON users BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
    );
    const member = {
      username: "leaky_name",
      email: "leaky.address@example.com",
      password: "leaky secret password",
    };
    const res = await app.handle(
      new Request("http://localhost:3000/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify(member),
      }),
    );
    await app.close();
    rmSync(dir, { recursive: true, force: true });

    expect(res.status).toBe(500);
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "unexpected error");
    expect(errors).toHaveLength(1);
    expect(errors[0].error).toContain('insert into "users"');
    expect(errors[0].cause).toContain("forced failure");
    const all = lines.join("\n");
    for (const secret of [member.email, member.username, member.password, "$argon2", "params:"]) {
      expect(all).not.toContain(secret);
    }
  });
});
