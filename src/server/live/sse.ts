const encoder = new TextEncoder();

/**
 * What a reader that stopped reading may have queued before its stream is dropped. It
 * reconnects with Last-Event-ID and catches up from the database instead, so a stuck tab
 * costs the server this much at most.
 */
export const MAX_QUEUED_BYTES = 1024 * 1024;

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: proxies must neither compress nor rewrite it; nginx reads x-accel-buffering.
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;

/** One SSE message. JSON never holds a raw newline, so `data` is always one line. */
export function sseMessage(id: number | null, event: string, data: unknown): string {
  return `${id === null ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const sseComment = (text: string) => `: ${text}\n\n`;

/**
 * A text/event-stream response and the one way to write to it. `onEnd` runs once, when the
 * client goes away (the body is cancelled), when the server closes it, or when the reader
 * falls too far behind.
 */
export class SseConnection {
  readonly response: Response;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #ended = false;

  constructor(private readonly onEnd: () => void) {
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        cancel: () => this.#end(),
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk?.byteLength ?? 0 },
    );
    this.response = new Response(body, { headers: SSE_HEADERS });
  }

  get ended(): boolean {
    return this.#ended;
  }

  write(text: string): void {
    if (this.#ended) return;
    if ((this.#controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
      this.close();
      return;
    }
    try {
      this.#controller.enqueue(encoder.encode(text));
    } catch {
      this.#end();
    }
  }

  close(): void {
    if (this.#ended) return;
    try {
      this.#controller.close();
    } catch {
      // Already errored by a client that went away; ending is all that is left.
    }
    this.#end();
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.onEnd();
  }
}
