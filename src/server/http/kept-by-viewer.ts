import type { Client } from "@libsql/client";
import { tableVersions, type VersionedTable } from "../../db/table-versions";
import type { PolicyViewer } from "../policy/viewer";
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
}

/** What a kept value depends on: the versions of its tables and the minute it was made. */
export interface Stamp {
  versions: string;
  minute: number;
}

export function createKeptStore<T>(maxBytes: number, sizeOf: (value: T) => number): KeptStore<T> {
  const entries = new Map<string, { stamp: Stamp; value: T; size: number }>();
  // Loads under way, by key: requests that miss together (a member's tabs, the minute
  // turning on a busy copy) share one load instead of each reading the database again.
  const loading = new Map<string, { stamp: Stamp; value: Promise<T | undefined> }>();
  let held = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    held -= entry.size;
  };
  return {
    async get(key, stamp, load) {
      const kept = entries.get(key);
      if (kept && sameStamp(kept.stamp, stamp)) {
        // Most recently used last, so the first key is the one to drop.
        entries.delete(key);
        entries.set(key, kept);
        return kept.value;
      }
      const shared = loading.get(key);
      if (shared && sameStamp(shared.stamp, stamp)) return shared.value;
      const pending = load();
      loading.set(key, { stamp, value: pending });
      let value: T | undefined;
      try {
        value = await pending;
      } finally {
        if (loading.get(key)?.value === pending) loading.delete(key);
      }
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

const sameStamp = (a: Stamp, b: Stamp) => a.versions === b.versions && a.minute === b.minute;

/** The stamp for a request now: the versions of `tables` on this copy, and the minute. */
export async function stampOf(client: Client, tables: readonly VersionedTable[], now: Date): Promise<Stamp> {
  return { versions: await tableVersions(client, tables), minute: Math.floor(now.getTime() / 60_000) };
}

interface KeptAnswer {
  body: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/** An answer's JSON with headers of its own (a list's `X-Total-Count`), kept with it. */
export class WithHeaders {
  constructor(
    readonly json: unknown,
    readonly headers: Record<string, string>,
  ) {}
}

const MIN_GZIP_BYTES = 1024;
const encoder = new TextEncoder();

export type KeptAnswers = (
  request: Request,
  viewer: PolicyViewer,
  tables: readonly VersionedTable[],
  answer: () => unknown,
) => Promise<Response>;

/**
 * JSON answers kept per member and address (the address with its query): a request whose
 * tables have not moved gets the same bytes, gzipped once. What `answer` throws (a 4xx) is
 * thrown as before, and nothing is kept.
 */
export function keptAnswers(options: { client: Client; now: () => Date; maxBytes: number }): KeptAnswers {
  const store = createKeptStore<KeptAnswer>(
    options.maxBytes,
    (a) => a.body.byteLength + (a.gzip?.byteLength ?? 0) + 300,
  );
  return async (request, viewer, tables, answer) => {
    const url = new URL(request.url);
    // An admin may see what a member may not (a hidden post): the kind is part of the key.
    const viewerKey = viewer.kind === "guest" ? "guest" : `${viewer.kind}:${viewer.id}`;
    const stamp = await stampOf(options.client, tables, options.now());
    const kept = (await store.get(`${viewerKey}|${url.pathname}${url.search}`, stamp, async () => {
      const answered = await answer();
      const json = answered instanceof WithHeaders ? answered.json : answered;
      const body = encoder.encode(JSON.stringify(json)) as Uint8Array<ArrayBuffer>;
      const gzip = body.byteLength >= MIN_GZIP_BYTES ? Bun.gzipSync(body, { level: 6 }) : undefined;
      return { body, gzip, ...(answered instanceof WithHeaders ? { headers: answered.headers } : {}) };
    })) as KeptAnswer;
    const gzip = kept.gzip && acceptsGzip(request);
    return new Response(gzip ? kept.gzip : kept.body, {
      headers: {
        ...kept.headers,
        "content-type": "application/json",
        vary: "Accept-Encoding",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      },
    });
  };
}

const answersByApp = new WeakMap<object, KeptAnswers>();

/** The app's one store of kept answers (half of MEMBER_CACHE_MB; the pages have the other half). */
export function keptAnswersOf(app: {
  env: { MEMBER_CACHE_MB: number };
  database: { client: Client };
  now: () => Date;
}): KeptAnswers {
  let kept = answersByApp.get(app);
  if (!kept) {
    kept = keptAnswers({
      client: app.database.client,
      now: app.now,
      maxBytes: (app.env.MEMBER_CACHE_MB * 1024 * 1024) / 2,
    });
    answersByApp.set(app, kept);
  }
  return kept;
}
