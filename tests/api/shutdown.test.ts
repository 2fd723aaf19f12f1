import { describe, expect, it } from "bun:test";
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { registerMember } from "../support/session";
import { createTestApp } from "../support/test-app";

describe("closing the app", () => {
  it("folds the WAL into the database file, so the .db file alone holds everything", async () => {
    const t = await createTestApp();
    const m = await registerMember(t);
    const file = join(t.dir, "test.db");
    await t.app.close();
    expect(existsSync(`${file}-wal`) ? Bun.file(`${file}-wal`).size : 0).toBe(0);
    const copy = join(t.dir, "copy.db");
    copyFileSync(file, copy);
    const client = createClient({ url: `file:${copy}` });
    const rows = await client.execute({ sql: "select username from users where id = ?", args: [m.id] });
    client.close();
    expect(rows.rows[0]?.[0]).toBe(m.username);
    await t.close();
  });
});
