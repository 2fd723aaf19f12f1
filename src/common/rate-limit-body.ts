/** Spec §8 "Rate limiting": what a client assumes when a 429 body cannot be read. */
export const RATE_LIMIT_FALLBACK = {
  message: "Too many requests. Please try again later.",
  retryAfter: 3600,
  limit: 12,
  remaining: 0,
} as const;
