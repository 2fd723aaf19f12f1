/**
 * Push is a consumer of domain events (ARCHITECTURE "Push, mail, bell and live are consumers
 * of domain events"): each bell item the notifications consumer writes (`notification.created`,
 * addressed to its owner) and each message sent (`message.sent`, to the other member) becomes a
 * push message for every subscription of that member whose kinds include it. The item or the
 * message is loaded for its reader through its feature's service, which asks the policy, as
 * live delivery does: a block, a removed message or an actor the reader may not see is honoured.
 * The outbox rows and the moved cursor commit in one batch guarded by the cursor this round
 * read, so across copies (and runs that outlive their lease) each event is handled once.
 */
import type { PushKind, PushPayload } from "../../../common/schemas/push";
import { pushKindOfBellType } from "../../../common/schemas/push";
import type { Db } from "../../../db/client";
import { cursorIs, cursorStatement, type EventType, latestEventId, readCursor } from "../../events/store";
import type { Job } from "../../jobs/runner";
import { messagesForDelivery, sentMessageId } from "../messages/service";
import { notificationsForDelivery } from "../notifications/service";
import { addressedEvents, enqueueStatement, kindsOf, subscriptionsOf, usernamesOf } from "./queries";

export const PUSH_ENQUEUE_JOB = "push-enqueue";
const CURSOR = "push";
const TYPES: readonly EventType[] = ["notification.created", "message.sent"];
const BATCH = 200;
const ROUNDS = 5;
/** A message's text as far as a notification shows it. */
const PREVIEW_CHARS = 140;

interface Wanted {
  userId: number;
  eventId: number;
  /** notification.created: the item; message.sent: the message. */
  subjectId: number;
  conversationId: number | null;
}

const preview = (text: string) =>
  text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : text;

/** The payloads of what was asked for that the policy still lets each reader see, by event and member. */
async function payloadsFor(db: Db, wanted: readonly Wanted[]): Promise<Map<string, PushPayload>> {
  const out = new Map<string, PushPayload>();
  const items = wanted.filter((w) => w.conversationId === null);
  const sent = wanted.filter((w) => w.conversationId !== null);
  const [views, messages] = await Promise.all([
    items.length
      ? notificationsForDelivery(
          db,
          items.map((w) => ({ notificationId: w.subjectId, readerId: w.userId })),
        )
      : undefined,
    sent.length
      ? messagesForDelivery(
          db,
          sent.map((w) => ({ messageId: w.subjectId, readerId: w.userId })),
        )
      : undefined,
  ]);
  for (const w of items) {
    const view = views?.get(`${w.subjectId}:${w.userId}`);
    if (!view) continue;
    const kind = pushKindOfBellType(view.type);
    out.set(`${w.eventId}:${w.userId}`, {
      title: view.title,
      body: view.body,
      // Items with nothing to open (a refused submission) open the site.
      link: view.link ?? "/",
      kind,
      tag: `notification-${view.id}`,
    });
  }
  const senders = await usernamesOf(db, [
    ...new Set([...(messages?.values() ?? [])].map((m) => m.message.senderId)),
  ]);
  for (const w of sent) {
    const found = messages?.get(`${w.subjectId}:${w.userId}`);
    // The event's conversation must be the message's.
    if (!found || found.conversationId !== w.conversationId) continue;
    const sender = senders.get(found.message.senderId);
    out.set(`${w.eventId}:${w.userId}`, {
      title: sender ? `Message from @${sender}` : "New message",
      body: preview(found.message.body),
      link: `/messages/${found.conversationId}`,
      kind: "messages",
      tag: `conversation-${found.conversationId}`,
    });
  }
  return out;
}

/**
 * One round: the events after the cursor become outbox rows. Answers how many events it
 * handled and how many messages it queued.
 */
export async function enqueuePushOnce(db: Db, now: Date): Promise<{ events: number; queued: number }> {
  const cursor = await readCursor(db, CURSOR);
  const latest = await latestEventId(db);
  if (latest <= cursor) return { events: 0, queued: 0 };
  const events = await addressedEvents(db, cursor, latest, BATCH, TYPES);
  const last = events.at(-1);
  // Ids commit in order, so nothing at or below `latest` can still appear: skip to it.
  const upTo = events.length === BATCH && last ? last.id : latest;
  const asked: Wanted[] = [];
  for (const e of events) {
    if (e.subjectId === null) continue;
    if (e.type === "notification.created") {
      // Its kind is known once the item is read for its owner (below).
      for (const userId of e.recipients)
        asked.push({ userId, eventId: e.id, subjectId: e.subjectId, conversationId: null });
    } else {
      const messageId = sentMessageId(e.payload);
      if (messageId === null) continue;
      // The sender's own tabs are told too; their devices are not.
      for (const userId of e.recipients.filter((id) => id !== e.actorId))
        asked.push({ userId, eventId: e.id, subjectId: messageId, conversationId: e.subjectId });
    }
  }
  const subscriptions = await subscriptionsOf(db, [...new Set(asked.map((w) => w.userId))]);
  const byMember = new Map<number, { id: number; kinds: PushKind[] }[]>();
  for (const s of subscriptions)
    byMember.set(s.userId, [...(byMember.get(s.userId) ?? []), { id: s.id, kinds: kindsOf(s.kinds) }]);
  // Only what someone has a device for is read at all.
  const payloads = await payloadsFor(
    db,
    asked.filter((w) => byMember.has(w.userId)),
  );
  const guard = cursorIs(CURSOR, cursor);
  const inserts = [];
  for (const [key, payload] of payloads) {
    const userId = Number(key.split(":")[1]);
    for (const s of byMember.get(userId) ?? [])
      if (s.kinds.includes(payload.kind))
        inserts.push(enqueueStatement(db, s.id, JSON.stringify(payload), now, guard));
  }
  // The cursor moves last: the guard on every insert before it still sees where it was.
  const moved = cursorStatement(db, CURSOR, upTo, now, cursor);
  const all: (typeof moved)[] = [...inserts, moved];
  const results = await db.batch(all as [typeof moved, ...(typeof moved)[]]);
  const queued = results.slice(0, inserts.length).reduce((n, r) => n + r.rowsAffected, 0);
  return { events: events.length, queued };
}

/**
 * The consumer as a periodic job (one copy at a time by its lease; the cursor guard covers a
 * run that outlived it). `onQueued` wakes the sender when something was queued.
 */
export function pushEnqueueJob(onQueued: () => void, everyMs = 1_000): Job {
  return {
    name: PUSH_ENQUEUE_JOB,
    kind: "periodic",
    everyMs,
    async run({ db, now }) {
      let queued = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const done = await enqueuePushOnce(db, now);
        queued += done.queued;
        if (done.events < BATCH) break;
      }
      if (queued) onQueued();
      return queued;
    },
  };
}
