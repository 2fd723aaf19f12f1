import { Elysia } from "elysia";
import {
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  changeUsernameSchema,
  deleteAccountSchema,
} from "../../../common/schemas/account";
import type { AppContext } from "../../context";
import type { authGuard } from "../../policy/guard";
import { type AuthDeps, clearSessionCookie, resendVerification } from "../auth/service";
import * as account from "./service";

/** Spec §7 "Account": every call acts on the signed-in user only. */
export function accountRoutes(app: AppContext, guard: ReturnType<typeof authGuard>, deps: AuthDeps) {
  const db = app.database.db;
  return new Elysia({ name: "account-routes", prefix: "/api/account" })
    .use(guard)
    .post(
      "/change-password",
      async ({ body, member }) => {
        await account.changePassword(db, member, body.currentPassword, body.newPassword);
        return { message: accountMessages.passwordChanged };
      },
      { auth: "member", limit: "account.change", body: changePasswordSchema },
    )
    .post(
      "/change-username",
      async ({ body, member }) => {
        await account.changeUsername(db, member, body.newUsername, body.currentPassword);
        return { message: accountMessages.usernameChanged };
      },
      { auth: "member", limit: "account.change", body: changeUsernameSchema },
    )
    .post(
      "/change-email",
      async ({ body, member }) => {
        await account.changeEmail(deps, member, body.newEmail, body.currentPassword);
        return { message: accountMessages.emailChangeSent };
      },
      { auth: "member", limit: "account.change", body: changeEmailSchema },
    )
    .post(
      "/resend-verification",
      async ({ member }) => {
        const sent = await resendVerification(deps, member.user);
        return { message: sent ? accountMessages.verificationSent : accountMessages.emailAlreadyVerified };
      },
      { auth: "member", limit: "email.resend" },
    )
    .delete(
      "/delete",
      async ({ body, member, sessionCookie, cookieSecure }) => {
        await account.deleteAccount(db, app.storage, member, body.currentPassword);
        clearSessionCookie(sessionCookie, cookieSecure);
        return { message: accountMessages.accountDeleted };
      },
      { auth: "member", limit: "account.change", body: deleteAccountSchema },
    );
}
