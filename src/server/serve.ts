import { type App, createApp } from "./app";
import type { Env } from "./env";
import { serverErrorResponse } from "./http/security-headers";
import { createLogger } from "./log";
import { loggableError } from "./loggable-error";

const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Starts the HTTP server and stops it gracefully on SIGTERM or SIGINT. */
export async function serve(env: Env): Promise<void> {
  const logger = createLogger(env.LOG_LEVEL);
  const app: App = await createApp({ env, logger });
  const server = Bun.serve({
    port: env.PORT,
    hostname: env.HOST,
    maxRequestBodySize: MAX_BODY_BYTES,
    fetch: (request, server) => app.handle(request, server.requestIP(request)?.address),
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
    await server.stop(false);
    await app.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
