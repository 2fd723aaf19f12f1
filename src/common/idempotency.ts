/**
 * The header a client sends with a write it may retry (POST /api/posts, a conversation's
 * messages, POST /api/schools): the same key again answers the first result and creates
 * nothing (the server side is src/server/http/idempotency.ts).
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 200;
