import { and, asc, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { domainEvents, eventCursors, eventRecipients } from "../../db/schema";

/**
 * Domain events (ARCHITECTURE "Domain events after commit"). A service that changes
 * something worth telling adds `appendEvent(...)`'s statements to the same `db.batch` as
 * the change, so the event exists exactly when the change does. Consumers (notifications,
 * mail, live delivery) read them afterwards in id order, on any copy of the binary.
 */
export type EventType =
  | "follow.created"
  | "post.liked"
  | "badge.earned"
  | "message.sent"
  | "conversation.read"
  | "notification.created"
  | "notifications.read"
  | "submission.decided"
  /** An admin cancelled an open mat or closed a day: subject the exception, payload `{ schoolId }`. */
  | "occurrence.cancelled"
  /** An admin moved an open mat to another time: subject the exception, payload `{ schoolId }`. */
  | "occurrence.moved"
  /** A gym claim approved (by its domain or an admin) or rejected: subject the claim, payload ClaimDecided. */
  | "claim.decided"
  /** An owner removed by an admin, or leaving: subject the school, payload OwnerRemoved. */
  | "owner.removed"
  /** Two hours before an open mat a member is going to (issue 22): subject the school, payload ReminderEvent. */
  | "occurrence.reminder";

export interface NewEvent {
  type: EventType;
  actorId?: number | null;
  /** An id, or SQL that finds it in the batch (a row the batch has just inserted). */
  subjectId?: number | SQL | null;
  payload?: Record<string, unknown>;
  /** Members whose open tabs get it live; empty for events only consumers read. */
  recipients?: readonly number[];
  at: Date;
}

export interface StoredEvent {
  id: number;
  type: EventType;
  actorId: number | null;
  subjectId: number | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The statements that record an event: the row, then its recipients keyed by the row's id
 * (the newest id, so they must follow it directly in the batch). With `onlyIf`, the event
 * is written only when that SQL condition holds when the batch runs (for example "the like
 * was new"), and its recipients only if it was written.
 */
export function appendEvent(db: Tx, event: NewEvent, onlyIf?: ReturnType<typeof sql>) {
  const payload = JSON.stringify(event.payload ?? {});
  const insert = db.run(sql`INSERT INTO domain_events (type, actor_id, subject_id, payload, created_at)
    SELECT ${event.type}, ${event.actorId ?? null}, ${event.subjectId ?? null}, ${payload}, ${event.at.getTime()}
    WHERE ${onlyIf ?? sql`1`}`);
  const recipients = [...new Set(event.recipients ?? [])];
  if (recipients.length === 0) return [insert] as const;
  // Not last_insert_rowid(): each recipient row inserted moves it, so from the second
  // recipient on it named another event. The batch's write lock makes the newest id ours.
  const recipientsInsert = db.run(sql`INSERT INTO event_recipients (event_id, user_id)
    SELECT (SELECT max(id) FROM domain_events), value FROM json_each(${JSON.stringify(recipients)})
    WHERE changes() = 1`);
  return [insert, recipientsInsert] as const;
}

const toStored = (row: typeof domainEvents.$inferSelect): StoredEvent => ({
  id: row.id,
  type: row.type as EventType,
  actorId: row.actorId,
  subjectId: row.subjectId,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
  createdAt: row.createdAt,
});

/** Events after `afterId`, oldest first, at most `limit` (optionally of some types only). */
export async function eventsAfter(
  db: Db,
  afterId: number,
  limit: number,
  types?: readonly EventType[],
): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(domainEvents)
    .where(
      types?.length
        ? and(gt(domainEvents.id, afterId), inArray(domainEvents.type, types))
        : gt(domainEvents.id, afterId),
    )
    .orderBy(asc(domainEvents.id))
    .limit(limit);
  return rows.map(toStored);
}

/** Events with their recipients after `afterId`: what live delivery pushes, oldest first. */
export async function deliveriesAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<(StoredEvent & { recipients: number[] })[]> {
  const rows = await db
    .select({ event: domainEvents, userId: eventRecipients.userId })
    .from(domainEvents)
    .innerJoin(eventRecipients, eq(eventRecipients.eventId, domainEvents.id))
    .where(gt(domainEvents.id, afterId))
    .orderBy(asc(domainEvents.id))
    .limit(limit);
  const out: (StoredEvent & { recipients: number[] })[] = [];
  for (const row of rows) {
    const last = out[out.length - 1];
    if (last?.id === row.event.id) last.recipients.push(row.userId);
    else out.push({ ...toStored(row.event), recipients: [row.userId] });
  }
  return out;
}

/** One member's events after `afterId` (a reconnect's `Last-Event-ID`), oldest first. */
export async function userEventsAfter(
  db: Db,
  userId: number,
  afterId: number,
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db
    .select({ event: domainEvents })
    .from(eventRecipients)
    .innerJoin(domainEvents, eq(domainEvents.id, eventRecipients.eventId))
    .where(and(eq(eventRecipients.userId, userId), gt(eventRecipients.eventId, afterId)))
    .orderBy(asc(eventRecipients.eventId))
    .limit(limit);
  return rows.map((r) => toStored(r.event));
}

/** The newest event id (0 for none) as a SELECT, to be a subquery of another statement. */
export const latestEventIdSql = sql`SELECT coalesce(max(${domainEvents.id}), 0) FROM ${domainEvents}`;

/** The newest event id (0 when there is none): where a fresh tail starts. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db.select({ id: sql<number>`coalesce(max(${domainEvents.id}), 0)` }).from(domainEvents);
  return Number(row[0]?.id ?? 0);
}

/** Where a consumer stopped (0 before its first run). */
export async function readCursor(db: Db, name: string): Promise<number> {
  const row = await db
    .select({ lastEventId: eventCursors.lastEventId })
    .from(eventCursors)
    .where(eq(eventCursors.name, name));
  return row[0]?.lastEventId ?? 0;
}

/**
 * Moves a consumer's cursor, as a statement for the batch that holds the consumer's own
 * writes: the work and the cursor commit together, so an event is handled exactly once.
 * It only moves forward. With `expected` (the cursor the consumer read), it moves only if
 * nobody moved it since: a consumer that can overlap itself (two copies, a slow run past
 * its lease) puts `cursorIs(name, expected)` on each of its writes too, so a late batch
 * changes nothing at all instead of repeating work or skipping events.
 */
export function cursorStatement(db: Tx, name: string, lastEventId: number, at: Date, expected?: number) {
  const unmoved = expected === undefined ? sql`` : sql` WHERE last_event_id = ${expected}`;
  return db.run(sql`INSERT INTO event_cursors (name, last_event_id, updated_at)
    VALUES (${name}, ${lastEventId}, ${at.getTime()})
    ON CONFLICT (name) DO UPDATE SET last_event_id = max(last_event_id, excluded.last_event_id),
      updated_at = excluded.updated_at${unmoved}`);
}

/** SQL that holds while the consumer's cursor is still at `expected` (0: never moved). */
export const cursorIs = (name: string, expected: number) =>
  sql`coalesce((SELECT last_event_id FROM event_cursors WHERE name = ${name}), 0) = ${expected}`;

/**
 * For an account's deletion batch, before the member's row goes (their recipient and actor
 * rows are still there to be read): every event that names them goes, as actor, recipient,
 * the member followed, the liked post's author, the submitter, the claimant (or owner) or the
 * member reminded of an open mat, and
 * the `notification.created` of any bell item they are an actor of (events stored before
 * issue 19 held its text).
 */
export const forgetMemberEvents = (db: Tx, userId: number) =>
  db.run(sql`DELETE FROM domain_events WHERE actor_id = ${userId}
    OR id IN (SELECT event_id FROM event_recipients WHERE user_id = ${userId})
    OR (type = 'follow.created' AND subject_id = ${userId})
    OR (type = 'post.liked' AND json_extract(payload, '$.authorId') = ${userId})
    OR (type = 'submission.decided' AND json_extract(payload, '$.submitterId') = ${userId})
    OR (type IN ('claim.decided', 'owner.removed', 'occurrence.reminder')
      AND json_extract(payload, '$.userId') = ${userId})
    OR (type = 'notification.created'
      AND subject_id IN (SELECT notification_id FROM notification_actors WHERE actor_id = ${userId}))`);

/** The pruning job's step: events older than `before` go, with their recipients (cascade). */
export async function pruneEvents(db: Db, before: Date, limit: number): Promise<number> {
  const stale = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(lt(domainEvents.createdAt, before))
    .limit(limit);
  if (!stale.length) return 0;
  await db.delete(domainEvents).where(
    inArray(
      domainEvents.id,
      stale.map((r) => r.id),
    ),
  );
  return stale.length;
}
