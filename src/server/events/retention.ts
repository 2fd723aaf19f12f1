import type { Prune } from "../jobs/prune";
import { pruneEvents } from "./store";

/**
 * How long domain events are kept. A tab away for longer refetches instead of replaying
 * (the stream sends `resync`), and consumers of events must keep up within it.
 */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60_000;

export const pruneOldEvents: Prune = (db, now, limit) =>
  pruneEvents(db, new Date(now.getTime() - EVENT_RETENTION_MS), limit);
