import { Elysia } from "elysia";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import type { AppContext } from "./context";
import type { Env } from "./env";
import { assetRoutes } from "./features/assets/routes";
import { healthRoutes } from "./features/health/routes";
import { notFoundRoutes, pagesRoutes } from "./features/pages/routes";
import { seoRoutes } from "./features/seo/routes";
import { errorMapper } from "./http/error-mapper";
import { withPipeline } from "./http/pipeline";
import { createLogger, type Logger } from "./log";
import { loadIslands } from "./render/island";
import { createPageRenderer } from "./render/page-renderer";

export interface App {
  /** Answers one request, exactly as the HTTP server would. */
  handle: (request: Request) => Promise<Response>;
  context: AppContext;
  close(): void;
}

export interface CreateAppOptions {
  env: Env;
  logger?: Logger;
  now?: () => Date;
}

/** Opens and migrates the database, then composes the feature plugins. */
export async function createApp({ env, logger, now }: CreateAppOptions): Promise<App> {
  const log = logger ?? createLogger(env.LOG_LEVEL);
  const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  const applied = await migrate(database.client);
  if (applied) log.info("migrations applied", { count: applied });
  await loadIslands();
  const context: AppContext = { env, database, logger: log, now: now ?? (() => new Date()) };
  const render = createPageRenderer(context, async () => null);

  const router = new Elysia()
    .use(errorMapper(log))
    .use(assetRoutes())
    .use(healthRoutes(context))
    .use(seoRoutes(context))
    .use(pagesRoutes(context, render))
    .use(notFoundRoutes(render));

  const handle = withPipeline((request) => router.handle(request), {
    publicUrl: env.PUBLIC_URL,
    logger: log,
  });
  return { handle: async (request) => handle(request), context, close: () => database.close() };
}
