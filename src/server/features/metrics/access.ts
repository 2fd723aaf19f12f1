import { createHash, timingSafeEqual } from "node:crypto";
import { metricsTexts } from "../../../common/schemas/operations";
import { isLoopbackClient } from "../../http/loopback";

export type MetricsAccess = { allowed: true } | { allowed: false; status: 401 | 403; message: string };

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The bearer token of an `Authorization: Bearer …` header, or null. */
function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends it as a bearer token, from
 * anywhere, loopback included (401 otherwise). Compared in constant time, on digests so the
 * lengths match and the time tells nothing of the token's length either. Without a token:
 * this machine only (a Prometheus or an agent beside the server). Another client gets 403,
 * not 404: the endpoint is documented and no secret, and the message tells the operator
 * exactly what to set, where a 404 would send them looking for a typo.
 */
export function metricsAccess(request: Request, token: string, trustProxy: boolean): MetricsAccess {
  if (token) {
    const given = bearerToken(request);
    if (given !== null && timingSafeEqual(digest(given), digest(token))) return { allowed: true };
    return { allowed: false, status: 401, message: metricsTexts.tokenRequired };
  }
  if (isLoopbackClient(request, trustProxy)) return { allowed: true };
  return { allowed: false, status: 403, message: metricsTexts.loopbackOnly };
}
