import { Elysia } from "elysia";
import {
  authMessages,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
} from "../../../common/schemas/auth";
import { HttpError } from "../../http/errors";
import { requestMeta } from "../../http/request-meta";
import type { authGuard } from "../../policy/guard";
import * as auth from "./service";
import { clearSessionCookie, writeSessionCookie } from "./session-plugin";
import { invalidateSession } from "./sessions";

/** Spec §7 "Authentication": thin handlers over the auth service. */
export function authRoutes(guard: ReturnType<typeof authGuard>, deps: auth.AuthDeps) {
  return new Elysia({ name: "auth-routes", prefix: "/api/auth" })
    .use(guard)
    .get("/me", ({ member }) => ({ user: auth.toSelf(member.user, deps.adminEmails) }), { auth: "member" })
    .post(
      "/login",
      async ({ body, request, session: previous, sessionCookie, cookieSecure }) => {
        const { user, session } = await auth.login(deps, body, requestMeta(request).ip);
        // A fresh session at every sign-in: a token that existed before it never gains rights.
        if (previous) await invalidateSession(deps.db, previous.sessionId);
        writeSessionCookie(sessionCookie, session.token, session.expiresAt, cookieSecure);
        return { message: authMessages.loggedIn, user };
      },
      { body: loginSchema },
    )
    .post(
      "/register",
      async ({ body, request, session: previous, sessionCookie, cookieSecure, set }) => {
        const { user, session } = await auth.register(deps, body, requestMeta(request).ip);
        if (previous) await invalidateSession(deps.db, previous.sessionId);
        writeSessionCookie(sessionCookie, session.token, session.expiresAt, cookieSecure);
        set.status = 201;
        return { message: authMessages.registered, user };
      },
      { body: registerSchema },
    )
    .post("/logout", async ({ session, sessionCookie, cookieSecure }) => {
      if (session) await invalidateSession(deps.db, session.sessionId);
      clearSessionCookie(sessionCookie, cookieSecure);
      return { message: authMessages.loggedOut };
    })
    .post(
      "/forgot-password",
      async ({ body, request }) => {
        await auth.requestPasswordReset(deps, body.email, requestMeta(request).ip);
        return { message: authMessages.resetSent };
      },
      { body: forgotPasswordSchema },
    )
    .post(
      "/verify-reset-token",
      async ({ body }) => {
        if (!(await auth.verifyResetToken(deps, body.token)))
          throw new HttpError(400, authMessages.resetTokenInvalid);
        return { valid: true };
      },
      { body: tokenSchema },
    )
    .post(
      "/reset-password",
      async ({ body }) => {
        await auth.resetPassword(deps, body.token, body.newPassword);
        return { message: authMessages.passwordReset };
      },
      { body: resetPasswordSchema },
    );
}
