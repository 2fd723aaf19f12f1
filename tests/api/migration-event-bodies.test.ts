import { afterAll, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { migrate } from "../../src/db/migrate";
import { migrationSql } from "../../src/db/migrations/index";

const dir = mkdtempSync(join(tmpdir(), "openmat-strip-events-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("migration 0017 keeps only the ids of events stored with a message's body or a bell item's text", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await migrate(client);
  const insert = (type: string, payload: unknown) =>
    client.execute({
      sql: "INSERT INTO domain_events (type, actor_id, subject_id, payload, created_at) VALUES (?, 1, 2, ?, 0)",
      args: [type, JSON.stringify(payload)],
    });
  // As the build before issue 19 stored them.
  await insert("message.sent", { message: { id: 41, senderId: 1, body: "my secret plan", createdAt: "x" } });
  await insert("notification.created", { notification: { id: 2, text: "Rafa followed you" } });
  // As they are stored now, and another type: left as they are.
  await insert("message.sent", { messageId: 42 });
  await insert("follow.created", { followingId: 3 });

  const sql = migrationSql["0017_strip_event_bodies"];
  if (!sql) throw new Error("migration 0017 is missing");
  for (const statement of sql.split("--> statement-breakpoint")) await client.execute(statement);

  const rows = await client.execute("SELECT type, payload FROM domain_events ORDER BY id");
  expect(rows.rows.map((r) => [r.type, JSON.parse(String(r.payload))])).toEqual([
    ["message.sent", { messageId: 41 }],
    ["notification.created", {}],
    ["message.sent", { messageId: 42 }],
    ["follow.created", { followingId: 3 }],
  ]);
  client.close();
});
