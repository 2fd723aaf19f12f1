import { Elysia } from "elysia";
import { authMessages } from "../../../common/schemas/auth";
import type { AppContext } from "../../context";
import { HttpError } from "../../http/errors";
import { requestMeta } from "../../http/request-meta";
import type { SessionCache } from "./session-cache";
import { sessionCookieSpec, type ValidSession, validateSessionToken } from "./sessions";

export interface SessionCookieJar {
  value: unknown;
  set(options: CookieOptions): unknown;
}

interface CookieOptions {
  value: string;
  httpOnly: boolean;
  sameSite: "lax";
  path: string;
  secure: boolean;
  expires?: Date;
  maxAge?: number;
}

type ResponseHeaders = Record<string, string | number | string[] | undefined>;

/** The value of cookie `name` in a Cookie header (RFC 6265 §5.4: `name=value` pairs split by `; `). */
export function cookieValue(header: string | null, name: string): string {
  if (!header) return "";
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return "";
}

/**
 * The session cookie of one request: read from its Cookie header, written as a Set-Cookie
 * header of its answer (Bun.Cookie serializes it). Elysia's cookie jar parsed every cookie of
 * every request into proxies, and the session's is the only one the app reads or writes.
 */
export function sessionJar(request: Request, name: string, headers: ResponseHeaders): SessionCookieJar {
  return {
    value: cookieValue(request.headers.get("cookie"), name),
    set(options: CookieOptions) {
      this.value = options.value;
      const { value, ...attributes } = options;
      headers["set-cookie"] = new Bun.Cookie(name, value, attributes).serialize();
    },
  };
}

/** Writes the session cookie with the attributes the Lucia guide asks for. */
export function writeSessionCookie(jar: SessionCookieJar, token: string, expiresAt: Date, secure: boolean) {
  jar.set({ value: token, httpOnly: true, sameSite: "lax", path: "/", secure, expires: expiresAt });
}

export function clearSessionCookie(jar: SessionCookieJar, secure: boolean) {
  jar.set({ value: "", httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: 0 });
}

/** A replica that cannot reach its primary cannot tell a new session from an unknown one. */
export const sessionUncheckedMessage = "Your session could not be checked just now. Please try again.";

/**
 * An embedded replica's pull, for tokens it cannot find. When the primary cannot be
 * reached the request fails with 503 rather than signing the member out: the cookie may
 * well be good, and a 401 would make the browser forget it.
 */
function catchUpOf(app: AppContext): (() => Promise<void>) | undefined {
  const catchUp = app.database.catchUp;
  if (!catchUp) return undefined;
  return () =>
    catchUp().catch((error: unknown) => {
      app.logger.warn("the replica could not pull from its primary", { error: String(error) });
      throw new HttpError(503, sessionUncheckedMessage);
    });
}

/**
 * Resolves the session cookie once per request for every route that uses it, renewing
 * the cookie when the session's expiry slid and dropping a cookie that no longer works:
 * one the database does not know, on a replica only once it has pulled from its primary.
 */
export function sessionPlugin(app: AppContext, cache?: SessionCache) {
  const spec = sessionCookieSpec(app.env.PUBLIC_URL);
  const catchUp = catchUpOf(app);
  return new Elysia({ name: "session" })
    .derive({ as: "global" }, async ({ request, set }) => {
      const jar = sessionJar(request, spec.name, set.headers as ResponseHeaders);
      const token = typeof jar.value === "string" ? jar.value : "";
      const session = token
        ? await validateSessionToken(app.database.db, token, app.now(), cache, catchUp)
        : null;
      // The request's log line names the member.
      if (session) requestMeta(request).memberId = session.user.id;
      if (session?.renewed) writeSessionCookie(jar, token, session.expiresAt, spec.secure);
      else if (token && !session) clearSessionCookie(jar, spec.secure);
      return { session, sessionCookie: jar };
    })
    .decorate("cookieSecure", spec.secure);
}

/** The signed-in session, or the spec's 401 for guests. */
export function requireSession(session: ValidSession | null): ValidSession {
  if (!session) throw new HttpError(401, authMessages.notSignedIn);
  return session;
}
