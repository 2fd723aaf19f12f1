import type { Db } from "../../../db/client";
import { acceptsGzip } from "../../http/compression";
import { currentSchoolsVersion } from "./schools-version";

/** Bytes all cached answers may take together (JSON, its gzip and the key). */
export const RESULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  json: string;
  gzip: Uint8Array<ArrayBuffer>;
  bytes: number;
}

export interface ResultCacheOptions {
  /** Total bytes kept; the least recently used answers go first. */
  maxBytes?: number;
  /** An answer larger than this is served but not kept (default: a sixteenth of `maxBytes`). */
  maxEntryBytes?: number;
}

/**
 * Remembers answers to repeated read queries ("Austin, TX" is asked all day), serialized
 * and gzipped, until any school changes. Freshness comes from the schools version in the
 * database, as this copy knows it (read at most once a second), so every running copy drops
 * stale answers within a second of a change. The memory it holds is bounded in bytes, not in entries:
 * one answer can list hundreds of schools.
 */
export function createResultCache(db: Db, options: ResultCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? RESULT_CACHE_MAX_BYTES;
  const maxEntryBytes = Math.min(maxBytes, options.maxEntryBytes ?? Math.floor(maxBytes / 16));
  let version = "";
  let bytes = 0;
  const entries = new Map<string, Entry>();

  function clear() {
    entries.clear();
    bytes = 0;
  }

  function remember(key: string, entry: Entry) {
    if (entry.bytes > maxEntryBytes) return;
    // Map order is insertion order: the first key is the least recently used.
    for (const [oldest, old] of entries) {
      if (bytes + entry.bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= old.bytes;
    }
    entries.set(key, entry);
    bytes += entry.bytes;
  }

  async function entryFor(key: string, compute: () => Promise<unknown>): Promise<Entry> {
    const current = await currentSchoolsVersion(db);
    if (current !== version) {
      clear();
      version = current;
    }
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const json = JSON.stringify(await compute());
    const gzip = Bun.gzipSync(json, { level: 6 });
    const entry = { json, gzip, bytes: Buffer.byteLength(json) + gzip.byteLength + key.length * 2 };
    // A newer version may have been seen while computing: keep only answers for the current one.
    if (version === current && !entries.has(key)) remember(key, entry);
    return entry;
  }

  /** The JSON answer for `key`, computed once per data version. */
  async function cachedJson(
    request: Request,
    key: string,
    compute: () => Promise<unknown>,
    headers: Record<string, string | number> = {},
  ): Promise<Response> {
    const entry = await entryFor(key, compute);
    const gzip = acceptsGzip(request);
    const out: Record<string, string> = {};
    for (const name in headers) out[name] = String(headers[name]);
    out["content-type"] = "application/json; charset=utf-8";
    out.vary = "Accept-Encoding";
    if (gzip) out["content-encoding"] = "gzip";
    return new Response(gzip ? entry.gzip : entry.json, { headers: out });
  }

  /** What the cache holds now, for tests and diagnostics. */
  cachedJson.stats = () => ({ entries: entries.size, bytes });
  return cachedJson;
}
