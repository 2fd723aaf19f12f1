import { and, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { domainEvents } from "../../../db/schema";
import { readCursor } from "../../events/store";
import { CONSUMED_EVENTS, CONSUMER_CURSOR } from "./consumer";

/**
 * How far the bell's consumer is behind: the events of the types it handles written
 * after its cursor, and when the oldest of them was written (null when it has caught up).
 * Events of other types past the cursor (its own `notification.created`) are no backlog.
 * A key lookup and one range of the events' id from the cursor on, so a scrape stays cheap.
 */
export async function notificationsLag(db: Db): Promise<{ events: number; oldest: Date | null }> {
  const cursor = await readCursor(db, CONSUMER_CURSOR);
  const [row] = await db
    .select({ events: sql<number>`count(*)`, oldest: sql<number | null>`min(${domainEvents.createdAt})` })
    .from(domainEvents)
    .where(and(gt(domainEvents.id, cursor), inArray(domainEvents.type, CONSUMED_EVENTS)));
  const oldest = row?.oldest;
  return {
    events: Number(row?.events ?? 0),
    oldest: oldest === null || oldest === undefined ? null : new Date(Number(oldest)),
  };
}
