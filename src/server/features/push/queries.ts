import { and, asc, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import { type PushKind, pushKinds } from "../../../common/schemas/push";
import type { Db, Tx } from "../../../db/client";
import { domainEvents, eventRecipients, pushOutbox, pushSubscriptions, users } from "../../../db/schema";
import type { EventType, StoredEvent } from "../../events/store";

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The stored kinds, as a list of known kinds (an unreadable column reads as every kind). */
export function kindsOf(stored: string): PushKind[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed)) return pushKinds.filter((k) => parsed.includes(k));
  } catch {}
  return [...pushKinds];
}

export const subscriptionByEndpoint = async (db: Db, endpoint: string) =>
  (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/**
 * A browser's subscription, stored or renewed under `userId`. The endpoint is the device's:
 * a member signing in on it takes it over, and what was still waiting for the member before
 * them is dropped (it is theirs, not the new member's). Without `kinds`, a renewal by the same
 * member keeps their choice; a new owner gets every kind.
 */
export function upsertSubscriptionStatements(
  db: Tx,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; kinds?: PushKind[]; now: Date },
) {
  const kinds = JSON.stringify(s.kinds ?? pushKinds);
  const given = s.kinds ? 1 : 0;
  return [
    db.run(sql`DELETE FROM push_outbox WHERE subscription_id IN
      (SELECT id FROM push_subscriptions WHERE endpoint = ${s.endpoint} AND user_id <> ${s.userId})`),
    db.run(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, kinds, created_at)
      VALUES (${s.userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${kinds}, ${s.now.getTime()})
      ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
        kinds = CASE WHEN ${given} = 1 OR user_id <> excluded.user_id THEN excluded.kinds ELSE kinds END,
        created_at = CASE WHEN user_id <> excluded.user_id THEN excluded.created_at ELSE created_at END,
        user_id = excluded.user_id`),
  ] as const;
}

export const setKinds = (db: Db, id: number, kinds: PushKind[]) =>
  db
    .update(pushSubscriptions)
    .set({ kinds: JSON.stringify(kinds) })
    .where(eq(pushSubscriptions.id, id));

/** Ends a subscription; what was waiting for it goes with it (cascade). */
export const deleteSubscription = (db: Db, id: number) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

/** The subscriptions of these members, with the kinds each chose. */
export const subscriptionsOf = async (db: Db, userIds: readonly number[]) =>
  userIds.length
    ? db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          kinds: pushSubscriptions.kinds,
        })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]))
    : [];

export const usernamesOf = async (db: Db, ids: readonly number[]) =>
  new Map(
    (ids.length
      ? await db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, [...ids]))
      : []
    ).map((u) => [u.id, u.username]),
  );

/**
 * Events of `types` after `afterId` up to `upTo`, oldest first, at most `limit`, each with
 * the members it was addressed to (its recipient rows).
 */
export async function addressedEvents(
  db: Db,
  afterId: number,
  upTo: number,
  limit: number,
  types: readonly EventType[],
): Promise<(StoredEvent & { recipients: number[] })[]> {
  const rows = await db
    .select()
    .from(domainEvents)
    .where(
      and(gt(domainEvents.id, afterId), lte(domainEvents.id, upTo), inArray(domainEvents.type, [...types])),
    )
    .orderBy(asc(domainEvents.id))
    .limit(limit);
  const recipients = rows.length
    ? await db
        .select()
        .from(eventRecipients)
        .where(
          inArray(
            eventRecipients.eventId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    id: row.id,
    type: row.type as EventType,
    actorId: row.actorId,
    subjectId: row.subjectId,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    createdAt: row.createdAt,
    recipients: recipients.filter((r) => r.eventId === row.id).map((r) => r.userId),
  }));
}

/** A push message for one subscription, written only while `guard` holds (the consumer's cursor). */
export const enqueueStatement = (db: Tx, subscriptionId: number, payload: string, now: Date, guard: SQL) =>
  db.run(sql`INSERT INTO push_outbox (subscription_id, payload, attempts, next_attempt_at, created_at)
    SELECT ${subscriptionId}, ${payload}, 0, ${now.getTime()}, ${now.getTime()}
    WHERE ${guard} AND EXISTS (SELECT 1 FROM push_subscriptions WHERE id = ${subscriptionId})`);

export interface DuePush {
  id: number;
  payload: string;
  attempts: number;
  createdAt: Date;
  subscription: Pick<SubscriptionRow, "id" | "endpoint" | "p256dh" | "auth">;
}

/**
 * Leases the oldest due message until `now + leaseMs` in one statement (so two copies never
 * take the same one) and counts the attempt; undefined when nothing is due.
 */
export async function claimDuePush(db: Db, now: Date, leaseMs: number): Promise<DuePush | undefined> {
  const until = now.getTime() + leaseMs;
  const [row] = await db
    .update(pushOutbox)
    .set({
      leasedUntil: new Date(until),
      nextAttemptAt: new Date(until),
      attempts: sql`${pushOutbox.attempts} + 1`,
    })
    .where(
      eq(
        pushOutbox.id,
        sql`(SELECT id FROM push_outbox WHERE next_attempt_at <= ${now.getTime()} ORDER BY next_attempt_at, id LIMIT 1)`,
      ),
    )
    .returning();
  if (!row) return undefined;
  const [subscription] = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, row.subscriptionId));
  if (!subscription) {
    await dropPush(db, row.id);
    return claimDuePush(db, now, leaseMs);
  }
  return { id: row.id, payload: row.payload, attempts: row.attempts, createdAt: row.createdAt, subscription };
}

/** Whether anything is due: a read, so an idle queue costs each copy no write per tick. */
export const hasDuePush = async (db: Db, now: Date) =>
  (await db.select({ id: pushOutbox.id }).from(pushOutbox).where(lte(pushOutbox.nextAttemptAt, now)).limit(1))
    .length > 0;

/** Delivered: the message goes, and the subscription records its last success. */
export const markPushSent = (db: Db, push: DuePush, now: Date) =>
  db.batch([
    db.delete(pushOutbox).where(eq(pushOutbox.id, push.id)),
    db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now })
      .where(eq(pushSubscriptions.id, push.subscription.id)),
  ]);

export const retryPushAt = (db: Db, id: number, at: Date) =>
  db.update(pushOutbox).set({ nextAttemptAt: at, leasedUntil: null }).where(eq(pushOutbox.id, id));

export const dropPush = (db: Db, id: number) => db.delete(pushOutbox).where(eq(pushOutbox.id, id));
