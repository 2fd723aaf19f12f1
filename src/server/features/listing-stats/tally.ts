/**
 * Page views and calendar downloads, counted in memory and written every few seconds.
 *
 * A guest's school page comes from memory without a statement (issue 14's goal, and a
 * test holds it), so a view cannot cost a write of its own. Each copy adds its views to a
 * tally per school, UTC day and kind, and writes the tally as one batch of upserts
 * (`count = count + n`) every FLUSH_MS, before it answers a stats read, and when it stops;
 * a write that fails puts its counts back for the next one. What a crash can lose is at
 * most FLUSH_MS of views: no request was ever answered on the promise that it was counted
 * (the beacons, saves and check-ins that are acknowledged are written in their own request).
 * Nothing is kept about a visitor: the tally's keys are school, day and kind.
 */
import { sql } from "drizzle-orm";
import { DAILY_COUNT_MAX, type ListingKind } from "../../../common/schemas/listing-activity";
import type { Db } from "../../../db/client";

export const FLUSH_MS = 5000;

interface Tally {
  counts: Map<string, number>;
  timer?: ReturnType<typeof setTimeout>;
  flushing: Promise<void>;
  /** The copy stopped: nothing more is counted, so no timer outlives its database. */
  closed?: boolean;
}

const tallies = new WeakMap<Db, Tally>();

const tallyOf = (db: Db) => {
  let tally = tallies.get(db);
  if (!tally) {
    tally = { counts: new Map(), flushing: Promise.resolve() };
    tallies.set(db, tally);
  }
  return tally;
};

/** Writes the tally in FLUSH_MS unless a write is already due; a failed one tries again then. */
function schedule(db: Db, tally: Tally) {
  if (tally.timer) return;
  tally.timer = setTimeout(() => {
    tally.timer = undefined;
    flushListingTally(db).catch(() => schedule(db, tally));
  }, FLUSH_MS);
  tally.timer.unref?.();
}

/** One more `kind` (a page view, a calendar download) for the school on `day`, written soon. */
export function tallyListingEvent(db: Db, schoolId: number, kind: ListingKind, day: string): void {
  const tally = tallyOf(db);
  if (tally.closed) return;
  const key = `${schoolId}|${day}|${kind}`;
  tally.counts.set(key, (tally.counts.get(key) ?? 0) + 1);
  schedule(db, tally);
}

async function write(db: Db, counts: Map<string, number>) {
  const statements = [...counts].map(([key, n]) => {
    const [schoolId, day, kind] = key.split("|");
    // A school deleted meanwhile takes its counts with it (no row to count against).
    return db.run(sql`INSERT INTO school_daily_stats (school_id, day, kind, "count")
      SELECT id, ${day}, ${kind}, min(${n}, ${DAILY_COUNT_MAX}) FROM schools WHERE id = ${Number(schoolId)}
      ON CONFLICT (school_id, day, kind) DO UPDATE SET "count" = min("count" + excluded."count", ${DAILY_COUNT_MAX})`);
  });
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/**
 * Writes what this copy has tallied (one batch), after any write already under way; on a
 * failure the counts go back into the tally and the error is thrown.
 */
export function flushListingTally(db: Db): Promise<void> {
  const tally = tallyOf(db);
  const next = tally.flushing.then(async () => {
    if (tally.counts.size === 0) return;
    const counts = tally.counts;
    tally.counts = new Map();
    try {
      await write(db, counts);
    } catch (error) {
      for (const [key, n] of counts) tally.counts.set(key, (tally.counts.get(key) ?? 0) + n);
      throw error;
    }
  });
  tally.flushing = next.catch(() => {});
  return next;
}

/** When the copy stops: no timer left behind, and what it tallied written before the database closes. */
export async function closeListingTally(db: Db): Promise<void> {
  const tally = tallyOf(db);
  tally.closed = true;
  clearTimeout(tally.timer);
  tally.timer = undefined;
  await flushListingTally(db);
}
