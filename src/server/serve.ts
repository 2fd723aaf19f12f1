import type { Server } from "bun";
import { type App, createApp } from "./app";
import type { Env } from "./env";
import { serverErrorResponse } from "./http/security-headers";
import { HEARTBEAT_MS } from "./live/hub";
import { createLogger } from "./log";
import { loggableError } from "./loggable-error";

const MAX_BODY_BYTES = 16 * 1024 * 1024;
/**
 * Bun closes a connection idle for 10 s (its default idleTimeout), and an event stream is
 * quiet between heartbeats. Each stream gets a timeout of a few heartbeats instead: every
 * heartbeat resets it, so only a stream whose writes have stalled is cut.
 */
export const STREAM_IDLE_TIMEOUT_S = Math.ceil((3 * HEARTBEAT_MS) / 1000);

/** Bun's fetch handler for the app: the peer's address in, event streams kept open. */
export function fetchHandler(app: App) {
  return async (request: Request, server: Server<unknown>) => {
    const response = await app.handle(request, server.requestIP(request)?.address);
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      server.timeout(request, STREAM_IDLE_TIMEOUT_S);
    }
    return response;
  };
}

/** Starts the HTTP server and stops it gracefully on SIGTERM or SIGINT. */
export async function serve(env: Env): Promise<void> {
  const logger = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT);
  const app: App = await createApp({ env, logger });
  const server = Bun.serve({
    port: env.PORT,
    hostname: env.HOST,
    maxRequestBodySize: MAX_BODY_BYTES,
    fetch: fetchHandler(app),
    // Bun's own last resort (a body that fails while streaming): the same JSON and headers.
    error(error) {
      logger.error("server error", loggableError(error));
      return serverErrorResponse(env.PUBLIC_URL);
    },
  });
  app.startWorkers();
  logger.info("listening", { url: `http://${env.HOST}:${server.port}`, publicUrl: env.PUBLIC_URL });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    // Stop accepting; requests already in flight run to completion before we close the DB.
    // Event streams never complete on their own: they are ended (browsers reconnect to
    // another copy, or to this one when it is back) so stop() does not wait forever.
    const stopped = server.stop(false);
    await app.live.close();
    await stopped;
    await app.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
