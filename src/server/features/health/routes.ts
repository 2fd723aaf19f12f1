import { Elysia } from "elysia";
import type { AppContext } from "../../context";

/** Liveness and readiness in one: the database must answer. */
export function healthRoutes(app: AppContext) {
  return new Elysia({ name: "health" }).get("/healthz", async ({ status }) => {
    try {
      await app.database.client.execute("SELECT 1");
      return { status: "ok" };
    } catch (error) {
      app.logger.error("health check failed", { error: String(error) });
      return status(503, { status: "unavailable", message: "Database is not reachable" });
    }
  });
}
