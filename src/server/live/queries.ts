import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveriesAfter } from "../events/store";

/**
 * The oldest and newest event ids still stored (null when there are none). Two subqueries:
 * SQLite answers a lone min() or max() from the index, but not both in one SELECT.
 */
export async function eventIdBounds(db: Db): Promise<{ oldest: number | null; newest: number | null }> {
  const [row] = await db.all<{ oldest: number | null; newest: number | null }>(
    sql`SELECT (SELECT min(id) FROM domain_events) AS oldest, (SELECT max(id) FROM domain_events) AS newest`,
  );
  return {
    oldest: row?.oldest == null ? null : Number(row.oldest),
    newest: row?.newest == null ? null : Number(row.newest),
  };
}

/**
 * The tail's read: deliveriesAfter limits rows (event x recipient), so a full answer may have
 * cut its last event's recipients short. That event is left for the next tick; an event
 * with more recipients than the limit is read again with a larger one.
 */
export async function nextDeliveries(db: Db, afterId: number, rows: number) {
  for (let limit = rows; ; limit *= 2) {
    const events = await deliveriesAfter(db, afterId, limit);
    const read = events.reduce((n, e) => n + e.recipients.length, 0);
    if (read < limit) return events;
    if (events.length > 1) return events.slice(0, -1);
  }
}

/**
 * Takes one of the member's `limit` stream slots, or finds them all held: in one batch (one
 * write transaction, so requests at once, on any copy, are counted one after another). The
 * member's lapsed leases go first; `taken` says whether the new row went in, and
 * `earliestLease` is when the first held lease runs out unless renewed (null when none).
 */
export async function claimStreamSlot(
  db: Db,
  slot: { id: string; userId: number; limit: number; now: number; leaseMs: number },
): Promise<{ taken: boolean; earliestLease: number | null }> {
  const { id, userId, limit, now, leaseMs } = slot;
  const [, inserted, earliest] = await db.batch([
    db.run(sql`DELETE FROM live_streams WHERE user_id = ${userId} AND leased_until <= ${now}`),
    db.run(sql`INSERT INTO live_streams (id, user_id, leased_until, created_at)
      SELECT ${id}, ${userId}, ${now + leaseMs}, ${now}
      WHERE (SELECT count(*) FROM live_streams WHERE user_id = ${userId} AND leased_until > ${now}) < ${limit}`),
    db.all<{ at: number | null }>(
      sql`SELECT min(leased_until) AS at FROM live_streams WHERE user_id = ${userId} AND leased_until > ${now}`,
    ),
  ]);
  const at = earliest[0]?.at;
  return { taken: inserted.rowsAffected === 1, earliestLease: at == null ? null : Number(at) };
}

/** Renews the leases of the streams this copy holds: one statement for all of them. */
export async function renewStreamSlots(db: Db, ids: readonly string[], until: number): Promise<void> {
  if (ids.length === 0) return;
  await db.run(sql`UPDATE live_streams SET leased_until = ${until}
    WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
}

/** Gives slots back when their streams end. */
export async function releaseStreamSlots(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.run(
    sql`DELETE FROM live_streams WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  );
}
