import { Elysia } from "elysia";
import {
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  changeUsernameSchema,
} from "../../../common/schemas/account";
import type { AppContext } from "../../context";
import { clearSessionCookie, requireSession, type sessionPlugin } from "../auth/session-plugin";
import * as account from "./service";

/** Spec §7 "Account": every call acts on the signed-in user only. */
export function accountRoutes(app: AppContext, session: ReturnType<typeof sessionPlugin>) {
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
          await account.changeUsername(db, requireSession(session).user.id, body.newUsername);
          return { message: accountMessages.usernameChanged };
        },
        { body: changeUsernameSchema },
      )
      .post(
        "/change-email",
        async ({ body, session }) => {
          await account.changeEmail(db, requireSession(session).user.id, body.newEmail);
          return { message: accountMessages.emailChanged };
        },
        { body: changeEmailSchema },
      )
      .delete("/delete", async ({ session, sessionCookie, cookieSecure }) => {
        await account.deleteAccount(db, requireSession(session).user.id);
        clearSessionCookie(sessionCookie, cookieSecure);
        return { message: accountMessages.accountDeleted };
      })
  );
}
