import { Elysia } from "elysia";
import { readinessTexts } from "../../../common/schemas/operations";
import type { ReadinessDeps } from "./readiness";
import { readinessCheck } from "./readiness";

/**
 * `/healthz` is liveness: it answers whenever the process serves requests, and never asks
 * the database, so a slow or lost database gets a copy taken out of rotation (by
 * `/readyz`), not restarted in a loop. `/readyz` is readiness: 200 only when the database
 * answers, its migrations are current and the jobs runner ticked recently; otherwise 503
 * with the reason.
 */
export function healthRoutes(deps: ReadinessDeps) {
  const readiness = readinessCheck(deps);
  return new Elysia({ name: "health" })
    .get("/healthz", () => ({ status: "ok" }))
    .get("/readyz", async ({ status }) => {
      const result = await readiness();
      if (result.ready) return { status: "ok" };
      const { reason } = result;
      return status(503, { status: "unavailable", reason, message: readinessTexts[reason] });
    });
}
