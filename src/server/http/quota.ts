import type { Db } from "../../db/client";
import { hitRate, type RateState, tooManyRequests } from "./rate-limit";

const DAY_MS = 86_400_000;

export interface DailyQuota {
  memberLimit: number;
  guestLimit: number;
}

export const DAILY_LIMIT_MESSAGE = "Daily search limit reached";

/**
 * Counts one search for a member (by id) or a guest (by client IP) in the current UTC
 * day. Throws the spec's 429 past the limit; otherwise returns the headers to send.
 */
export async function chargeDailySearch(
  db: Db,
  quota: DailyQuota,
  who: { userId: number } | { ip: string },
  now: number,
): Promise<Record<string, string>> {
  const isMember = "userId" in who;
  const key = isMember ? `search:user:${who.userId}` : `search:ip:${who.ip}`;
  const state: RateState = await hitRate(
    db,
    { key, limit: isMember ? quota.memberLimit : quota.guestLimit, windowMs: DAY_MS },
    now,
  );
  if (!state.allowed) throw tooManyRequests(state, DAILY_LIMIT_MESSAGE);
  return { "x-ratelimit-limit": String(state.limit), "x-ratelimit-remaining": String(state.remaining) };
}
