import { expect } from "bun:test";
import { RATE_LIMIT_FALLBACK } from "../../src/common/rate-limit-body";

/** A 429 with the spec's body (§8: message, retryAfter, limit, remaining) and its headers. */
export async function expectTooMany(res: Response, limit: number) {
  expect(res.status).toBe(429);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toEqual({
    message: RATE_LIMIT_FALLBACK.message,
    retryAfter: expect.any(Number),
    limit,
    remaining: 0,
  });
  expect(body.retryAfter as number).toBeGreaterThanOrEqual(1);
  expect(res.headers.get("retry-after")).toBe(String(body.retryAfter));
  expect(res.headers.get("x-ratelimit-limit")).toBe(String(limit));
  expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
  return body;
}
