import type { Db } from "./client";

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle prepared query, built once per database and reused: on the hottest paths
 * (every signed-in request looks up its session) building the query each time cost as
 * much as running it.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
