/**
 * What the operator's endpoints answer when they refuse: /readyz's reasons and /metrics'
 * access rule. Read by monitoring and by the person running OpenMat, not by members.
 */

/** Why a copy is not ready; `reason` in /readyz's 503 body. */
export type NotReadyReason = "database" | "migrations" | "jobs";

export const readinessTexts = {
  database: "Database is not reachable",
  migrations: "The database has migrations pending that this version carries",
  jobs: "The background jobs runner has not ticked recently",
} as const satisfies Record<NotReadyReason, string>;

export const metricsTexts = {
  tokenRequired: "Metrics need the token set in METRICS_TOKEN, sent as Authorization: Bearer <token>",
  loopbackOnly:
    "Metrics are answered only to this machine while METRICS_TOKEN is unset; set it to scrape from elsewhere",
} as const;
