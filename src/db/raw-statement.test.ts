import { describe, expect, it } from "bun:test";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { asDrizzleSql, rawStatement } from "./raw-statement";

describe("raw statements", () => {
  it("turn into drizzle SQL with the same text and values, in order", () => {
    const statement = rawStatement("UPDATE t SET a = ? WHERE id = ? AND b = 'x'", [1, "two"]);
    const query = new SQLiteSyncDialect().sqlToQuery(asDrizzleSql(statement));
    expect(query.sql).toBe(statement.sql);
    expect(query.params).toEqual([1, "two"]);
  });

  it("refuse a text whose placeholders do not match its values", () => {
    expect(() => asDrizzleSql(rawStatement("SELECT ?, '?'", [1]))).toThrow("2 placeholders for 1 values");
  });
});
