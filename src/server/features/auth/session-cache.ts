import type { UserRow } from "./queries";

/** A session as the lookup returned it: enough to validate and renew it. */
export interface CachedSession {
  session: { id: string; expiresAt: Date };
  user: UserRow;
}

/**
 * This copy's memory of the sessions it looked up lately, so a burst of requests with one
 * cookie reads the database once per `ttlMs`. What must agree across copies stays in the
 * database: an entry is only a copy of a row, at most `ttlMs` old. A statement this copy
 * sends that may write the sessions or the accounts forgets every entry (`forgetAll`, wired
 * in app.ts through the database's write watch), so a sign-out, a password change or a
 * profile edit shows at once here; on another copy it shows within `ttlMs`.
 */
export interface SessionCache {
  get(token: string): CachedSession | undefined;
  /** Keeps a lookup's result, unless a write was forgotten since `generation` was read. */
  set(token: string, value: CachedSession, generation: number): void;
  delete(token: string): void;
  forgetAll(): void;
  /** Read before a lookup starts; a lookup that overlaps a write is not kept. */
  readonly generation: number;
}

// A bound on memory: beyond it the oldest entries go first.
const MAX_ENTRIES = 10_000;

export function createSessionCache(ttlMs: number, clock: () => number = performance.now.bind(performance)) {
  const entries = new Map<string, { value: CachedSession; until: number }>();
  let generation = 0;
  const cache: SessionCache = {
    get(token) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (clock() < entry.until) return entry.value;
      entries.delete(token);
      return undefined;
    },
    set(token, value, startedAt) {
      if (ttlMs <= 0 || startedAt !== generation) return;
      entries.delete(token);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { value, until: clock() + ttlMs });
    },
    delete(token) {
      entries.delete(token);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
    get generation() {
      return generation;
    },
  };
  return cache;
}
