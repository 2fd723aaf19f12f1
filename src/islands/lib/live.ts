import { useEffect, useRef, useSyncExternalStore } from "react";
import { LIVE_READY, LIVE_STREAM_PATH, type LiveEvent } from "../../common/live";

type Handler = (data: never) => void;

export interface LiveConnectionOptions {
  url?: string;
  /** Read when the stream opens; tests pass a fake. */
  EventSource?: () => typeof EventSource | undefined;
  /** A last unsubscribe closes the stream after this, so a remount does not reconnect. */
  closeDelayMs?: number;
  /** Waits before reopening a stream the browser gave up on, growing with each failure. */
  reopenMs?: readonly number[];
  /**
   * Where the first stream starts: the event id the page was rendered at (`<body
   * data-live-from>`), so an event between the render and the stream's opening is replayed.
   */
  startFrom?: () => string;
}

/**
 * One live stream shared by everything on the page (ARCHITECTURE "Live delivery"). It opens
 * with the first subscriber and closes a moment after the last. The browser reconnects by
 * itself and sends Last-Event-ID, so nothing is missed; when it gives up (an answer other
 * than 200: signed out, or a proxy's error during a deploy) this opens a new stream later,
 * from the last id it saw.
 */
export function createLiveConnection(options: LiveConnectionOptions = {}) {
  const url = options.url ?? LIVE_STREAM_PATH;
  const EventSourceClass = options.EventSource ?? (() => globalThis.EventSource);
  const closeDelayMs = options.closeDelayMs ?? 1_000;
  const reopenMs = options.reopenMs ?? [5_000, 15_000, 60_000, 300_000];
  const startFrom =
    options.startFrom ??
    (() => (typeof document === "undefined" ? "" : (document.body?.dataset.liveFrom ?? "")));

  const handlers = new Map<string, Set<Handler>>();
  const statusListeners = new Set<() => void>();
  let source: EventSource | null = null;
  let live = false;
  let lastEventId = "";
  let failures = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  function setLive(next: boolean) {
    if (live === next) return;
    live = next;
    for (const listener of statusListeners) listener();
  }

  function listen(es: EventSource, type: string) {
    es.addEventListener(type, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      if (type === LIVE_READY) {
        failures = 0;
        setLive(true);
      }
      const subscribed = handlers.get(type);
      if (!subscribed?.size) return;
      const data = JSON.parse(message.data) as never;
      for (const handler of subscribed) {
        try {
          handler(data);
        } catch (error) {
          // One island's bug must not keep the event from the others.
          console.error(`live ${type}`, error);
        }
      }
    });
  }

  function open() {
    const Source = EventSourceClass();
    if (!Source || source) return;
    const from = lastEventId || startFrom();
    const es = new Source(from ? `${url}?lastEventId=${encodeURIComponent(from)}` : url);
    source = es;
    listen(es, LIVE_READY);
    for (const type of handlers.keys()) if (type !== LIVE_READY) listen(es, type);
    es.onerror = () => {
      if (source !== es) return;
      setLive(false);
      if (es.readyState !== Source.CLOSED) return;
      source = null;
      const delay = reopenMs[Math.min(failures++, reopenMs.length - 1)];
      reopenTimer = setTimeout(() => {
        reopenTimer = undefined;
        open();
      }, delay);
    };
  }

  function close() {
    clearTimeout(reopenTimer);
    reopenTimer = undefined;
    source?.close();
    source = null;
    setLive(false);
  }

  return {
    subscribe<T = LiveEvent>(type: string, handler: (data: T) => void): () => void {
      clearTimeout(closeTimer);
      const subscribed = handlers.get(type) ?? new Set();
      if (!handlers.has(type)) {
        handlers.set(type, subscribed);
        if (source && type !== LIVE_READY) listen(source, type);
      }
      subscribed.add(handler as Handler);
      if (!source && !reopenTimer) open();
      return () => {
        subscribed.delete(handler as Handler);
        if ([...handlers.values()].some((set) => set.size > 0)) return;
        clearTimeout(closeTimer);
        closeTimer = setTimeout(close, closeDelayMs);
      };
    },
    subscribeStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    /** True while the stream is open and caught up. */
    isLive: () => live,
  };
}

const connection = createLiveConnection();

/**
 * Calls `handler` with each event of `type` on the page's live stream: a domain event's
 * `LiveEvent` (`message.sent`, `notification.created`…), or `UnreadCounts` for `counts`,
 * `{}` for `resync`. Returns the unsubscribe function.
 */
export const subscribeLive = connection.subscribe;

/** `subscribeLive` for a component: subscribed while mounted; `handler` may change freely. */
export function useLiveEvent<T = LiveEvent>(type: string, handler: (data: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => connection.subscribe<T>(type, (data) => latest.current(data)), [type]);
}

/** True while the live stream is up: the moment polling can stop. */
export function useLiveStatus(): boolean {
  return useSyncExternalStore(connection.subscribeStatus, connection.isLive, () => false);
}

/**
 * The spec's polling (§9), only while the live stream is down: calls `poll` every
 * `intervalMs` then, and stops as soon as the stream is up again.
 */
export function useFallbackPoll(poll: () => void, intervalMs: number): void {
  const live = useLiveStatus();
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [live, intervalMs]);
}
