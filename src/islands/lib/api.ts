import { RATE_LIMIT_FALLBACK } from "../../common/rate-limit-body";

/** A failed API call, with the server's message when it sent one (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * What a failed write's toast says: past a member limit (429), the server's rate-limit
 * message (spec §8, 'Too many requests. Please try again later.'); otherwise the action's
 * own text from the catalogue, which says nothing about why.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : fallback;
}

/**
 * Spec §7 "Request helper": credentials always sent, JSON only when there is a body,
 * non-success answers raise. The error message is the server's `message` when present,
 * otherwise '{status}: {body or status text}'. `headers` adds to them (an Idempotency-Key).
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  if (!res.ok) {
    const fallback =
      res.status === 429 ? RATE_LIMIT_FALLBACK.message : `${res.status}: ${text || res.statusText}`;
    throw new ApiError(res.status, typeof parsed.message === "string" ? parsed.message : fallback, parsed);
  }
  return parsed as T;
}
