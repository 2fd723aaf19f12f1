import { type ManagedTimerId, type TimeoutProvider, timeoutManager } from "@tanstack/react-query";

/**
 * Longest TanStack Query timer the server still runs (a retry's back-off is at most 30 s).
 * Anything longer is a cache's garbage collection or a stale timer.
 */
export const SERVER_QUERY_TIMER_MAX_MS = 30_000;

const DROPPED = 0;

/**
 * Islands create a QueryClient per server render. Its queries are never observed on the
 * server, so each one schedules its garbage collection at once (`gcTime`, 5 minutes in the
 * home island): a pending timer that keeps the whole render (props, cache, React's request)
 * alive for 5 minutes. Under steady traffic that is 5 minutes of renders in memory, about
 * 1 GB for `/` at a few hundred requests a second. On the server the cache dies with its
 * render, so those long timers are dropped; short ones (retry back-off) still run.
 */
export const serverQueryTimers: TimeoutProvider = {
  setTimeout: (callback, delay) =>
    delay <= SERVER_QUERY_TIMER_MAX_MS ? (setTimeout(callback, delay) as unknown as ManagedTimerId) : DROPPED,
  clearTimeout: (id) => {
    if (id !== DROPPED && id !== undefined) clearTimeout(id as unknown as Timer);
  },
  // Refetch intervals never run on the server.
  setInterval: () => DROPPED,
  clearInterval: () => {},
};

let installed = false;

/** Installs `serverQueryTimers` for every QueryClient in this process; call once at start-up. */
export function installServerQueryTimers(): void {
  if (installed) return;
  timeoutManager.setTimeoutProvider(serverQueryTimers);
  installed = true;
}
