import { describe, expect, it } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { generateSQLiteDrizzleJson } from "drizzle-kit/api";
import * as schema from "./schema";

/**
 * The schema the code uses is the one the migrations build: drizzle-kit's reading of
 * src/db/schema (the same serializer `npm run db:generate` runs) equals the snapshot of
 * the newest migration. It fails when a table changes without a migration, and it is the
 * check that splitting the schema into files changed no SQL.
 */

const META = join(import.meta.dir, "migrations/meta");

async function latestSnapshot() {
  const newest = readdirSync(META)
    .filter((f) => f.endsWith("_snapshot.json"))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`no snapshot in ${META}`);
  return Bun.file(join(META, newest)).json();
}

describe("database schema", () => {
  it("matches the newest migration's snapshot", async () => {
    const [current, migrated] = await Promise.all([
      generateSQLiteDrizzleJson({ ...schema }),
      latestSnapshot(),
    ]);
    expect(Object.keys(current.tables).length).toBeGreaterThan(30);
    expect(current.tables).toEqual(migrated.tables);
    expect(current.views).toEqual(migrated.views);
    // Expression indexes (lower(username), lower(gym)) are described only here.
    expect(current.internal).toEqual(migrated.internal);
  });
});
