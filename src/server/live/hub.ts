import { LIVE_COUNTS, LIVE_READY, LIVE_RESYNC, type UnreadCounts } from "../../common/live";
import type { Db } from "../../db/client";
import { latestEventId, userEventsAfter } from "../events/store";
import type { Logger } from "../log";
import { loggableError } from "../loggable-error";
import { eventIdBounds, nextDeliveries } from "./queries";
import {
  deliveryKey,
  eventResolver,
  liveMessage,
  type ResolveDeliveries,
  resolveForStreams,
} from "./resolve";
import { streamSlots } from "./slots";
import { SseConnection, sseComment, sseMessage } from "./sse";

export { StreamLimitError } from "./slots";

/** A member's unread counts, from the notifications and messages services. */
export type CountsFor = (userId: number) => Promise<UnreadCounts>;

/** How often the tail reads new events while a stream is open: the delivery delay's bound. */
export const TICK_MS = 150;
/** Comments on idle streams, well inside proxies' read timeouts (nginx: 60 s). */
export const HEARTBEAT_MS = 15_000;
/**
 * A stream ends after about this long and the browser reconnects with Last-Event-ID, which
 * checks the session again (a signed-out member stops receiving) and spreads tabs over the
 * copies after a scale-out.
 */
export const MAX_STREAM_MS = 10 * 60_000;
/** A reconnect replays at most this many events; beyond it the client refetches instead. */
export const REPLAY_LIMIT = 500;
/** Streams one member may hold open at once, across every copy (LIVE_STREAM_LIMIT). */
export const STREAM_LIMIT = 10;
const TAIL_ROWS = 1_000;
/** Reconnect delay hint, spread so tabs cut off together (a restart) do not return together. */
const RETRY_MS = { min: 1_000, spread: 4_000 };

/** Events after which the recipient's unread counts are sent again. */
const COUNTED = new Set(["message.sent", "conversation.read", "notification.created", "notifications.read"]);

export interface LiveHubOptions {
  db: Db;
  logger: Logger;
  countsFor: CountsFor;
  /** Builds each event's payload for its recipient when sent; by default through the features' services. */
  resolve?: ResolveDeliveries;
  tickMs?: number;
  heartbeatMs?: number;
  maxStreamMs?: number;
  replayLimit?: number;
  streamLimit?: number;
  /** How long a stream's slot is held without a renewal (a copy that died frees it after this). */
  leaseMs?: number;
}

export interface LiveHub {
  /**
   * Opens a member's stream. With `lastEventId` (a reconnect), their events after it are
   * replayed first; without, it starts now. Throws `StreamLimitError` when the member holds
   * the limit of streams already (on any copy), and `HubClosedError` once the hub is closed.
   */
  open(userId: number, lastEventId: number | null): Promise<Response>;
  /** Streams open on this copy. */
  readonly size: number;
  /** Ends every stream and stops the tail; new streams are refused. */
  close(): Promise<void>;
}

export class HubClosedError extends Error {}

interface Subscriber {
  userId: number;
  /** Its row in live_streams: the slot it holds. */
  slotId: string;
  conn: SseConnection;
  /** Every event of this member up to here was sent (or predates the stream, or is refetched). */
  lastId: number;
  /** Live events held back while the replay is sent; null once live. */
  pending: { id: number; text: string }[] | null;
  /** The newest counts request whose answer was sent, so an older answer never overwrites it. */
  countsSeq: number;
  endsAt: number;
}

