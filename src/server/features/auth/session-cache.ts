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
  /**
   * `read`'s answer for `token`, shared by the requests that ask while it runs: a member's
   * parallel requests (a page and its islands, or every connection of a busy client) whose
   * entry ran out together read the database once. Not shared across a write (`forgetAll`).
   */
  lookUp<T>(token: string, read: () => Promise<T>): Promise<T>;
  /** Read before a lookup starts; a lookup that overlaps a write is not kept. */
  readonly generation: number;
}

// A bound on memory: beyond it the oldest entries go first.
const MAX_ENTRIES = 10_000;

export function createSessionCache(ttlMs: number, clock: () => number = performance.now.bind(performance)) {
  const entries = new Map<string, { value: CachedSession; until: number }>();
  const reading = new Map<string, { generation: number; answer: Promise<unknown> }>();
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
    lookUp<T>(token: string, read: () => Promise<T>) {
      const shared = reading.get(token);
      if (shared && shared.generation === generation) return shared.answer as Promise<T>;
      const answer = read();
      reading.set(token, { generation, answer });
      const done = () => {
        if (reading.get(token)?.answer === answer) reading.delete(token);
      };
      answer.then(done, done);
      return answer;
    },
    get generation() {
      return generation;
    },
  };
  return cache;
}
