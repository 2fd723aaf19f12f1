import { Elysia } from "elysia";
import {
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  changeUsernameSchema,
  deleteAccountSchema,
} from "../../../common/schemas/account";
import type { AppContext } from "../../context";
import { resendVerification } from "../auth/email-verification";
import type { AuthDeps } from "../auth/service";
import { clearSessionCookie, requireSession, type sessionPlugin } from "../auth/session-plugin";
import * as account from "./service";

/** Spec §7 "Account": every call acts on the signed-in user only. */
export function accountRoutes(app: AppContext, session: ReturnType<typeof sessionPlugin>, deps: AuthDeps) {
  const db = app.database.db;
  return (
    new Elysia({ name: "account-routes", prefix: "/api/account" })
      .use(session)
      // Guests get 401 before their body is validated: signed-in state decides first.
      .onTransform(({ session }) => void requireSession(session))
      .post(
        "/change-password",
        async ({ body, session }) => {
          await account.changePassword(db, requireSession(session), body.currentPassword, body.newPassword);
          return { message: accountMessages.passwordChanged };
        },
        { body: changePasswordSchema },
      )
      .post(
        "/change-username",
        async ({ body, session }) => {
          await account.changeUsername(db, requireSession(session), body.newUsername, body.currentPassword);
          return { message: accountMessages.usernameChanged };
        },
        { body: changeUsernameSchema },
      )
      .post(
        "/change-email",
        async ({ body, session }) => {
          await account.changeEmail(deps, requireSession(session), body.newEmail, body.currentPassword);
          return { message: accountMessages.emailChangeSent };
        },
        { body: changeEmailSchema },
      )
      .post("/resend-verification", async ({ session }) => {
        const sent = await resendVerification(deps, requireSession(session).user);
        return { message: sent ? accountMessages.verificationSent : accountMessages.emailAlreadyVerified };
      })
      .delete(
        "/delete",
        async ({ body, session, sessionCookie, cookieSecure }) => {
          await account.deleteAccount(db, requireSession(session), body.currentPassword);
          clearSessionCookie(sessionCookie, cookieSecure);
          return { message: accountMessages.accountDeleted };
        },
        { body: deleteAccountSchema },
      )
  );
}
