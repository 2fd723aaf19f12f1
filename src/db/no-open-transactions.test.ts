import { describe, expect, it } from "bun:test";
import { Glob } from "bun";

/**
 * A local database file is one connection (src/db/client.ts): a transaction held open across
 * awaits would make every other request wait, or fail at once. Writes that belong together
 * go in one `db.batch`, with conditional SQL where a later statement depends on an earlier one.
 */
describe("database access", () => {
  it("never opens an interactive transaction in the app's code", async () => {
    const offenders: string[] = [];
    for await (const path of new Glob("src/**/*.{ts,tsx}").scan(".")) {
      if (path.endsWith(".test.ts") || path.endsWith(".test.tsx")) continue;
      const text = await Bun.file(path).text();
      if (/\.transaction\(/.test(text)) offenders.push(path);
    }
    expect(offenders).toEqual([]);
  });
});
