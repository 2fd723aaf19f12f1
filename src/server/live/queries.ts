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
