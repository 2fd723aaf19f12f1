import type { Client } from "@libsql/client";

/** Whether libSQL refused a statement because another connection held the write lock. */
export function isBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "SQLITE_BUSY" || (typeof message === "string" && message.includes("SQLITE_BUSY"));
}

/**
 * A local file waits for the write lock itself (its busy timeout). sqld does not: a write
 * that meets another copy's (or this copy's other request's) open write answers
 * SQLITE_BUSY at once, which under load failed requests with a 500. A busy statement or
 * batch changed nothing (a batch is one transaction), so it is sent again after a short,
 * growing, jittered pause, until `timeoutMs` have passed; then the error stands.
 */
export function retryWhenBusy(client: Client, timeoutMs: number, sleep = Bun.sleep): Client {
  const retrying =
    <A extends unknown[], R>(send: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const deadline = performance.now() + timeoutMs;
      for (let attempt = 0; ; attempt++) {
        try {
          return await send(...args);
        } catch (error) {
          if (!isBusy(error) || performance.now() >= deadline) throw error;
          await sleep(Math.min(50, 2 ** attempt) * (0.5 + Math.random()));
        }
      }
    };
  client.execute = retrying(client.execute.bind(client)) as Client["execute"];
  client.batch = retrying(client.batch.bind(client)) as Client["batch"];
  return client;
}
