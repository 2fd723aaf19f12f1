/**
 * Test support only (imported by *.test.tsx, never by an island, so the browser build
 * leaves it out): the browser's EventSource, reduced to what the page's live stream
 * (live.ts) uses, for island tests to drive.
 */
import { afterAll, beforeAll } from "bun:test";

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened, oldest first; tests reset it when they need a clean count. */
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private lastId = "";
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  /** Delivers one event (the stream is open from then on); `id` is its id, kept for the ones after. */
  emit(type: string, data: unknown, id?: number) {
    this.readyState = FakeEventSource.OPEN;
    if (id !== undefined) this.lastId = String(id);
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: this.lastId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** A dropped connection: the browser retries (CONNECTING) or, after a non-200, gives up (CLOSED). */
  fail(givesUp: boolean) {
    this.readyState = givesUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event("error"));
  }
}

/** FakeEventSource as the type the live connection expects. */
export const fakeEventSource = () => FakeEventSource as unknown as typeof EventSource;

/** The stream opened last: the page's one stream. */
export const latestStream = () => FakeEventSource.opened.at(-1) as FakeEventSource;

/**
 * Makes FakeEventSource the global EventSource for the test file or `describe` this is called
 * in (after `withDom()`), and puts the real one back after it.
 */
export function withFakeEventSource() {
  let saved: typeof EventSource | undefined;
  beforeAll(() => {
    saved = globalThis.EventSource;
    globalThis.EventSource = fakeEventSource();
  });
  afterAll(() => {
    globalThis.EventSource = saved as typeof EventSource;
  });
}
