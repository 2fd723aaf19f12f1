import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";

/**
 * The consumer's statements. Each carries `guard` (the consumer's cursor is where this run
 * read it), so a run that lost a race to another copy changes nothing.
 */
export interface GroupWrite {
  userId: number;
  type: string;
  groupKey: string;
  subjectId: number | null;
  payload: string;
  at: Date;
  /** Extra condition for the item itself (a like needs the owner's post to be there). */
  onlyIf?: SQL;
}

/** Creates the item, or brings it back to the top: newest activity, unread again. */
export const upsertGroup = (db: Tx, w: GroupWrite, guard: SQL) =>
  db.run(sql`INSERT INTO notifications (user_id, type, group_key, subject_id, payload, is_read, created_at, updated_at)
    SELECT ${w.userId}, ${w.type}, ${w.groupKey}, ${w.subjectId}, ${w.payload}, 0, ${w.at.getTime()}, ${w.at.getTime()}
    WHERE ${guard} AND EXISTS (SELECT 1 FROM users WHERE id = ${w.userId}) AND ${w.onlyIf ?? sql`1`}
    ON CONFLICT (user_id, group_key) DO UPDATE SET payload = excluded.payload,
      subject_id = excluded.subject_id, is_read = 0, updated_at = max(updated_at, excluded.updated_at)`);

/** Records an actor of the item (again: only their time moves). */
export const addActor = (db: Tx, w: GroupWrite, actorId: number, at: Date, guard: SQL) =>
  db.run(sql`INSERT INTO notification_actors (notification_id, actor_id, created_at)
    SELECT n.id, ${actorId}, ${at.getTime()} FROM notifications n
    WHERE n.user_id = ${w.userId} AND n.group_key = ${w.groupKey} AND ${guard}
      AND EXISTS (SELECT 1 FROM users WHERE id = ${actorId})
    ON CONFLICT (notification_id, actor_id) DO UPDATE SET created_at = max(created_at, excluded.created_at)`);

/**
 * `notification.created` for the owner's tabs: the item's id (subject) and nothing else.
 * Live delivery builds the item for its reader when it sends it (as the list does), so an
 * actor removed or blocked in between is never named. Its recipient row follows it as
 * appendEvent's does; not appendEvent itself, since the item's id is only known in the batch.
 */
export const createdEvent = (db: Tx, w: GroupWrite, at: Date, guard: SQL) =>
  [
    db.run(sql`INSERT INTO domain_events (type, actor_id, subject_id, payload, created_at)
      SELECT 'notification.created', NULL, n.id, '{}', ${at.getTime()}
      FROM notifications n WHERE n.user_id = ${w.userId} AND n.group_key = ${w.groupKey} AND ${guard}`),
    db.run(sql`INSERT INTO event_recipients (event_id, user_id)
      SELECT last_insert_rowid(), ${w.userId} WHERE changes() = 1`),
  ] as const;
