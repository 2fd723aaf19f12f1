import { readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";

/** A serving copy touches its mark this often… */
const HEARTBEAT_MS = 10_000;
/** …so a mark untouched this long belongs to a copy that died without removing it. */
export const STALE_MARK_MS = 30_000;

const prefix = (dbFile: string) => `${basename(dbFile)}.serving.`;

/**
 * While `openmat serve` runs on a local database file it keeps a small file beside it,
 * `<db>.serving.<host>.<pid>`, touched every few seconds and removed when it stops.
 * `openmat restore` refuses while one is live. A file beside the database rather than a
 * row in it: it costs the database no writes, and it tells a running copy from one that
 * was killed (its process is gone on this host, or its mark went stale anywhere).
 * Returns the function that removes it.
 */
export function markServing(dbFile: string): () => void {
  const file = join(dirname(dbFile), `${prefix(dbFile)}${hostname()}.${process.pid}`);
  writeFileSync(
    file,
    `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`,
  );
  const beat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // Removed by hand: the next restore sees no server here, as the operator meant.
    }
  }, HEARTBEAT_MS);
  beat.unref?.();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(beat);
    rmSync(file, { force: true });
  };
  process.once("exit", release);
  return release;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface ServingCopy {
  host: string;
  pid: number;
}

/** The copies serving `dbFile` now, by their marks (stale marks are ignored). */
export function servingCopies(dbFile: string, now = Date.now()): ServingCopy[] {
  const dir = dirname(dbFile);
  const names = (() => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  })();
  const copies: ServingCopy[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix(dbFile))) continue;
    const match = /^(.+)\.(\d+)$/.exec(name.slice(prefix(dbFile).length));
    if (!match) continue;
    const host = match[1] as string;
    const pid = Number(match[2]);
    const touched = (() => {
      try {
        return statSync(join(dir, name)).mtimeMs;
      } catch {
        return 0;
      }
    })();
    // On this host a killed copy's mark is dead at once; elsewhere, once it goes stale.
    const live = now - touched < STALE_MARK_MS && (host !== hostname() || alive(pid));
    if (live) copies.push({ host, pid });
  }
  return copies;
}
