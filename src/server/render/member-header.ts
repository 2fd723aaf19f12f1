import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
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

/** The user id in the prepared statement (its three subqueries take it as a placeholder). */
const me = sql.placeholder("me") as unknown as number;

/**
 * The header's reads in one statement, so one round trip to a remote database. Its
 * subqueries see one snapshot, so the counts are exactly those up to `liveFrom`, and an
 * event after it reaches the page on the stream. Prepared once per database: building its
 * SQL each time cost as much as running it on a local file.
 */
export async function memberHeaderOf(db: Db, userId: number): Promise<MemberHeader> {
  const query = prepared(db, "member-header", (d) =>
    d
      .select({
        liveFrom: sql<number>`(${latestEventIdSql})`,
        notifications: sql<number>`(${unreadNotificationCountSql(me)})`,
        messages: sql<number>`(${unreadMessageCountSql(me)})`,
      })
      .from(sql`(SELECT 1)`)
      .prepare(),
  );
  const row = (await query.all({ me: userId }))[0];
  return {
    liveFrom: Number(row?.liveFrom ?? 0),
    notifications: Number(row?.notifications ?? 0),
    messages: Number(row?.messages ?? 0),
  };
}
