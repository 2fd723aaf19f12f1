/**
 * Calendar apps poll a member's address often, and a calendar of 50 gyms takes tens of
 * milliseconds to write. This copy keeps each member's last body with what it was made
 * from: the schools version (every change of a school, its sessions or its exceptions bumps
 * it), the saved gyms' ids, the rows of going, the UTC day (the DTSTAMP) and the local date
 * in each of its gyms' zones (a series starts at its first occurrence from "today"). A poll
 * whose inputs are all the same gets the kept body and ETag (so a 304 costs two small
 * queries); anything else makes it anew. Least recently used first out, past MAX_BYTES.
 */
import { localDateAt } from "../../../common/schedule/open-now";
import type { Db } from "../../../db/client";

const MAX_BYTES = 16 * 2 ** 20;

export interface CachedFeed {
  /** Everything the body depends on but the zones' local dates. */
  key: string;
  zones: readonly string[];
  /** The local date in each of `zones` when it was made. */
  todays: string;
  body: string;
  etag: string;
}

export const todaysIn = (zones: readonly string[], now: Date) =>
  zones.map((zone) => localDateAt(now, zone)).join(",");

class FeedCache {
  private readonly entries = new Map<number, CachedFeed>();
  private bytes = 0;

  get(userId: number, key: string, now: Date): CachedFeed | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.key !== key || entry.todays !== todaysIn(entry.zones, now)) return undefined;
    // Most recently used last.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry;
  }

  set(userId: number, entry: CachedFeed): void {
    this.drop(userId);
    this.entries.set(userId, entry);
    this.bytes += entry.body.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= MAX_BYTES || oldest === userId) break;
      this.drop(oldest);
    }
  }

  private drop(userId: number): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(userId);
  }
}

const caches = new WeakMap<Db, FeedCache>();

/** This copy's kept calendars for a database. */
export function feedCacheOf(db: Db): FeedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FeedCache();
    caches.set(db, cache);
  }
  return cache;
}
