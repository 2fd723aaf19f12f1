import { Elysia } from "elysia";
import { metricsAccess } from "./access";
import { type ScrapeDeps, scrape } from "./service";

export interface MetricsRouteDeps extends ScrapeDeps {
  /** METRICS_TOKEN; empty: loopback clients only. */
  token: string;
  trustProxy: boolean;
}

/** `GET /metrics`: the Prometheus text format, for METRICS_TOKEN's bearer or this machine. */
export function metricsRoutes(deps: MetricsRouteDeps) {
  return new Elysia({ name: "metrics" }).get("/metrics", async ({ request, set, status }) => {
    const access = metricsAccess(request, deps.token, deps.trustProxy);
    if (!access.allowed) {
      if (access.status === 401) set.headers["www-authenticate"] = 'Bearer realm="metrics"';
      return status(access.status, { message: access.message });
    }
    return new Response(await scrape(deps), {
      headers: { "content-type": deps.metrics.contentType, "cache-control": "no-store" },
    });
  });
}
