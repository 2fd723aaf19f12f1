/** One message of a text/event-stream, as EventSource would parse it. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
  /** Set for comment lines (`: ping`) and `retry:` hints, which EventSource does not dispatch. */
  comment?: string;
  retry?: number;
}

/**
 * Reads an event stream in the background and lets a test wait for what it expects. `take`
 * removes the first matching message from the queue, so each is seen once.
 */
export function readSse(response: Response) {
  if (!response.body) throw new Error("the response has no body");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const queue: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let buffer = "";
  let ended = false;
  let bytes = 0;

  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          queue.push(parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Cancelled by the test, or cut by the server: both end the stream.
    }
    ended = true;
    for (const wake of waiters) wake();
  })();

  async function take(match: (m: SseMessage) => boolean, timeoutMs = 2000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = queue.findIndex(match);
      if (index >= 0) return queue.splice(index, 1)[0] as SseMessage;
      if (ended) throw new Error(`the stream ended first; unread: ${JSON.stringify(queue)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms; unread: ${JSON.stringify(queue)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    take,
    /** The next message of type `event`. */
    event: (event: string, timeoutMs?: number) => take((m) => m.event === event, timeoutMs),
    /** Messages received and not taken yet. */
    unread: () => [...queue],
    get ended() {
      return ended;
    },
    get bytes() {
      return bytes;
    },
    /** Waits until the server ends the stream (or `timeoutMs` passes: then false). */
    async closedWithin(timeoutMs: number): Promise<boolean> {
      return Promise.race([pump.then(() => true), Bun.sleep(timeoutMs).then(() => ended)]);
    },
    async close() {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

export type SseReader = ReturnType<typeof readSse>;

function parse(block: string): SseMessage {
  const message: SseMessage = { event: "message", data: "" };
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) message.comment = line.slice(1).trim();
    else {
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") message.id = value;
      else if (field === "event") message.event = value;
      else if (field === "data") data.push(value);
      else if (field === "retry") message.retry = Number(value);
    }
  }
  message.data = data.join("\n");
  if (message.comment !== undefined || message.retry !== undefined) {
    if (!data.length && message.event === "message") message.event = "";
  }
  return message;
}
