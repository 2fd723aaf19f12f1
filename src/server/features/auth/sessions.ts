import { limits } from "../../../common/limits";
import type { Db } from "../../../db/client";
import {
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  type UserRow,
  updateSessionExpiry,
} from "./queries";
import type { SessionCache } from "./session-cache";
import { generateToken, hashToken } from "./tokens";

const DAY_MS = 86_400_000;
export const SESSION_TTL_MS = limits.sessionDays * DAY_MS;

export interface SessionCookieSpec {
  name: string;
  secure: boolean;
}

/** `__Host-` binds the cookie to our exact origin, which browsers allow only over https. */
export function sessionCookieSpec(publicUrl: string): SessionCookieSpec {
  const secure = publicUrl.startsWith("https:");
  return { name: secure ? "__Host-om_session" : "om_session", secure };
}

export interface ValidSession {
  sessionId: string;
  user: UserRow;
  expiresAt: Date;
  /** True when the expiry moved and the cookie must be sent again. */
  renewed: boolean;
}

export async function createSession(db: Db, userId: number, now: Date) {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, { id: hashToken(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** What generateToken makes (20 bytes in base32): any other cookie is not worth a pull. */
const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

/**
 * Looks a cookie token up; expired sessions are deleted, ones in their second half extended.
 * With a `cache`, a token seen within its time to live is not read again (see SessionCache).
 *
 * `catchUp` is an embedded replica's pull (Database.catchUp): a session another copy wrote a
 * moment ago (a sign-up or sign-in through a load balancer) may not be in this copy's file
 * yet, so a token it cannot find is looked up again after a pull, and only then is it
 * unknown. Without this, the next request after a sign-up was signed out on a lagging copy.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  cache?: SessionCache,
  catchUp?: () => Promise<void>,
): Promise<ValidSession | null> {
  const generation = cache?.generation ?? 0;
  const cached = cache?.get(token);
  const sessionId = cached?.session.id ?? hashToken(token);
  const read = () => findSessionWithUser(db, sessionId);
  let row = cached ?? (await (cache ? cache.lookUp(token, read) : read()));
  if (!row && catchUp && TOKEN_SHAPE.test(token)) {
    await catchUp();
    row = await findSessionWithUser(db, sessionId);
  }
  if (!row) return null;
  // A disabled member's sessions were deleted; one still cached here ends with its entry.
  if (row.user.disabledAt) {
    cache?.delete(token);
    return null;
  }
  const nowMs = now.getTime();
  if (nowMs >= row.session.expiresAt.getTime()) {
    cache?.delete(token);
    await deleteSession(db, sessionId);
    return null;
  }
  if (nowMs >= row.session.expiresAt.getTime() - SESSION_TTL_MS / 2) {
    const expiresAt = new Date(nowMs + SESSION_TTL_MS);
    await updateSessionExpiry(db, sessionId, expiresAt);
    cache?.set(token, { session: { id: sessionId, expiresAt }, user: row.user }, generation);
    return { sessionId, user: row.user, expiresAt, renewed: true };
  }
  if (!cached) cache?.set(token, row, generation);
  return { sessionId, user: row.user, expiresAt: row.session.expiresAt, renewed: false };
}

export const invalidateSession = (db: Db, sessionId: string) => deleteSession(db, sessionId);

export const invalidateUserSessions = (db: Db, userId: number, exceptSessionId?: string) =>
  deleteUserSessions(db, userId, exceptSessionId);
