import { IDEMPOTENCY_HEADER } from "../../common/idempotency";

/**
 * Each user action gets its own Idempotency-Key, and keeps it while the same action is
 * sent again after a failure (the answer may have been lost after the server stored it:
 * the retry then gets that result instead of a second post, message or submission). Kept
 * per page, per scope, until the action succeeds or a different one is sent; a closed
 * and reopened dialog sending the same thing again is still a retry.
 */
const actions = new Map<string, { payload: string; key: string }>();

const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The key for `payload` under `scope`: the last one if the same payload has not gone through yet. */
export function idempotencyKeyFor(scope: string, payload: unknown): string {
  const text = JSON.stringify(payload);
  const current = actions.get(scope);
  if (current?.payload === text) return current.key;
  const key = newKey();
  actions.set(scope, { payload: text, key });
  return key;
}

/**
 * Sends one action with its key (see idempotencyKeyFor); once it has gone through, the
 * next send under `scope` is a new action, even with the same text.
 */
export async function sendOnce<T>(
  scope: string,
  payload: unknown,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyFor(scope, payload);
  const result = await send({ [IDEMPOTENCY_HEADER]: key });
  if (actions.get(scope)?.key === key) actions.delete(scope);
  return result;
}
