import { RATE_LIMIT_FALLBACK } from "../../common/rate-limit-body";

export interface RateLimit {
  message: string;
  retryAfter: number;
  limit: number;
  remaining: number;
}

const numberOr = (value: unknown, fallback: number) => {
  const n = typeof value === "number" ? value : Number(value ?? Number.NaN);
  return Number.isFinite(n) ? n : fallback;
};

/**
 * Spec §8 "Rate limiting": the body's fields first, then the Retry-After and
 * X-RateLimit-Limit headers with remaining 0; an unreadable body gets the fixed fallbacks.
 */
export function readRateLimit(headers: Headers, bodyText: string): RateLimit {
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (!parsed || typeof parsed !== "object") throw new Error("not an object");
    body = parsed as Record<string, unknown>;
  } catch {
    return { ...RATE_LIMIT_FALLBACK };
  }
  const header = (name: string) => headers.get(name) ?? undefined;
  return {
    message: typeof body.message === "string" ? body.message : RATE_LIMIT_FALLBACK.message,
    retryAfter: numberOr(body.retryAfter, numberOr(header("retry-after"), RATE_LIMIT_FALLBACK.retryAfter)),
    limit: numberOr(body.limit, numberOr(header("x-ratelimit-limit"), RATE_LIMIT_FALLBACK.limit)),
    remaining: numberOr(body.remaining, 0),
  };
}
