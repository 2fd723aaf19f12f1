import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { latestEventIdSql } from "../events/store";
import { unreadMessageCountSql } from "../features/messages/service";
import { unreadNotificationCountSql } from "../features/notifications/service";

/** What every member page's header needs from the database (spec §3 Unread counts). */
export interface MemberHeader {
  /** The live stream's starting point: events after it are replayed to the page. */
  liveFrom: number;
  notifications: number;
  messages: number;
}

/**
 * The header's reads in one statement, so one round trip to a remote database. Its
 * subqueries see one snapshot, so the counts are exactly those up to `liveFrom`, and an
 * event after it reaches the page on the stream.
 */
export async function memberHeaderOf(db: Db, userId: number): Promise<MemberHeader> {
  const rows = await db.all<{ liveFrom: number; notifications: number; messages: number }>(sql`SELECT
    (${latestEventIdSql}) AS liveFrom,
    (${unreadNotificationCountSql(userId)}) AS notifications,
    (${unreadMessageCountSql(userId)}) AS messages`);
  const row = rows[0];
  return {
    liveFrom: Number(row?.liveFrom ?? 0),
    notifications: Number(row?.notifications ?? 0),
    messages: Number(row?.messages ?? 0),
  };
}
