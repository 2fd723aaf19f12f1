import type { Client } from "@libsql/client";
import type { StatementKind } from "./registry";

/**
 * Times every database call this client makes (drizzle's queries call `execute` and
 * `batch` on it): one count and its seconds per call, kept by the metrics. A busy retry
 * (busy-retry.ts) counts as the one call it is, its pauses included.
 */
export function timeStatements(client: Client, observe: (kind: StatementKind, seconds: number) => void) {
  const timed =
    <A extends unknown[], R>(kind: StatementKind, send: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await send(...args);
      } finally {
        observe(kind, (performance.now() - started) / 1000);
      }
    };
  client.execute = timed("execute", client.execute.bind(client)) as Client["execute"];
  client.batch = timed("batch", client.batch.bind(client)) as Client["batch"];
}
