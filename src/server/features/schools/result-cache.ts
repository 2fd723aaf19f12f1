import type { Db } from "../../../db/client";
import { acceptsGzip } from "../../http/compression";
import { schoolsVersion } from "./queries";

const MAX_ENTRIES = 1000;

interface Entry {
  json: string;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * Remembers answers to repeated read queries ("Austin, TX" is asked all day), serialized
 * and gzipped, until any school changes. Freshness comes from the schools version in the
 * database (one primary-key lookup per request), so every running copy drops stale
 * answers at the same moment.
 */
export function createResultCache(db: Db) {
  let version = "";
  const entries = new Map<string, Entry>();

  async function entryFor(key: string, compute: () => Promise<unknown>): Promise<Entry> {
    const current = await schoolsVersion(db);
    if (current !== version) {
      entries.clear();
      version = current;
    }
    const hit = entries.get(key);
    if (hit) return hit;
    const json = JSON.stringify(await compute());
    const entry = { json, gzip: Bun.gzipSync(json, { level: 6 }) };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
    return entry;
  }

  /** The JSON answer for `key`, computed once per data version. */
  return async function cachedJson(
    request: Request,
    key: string,
    compute: () => Promise<unknown>,
    headers: Record<string, string | number> = {},
  ): Promise<Response> {
    const entry = await entryFor(key, compute);
    const gzip = acceptsGzip(request);
    return new Response(gzip ? entry.gzip : entry.json, {
      headers: {
        ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
        "content-type": "application/json; charset=utf-8",
        vary: "Accept-Encoding",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      },
    });
  };
}
