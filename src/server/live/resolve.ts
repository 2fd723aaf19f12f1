import type { LiveEvent } from "../../common/live";
import type { Db } from "../../db/client";
import type { StoredEvent } from "../events/store";
import { messagesForDelivery, sentMessageId } from "../features/messages/service";
import { notificationsForDelivery } from "../features/notifications/service";
import { sseMessage } from "./sse";

/** One event for one of its recipients. */
export interface Delivery {
  event: StoredEvent;
  userId: number;
}

export type Payload = Record<string, unknown>;

/**
 * What each delivery sends as its event's payload, built for its recipient at the moment it
 * is sent, keyed by `deliveryKey`. A delivery left out of the answer is not sent at all.
 */
export type ResolveDeliveries = (deliveries: readonly Delivery[]) => Promise<Map<string, Payload>>;

export const deliveryKey = (eventId: number, userId: number) => `${eventId}:${userId}`;

/** Ids only, and only ever told to the member who acted (their other tabs): sent as stored. */
const AS_STORED = new Set(["conversation.read", "notifications.read"]);

/**
 * Events carry ids, not content (ARCHITECTURE "Listings that stay true"): the message or the
 * bell item behind each is loaded for its reader through its feature's service, which asks
 * the policy, when it is delivered, live or replayed. So a message deleted or removed by an
 * admin, a sender whose account is gone, or a block either way, is honoured even for events
 * stored before it (and a body an older event still holds is never read). A type with no way
 * to be resolved here is not delivered. One query per kind for a whole tick.
 */
export function eventResolver(db: Db): ResolveDeliveries {
  return async (deliveries) => {
    const out = new Map<string, Payload>();
    const sent: { delivery: Delivery; messageId: number }[] = [];
    const created: { delivery: Delivery; notificationId: number }[] = [];
    for (const delivery of deliveries) {
      const { event, userId } = delivery;
      if (AS_STORED.has(event.type)) out.set(deliveryKey(event.id, userId), event.payload);
      else if (event.type === "message.sent") {
        const messageId = sentMessageId(event.payload);
        if (messageId !== null) sent.push({ delivery, messageId });
      } else if (event.type === "notification.created" && event.subjectId !== null) {
        created.push({ delivery, notificationId: event.subjectId });
      }
    }
    const [messages, items] = await Promise.all([
      sent.length
        ? messagesForDelivery(
            db,
            sent.map((s) => ({ messageId: s.messageId, readerId: s.delivery.userId })),
          )
        : undefined,
      created.length
        ? notificationsForDelivery(
            db,
            created.map((c) => ({ notificationId: c.notificationId, readerId: c.delivery.userId })),
          )
        : undefined,
    ]);
    for (const { delivery, messageId } of sent) {
      const found = messages?.get(`${messageId}:${delivery.userId}`);
      // The event's conversation must be the message's: an event never shows another pair's message.
      if (!found || found.conversationId !== delivery.event.subjectId) continue;
      out.set(deliveryKey(delivery.event.id, delivery.userId), { message: found.message });
    }
    for (const { delivery, notificationId } of created) {
      const notification = items?.get(`${notificationId}:${delivery.userId}`);
      if (notification) out.set(deliveryKey(delivery.event.id, delivery.userId), { notification });
    }
    return out;
  };
}

/**
 * The tail's payloads for a tick's events, for the recipients `hasStream` picks; asked again
 * for any it picks only after an answer (a stream opened meanwhile), so when this returns
 * every stream open now has its payloads and the hub's pushes stay one synchronous step.
 */
export async function resolveForStreams(
  resolve: ResolveDeliveries,
  events: readonly (StoredEvent & { recipients: number[] })[],
  hasStream: (userId: number) => boolean,
): Promise<Map<string, Payload>> {
  const payloads = new Map<string, Payload>();
  const asked = new Set<string>();
  for (;;) {
    const missing: Delivery[] = events.flatMap((event) =>
      event.recipients
        .filter((userId) => hasStream(userId) && !asked.has(deliveryKey(event.id, userId)))
        .map((userId) => ({ event, userId })),
    );
    if (missing.length === 0) return payloads;
    for (const d of missing) asked.add(deliveryKey(d.event.id, d.userId));
    for (const [key, payload] of await resolve(missing)) payloads.set(key, payload);
  }
}

/** An event as its recipient receives it: the stored ids, with the payload built for them. */
export function liveMessage(event: StoredEvent, payload: Payload): string {
  const data: LiveEvent = {
    id: event.id,
    type: event.type,
    actorId: event.actorId,
    subjectId: event.subjectId,
    payload,
    createdAt: event.createdAt.toISOString(),
  };
  return sseMessage(event.id, event.type, data);
}
