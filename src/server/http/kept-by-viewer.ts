import type { Client } from "@libsql/client";
import { tableVersions, type VersionedTable } from "../../db/table-versions";
import { acceptsGzip } from "./compression";

/**
 * What a copy keeps per member and address (a page, an API answer), with the versions of
 * the tables it was read from and the minute it was made in: a request finds it only when
 * neither has moved since, so a member's own write shows on their next request and another
 * copy's within the versions' refresh (src/db/table-versions.ts). The minute bounds what it
 * says against the clock ("today", "open now"), as the guest pages' cache does.
 *
 * Bounded by bytes; the least recently used goes first. One entry per member and address:
 * a newer one replaces it, so old versions never pile up.
 */
export interface KeptStore<T> {
  /**
   * The kept value when its versions and minute still hold; `load`'s otherwise, kept. The
   * stamp is taken before `load` reads, so what is kept is never older than its stamp.
   */
  get(key: string, stamp: Stamp, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Bytes held now. */
  bytes(): number;
}

/** What a kept value depends on: the versions of its tables and the minute it was made. */
export interface Stamp {
  versions: string;
  minute: number;
}

export function createKeptStore<T>(maxBytes: number, sizeOf: (value: T) => number): KeptStore<T> {
  const entries = new Map<string, { stamp: Stamp; value: T; size: number }>();
  let held = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    held -= entry.size;
  };
  return {
    bytes: () => held,
    async get(key, stamp, load) {
      const kept = entries.get(key);
      if (kept && kept.stamp.versions === stamp.versions && kept.stamp.minute === stamp.minute) {
        // Most recently used last, so the first key is the one to drop.
        entries.delete(key);
        entries.set(key, kept);
        return kept.value;
      }
      const value = await load();
      if (value === undefined || maxBytes <= 0) return value;
      const size = sizeOf(value);
      drop(key);
      if (size > maxBytes / 8) return value;
      while (held + size > maxBytes) drop(entries.keys().next().value as string);
      entries.set(key, { stamp, value, size });
      held += size;
      return value;
    },
  };
}

/** The stamp for a request now: the versions of `tables` on this copy, and the minute. */
export async function stampOf(client: Client, tables: readonly VersionedTable[], now: Date): Promise<Stamp> {
  return { versions: await tableVersions(client, tables), minute: Math.floor(now.getTime() / 60_000) };
}

interface KeptAnswer {
  status: number;
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

const MIN_GZIP_BYTES = 1024;

/**
 * JSON answers kept per member and address (the address with its query): a request whose
 * tables have not moved gets the same bytes, gzipped once. Only 200s are kept; anything
 * else is answered as the handler made it.
 */
export function keptAnswers(options: { client: Client; now: () => Date; maxBytes: number }) {
  const store = createKeptStore<KeptAnswer>(
    options.maxBytes,
    (a) => a.body.byteLength + (a.gzip?.byteLength ?? 0) + 200,
  );
  return async (
    request: Request,
    viewerId: number,
    tables: readonly VersionedTable[],
    answer: () => Promise<Response>,
  ): Promise<Response> => {
    const url = new URL(request.url);
    const stamp = await stampOf(options.client, tables, options.now());
    let passed: Response | undefined;
    const kept = await store.get(`${viewerId}|${url.pathname}${url.search}`, stamp, async () => {
      const response = await answer();
      const contentType = response.headers.get("content-type") ?? "";
      if (response.status !== 200 || !contentType.startsWith("application/json")) {
        passed = response;
        return undefined;
      }
      const body = new Uint8Array(await response.arrayBuffer());
      const gzip = body.byteLength >= MIN_GZIP_BYTES ? Bun.gzipSync(body, { level: 6 }) : undefined;
      return { status: 200, contentType, body, gzip };
    });
    if (!kept) return passed as Response;
    const gzip = kept.gzip && acceptsGzip(request);
    return new Response(gzip ? kept.gzip : kept.body, {
      status: kept.status,
      headers: {
        "content-type": kept.contentType,
        "cache-control": "no-store",
        vary: "Accept-Encoding",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      },
    });
  };
}