/**
 * Live delivery for one copy of the binary (ARCHITECTURE "Live delivery"). While a stream is
 * open, it reads the events written since its last read (by any copy: the database is the
 * only thing copies share) and writes each to this copy's streams of its recipients. It
 * holds nothing but its own connections and a read position, so a copy can stop at any time.
 *
 * Ids are a safe position: SQLite (and sqld) commit one writer at a time, so an event is
 * visible only after every event with a smaller id.
 *
 * Events carry ids; what a stream receives is built for its member when it is sent
 * (`resolve`), so a removal or a block is honoured at delivery, live and on replay. Each
 * stream holds a leased row in live_streams, renewed on the heartbeat, which is how a
 * member's streams are counted across copies.
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db, logger, countsFor } = options;
  const resolve = options.resolve ?? eventResolver(db);
  const tickMs = options.tickMs ?? TICK_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const maxStreamMs = options.maxStreamMs ?? MAX_STREAM_MS;
  const replayLimit = options.replayLimit ?? REPLAY_LIMIT;
  const slots = streamSlots({
    db,
    logger,
    limit: options.streamLimit ?? STREAM_LIMIT,
    leaseMs: options.leaseMs ?? 3 * heartbeatMs,
  });

  const byUser = new Map<number, Set<Subscriber>>();
  let size = 0;
  let closed = false;
  /** The tail's position; null while no stream is open (it restarts from the newest event). */
  let tail: { cursor: number; timers: ReturnType<typeof setInterval>[] } | null = null;
  let starting: Promise<void> | null = null;
  let reading: Promise<void> | null = null;
  const catchingUp = new Set<Promise<void>>();
  let countsSeq = 0;
  /** A failing database is logged once per spell, not on every tick. */
  let tailFailing = false;

  function ensureStarted(): Promise<void> {
    if (tail) return Promise.resolve();
    starting ??= latestEventId(db)
      .then((cursor) => {
        if (tail || closed || size === 0) return;
        const timers = [setInterval(tick, tickMs), setInterval(heartbeat, heartbeatMs)];
        for (const timer of timers) timer.unref?.();
        tail = { cursor, timers };
      })
      .finally(() => {
        starting = null;
      });
    return starting;
  }

  function stopWhenIdle() {
    if (size > 0 || !tail) return;
    for (const timer of tail.timers) clearInterval(timer);
    tail = null;
  }

  function tick() {
    if (reading || !tail) return;
    reading = readTail(tail).finally(() => {
      reading = null;
    });
  }

  async function readTail(current: NonNullable<typeof tail>) {
    try {
      const events = await nextDeliveries(db, current.cursor, TAIL_ROWS);
      tailFailing = false;
      if (tail !== current || events.length === 0) return;
      const payloads = await resolveForStreams(resolve, events, (userId) => byUser.has(userId));
      if (tail !== current) return;
      const recount = new Set<number>();
      for (const event of events) {
        for (const userId of event.recipients) {
          const subscribers = byUser.get(userId);
          if (!subscribers) continue;
          if (COUNTED.has(event.type)) recount.add(userId);
          const payload = payloads.get(deliveryKey(event.id, userId));
          if (!payload) continue;
          const text = liveMessage(event, payload);
          for (const sub of subscribers) push(sub, event.id, text);
        }
      }
      // In the same synchronous step as the pushes: a stream attached later replays from here.
      current.cursor = events[events.length - 1]?.id ?? current.cursor;
      for (const userId of recount) sendCounts(userId);
    } catch (error) {
      if (!tailFailing) logger.error("live tail failed", loggableError(error));
      tailFailing = true;
    }
  }

  function heartbeat() {
    const now = Date.now();
    const held: string[] = [];
    for (const subscribers of [...byUser.values()]) {
      for (const sub of [...subscribers]) {
        if (now >= sub.endsAt) sub.conn.close();
        else {
          sub.conn.write(sseComment("ping"));
          held.push(sub.slotId);
        }
      }
    }
    slots.renew(held);
  }

  function push(sub: Subscriber, id: number, text: string) {
    if (sub.pending) sub.pending.push({ id, text });
    else send(sub, id, text);
  }

  function send(sub: Subscriber, id: number, text: string) {
    if (id <= sub.lastId) return;
    sub.conn.write(text);
    sub.lastId = id;
  }

  /** Sends the member's counts to their streams here (or to one), newest answer wins. */
  function sendCounts(userId: number, only?: Subscriber) {
    const seq = ++countsSeq;
    countsFor(userId).then(
      (counts) => {
        const text = sseMessage(null, LIVE_COUNTS, counts);
        for (const sub of only ? [only] : (byUser.get(userId) ?? [])) {
          if (sub.pending || seq <= sub.countsSeq) continue;
          sub.countsSeq = seq;
          sub.conn.write(text);
        }
      },
      (error) => logger.error("live counts failed", { userId, ...loggableError(error) }),
    );
  }

  /**
   * A reconnect's missed events as they are sent now (those that resolve to nothing for
   * the member are left out), or "resync" when they cannot all be replayed.
   */
  async function missedEvents(
    userId: number,
    after: number,
  ): Promise<{ id: number; text: string }[] | "resync"> {
    const { oldest, newest } = await eventIdBounds(db);
    // No stored events after a real position, a position from another database, or a gap
    // of pruned events: what was missed cannot be proven complete.
    if (newest === null) return after > 0 ? "resync" : [];
    if (after > newest || (oldest !== null && after < oldest - 1)) return "resync";
    const events = await userEventsAfter(db, userId, after, replayLimit);
    if (events.length >= replayLimit) return "resync";
    const payloads = events.length ? await resolve(events.map((event) => ({ event, userId }))) : new Map();
    return events.flatMap((event) => {
      const payload = payloads.get(deliveryKey(event.id, userId));
      return payload ? [{ id: event.id, text: liveMessage(event, payload) }] : [];
    });
  }

  async function catchUp(sub: Subscriber, after: number | null) {
    await ensureStarted();
    if (sub.conn.ended || !tail) return;
    if (after !== null) {
      sub.lastId = after;
      const missed = await missedEvents(sub.userId, after);
      if (sub.conn.ended || !tail) return;
      if (missed === "resync") {
        sub.lastId = tail.cursor;
        sub.conn.write(sseMessage(tail.cursor, LIVE_RESYNC, {}));
      } else for (const { id, text } of missed) send(sub, id, text);
    } else if (sub.lastId < 0) {
      sub.lastId = tail.cursor;
    }
    for (const { id, text } of sub.pending ?? []) send(sub, id, text);
    sub.pending = null;
    // Everything of this member up to the tail's position is sent now: the browser keeps
    // this id and a reconnect replays from it.
    sub.lastId = Math.max(sub.lastId, tail.cursor);
    sub.conn.write(sseMessage(sub.lastId, LIVE_READY, {}));
    sendCounts(sub.userId, sub);
  }

  function detach(sub: Subscriber) {
    const subscribers = byUser.get(sub.userId);
    if (!subscribers?.delete(sub)) return;
    if (subscribers.size === 0) byUser.delete(sub.userId);
    size--;
    // On close(), every slot goes back in one statement instead.
    if (!closed) slots.release([sub.slotId]);
    stopWhenIdle();
  }

  return {
    async open(userId, lastEventId) {
      if (closed) throw new HubClosedError();
      const slotId = await slots.claim(userId, () => (closed ? new HubClosedError() : null));
      const sub: Subscriber = {
        userId,
        slotId,
        conn: new SseConnection(() => detach(sub)),
        // Attached now, so the tail holds every later event for it while it catches up.
        lastId: tail ? tail.cursor : -1,
        pending: [],
        countsSeq: 0,
        endsAt: Date.now() + maxStreamMs * (0.8 + 0.4 * Math.random()),
      };
      const subscribers = byUser.get(userId) ?? new Set();
      byUser.set(userId, subscribers.add(sub));
      size++;
      sub.conn.write(`retry: ${RETRY_MS.min + Math.floor(Math.random() * RETRY_MS.spread)}\n\n`);
      const done = catchUp(sub, lastEventId)
        .catch((error) => {
          logger.error("live stream failed", { userId, ...loggableError(error) });
          sub.conn.close();
        })
        .finally(() => catchingUp.delete(done));
      catchingUp.add(done);
      return sub.conn.response;
    },
    get size() {
      return size;
    },
    async close() {
      closed = true;
      const held: string[] = [];
      for (const subscribers of [...byUser.values()])
        for (const sub of [...subscribers]) {
          held.push(sub.slotId);
          sub.conn.close();
        }
      stopWhenIdle();
      slots.release(held);
      await Promise.all([reading, starting?.catch(() => {}), ...catchingUp, slots.settled()]);
    },
  };
}
