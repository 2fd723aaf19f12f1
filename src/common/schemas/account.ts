import * as v from "valibot";
import { limits } from "../limits";
import { authMessages, emailField, passwordField } from "./auth";
import { objectMessages } from "./object-messages";

export const accountMessages = {
  currentPasswordRequired: "Current password is required",
  passwordMin: "Password must be at least 8 characters long",
  passwordsDiffer: "Passwords don't match",
  currentPasswordWrong: "Current password is incorrect",
  usernameRequired: "Username is required",
  usernameMax: "Username must be less than 50 characters",
  usernamesDiffer: "Usernames don't match",
  emailsDiffer: "Email addresses don't match",
  passwordChanged: "Your password has been changed.",
  usernameChanged: "Your username has been changed.",
  emailChanged: "Your email has been changed.",
  emailChangeSent:
    "We sent a confirmation link to your new email address. Your email changes when you open it; until then it stays as it is.",
  emailNotVerified: "Your e-mail is not verified yet",
  verificationSent: "We sent a new confirmation link to your email address.",
  emailAlreadyVerified: "Your email address is already confirmed.",
  accountDeleted: "Your account has been deleted.",
} as const;

/**
 * Changes that could take the account away ask for the password again, so an open
 * session alone is not enough. Missing or empty, the spec's message either way.
 */
const currentPasswordField = v.optional(
  v.pipe(
    v.string(accountMessages.currentPasswordRequired),
    v.nonEmpty(accountMessages.currentPasswordRequired),
    v.maxLength(256, accountMessages.currentPasswordWrong),
  ),
  "",
);

/**
 * A request with no body is read as an empty form (every call here is a DELETE or POST whose
 * client might send none), so it gets the first field's spec message, never valibot's
 * "Invalid type: Expected Object". A missing key gets its field's message too.
 */
const form = <S extends v.GenericSchema<Record<string, unknown>>>(schema: S) => v.optional(schema, {});

export const changePasswordSchema = form(
  v.pipe(
    v.object(
      {
        currentPassword: currentPasswordField,
        newPassword: passwordField(accountMessages.passwordMin),
        confirmPassword: v.string(accountMessages.passwordsDiffer),
      },
      objectMessages(
        { newPassword: accountMessages.passwordMin, confirmPassword: accountMessages.passwordsDiffer },
        accountMessages.currentPasswordRequired,
      ),
    ),
    v.forward(
      v.partialCheck(
        [["newPassword"], ["confirmPassword"]],
        (i) => i.newPassword === i.confirmPassword,
        accountMessages.passwordsDiffer,
      ),
      ["confirmPassword"],
    ),
  ),
);

const usernameChange = v.pipe(
  v.string(accountMessages.usernameRequired),
  v.trim(),
  v.nonEmpty(accountMessages.usernameRequired),
  v.minLength(limits.usernameMin, "Username must be at least 3 characters"),
  v.maxLength(limits.usernameMax, accountMessages.usernameMax),
  v.regex(/^[A-Za-z0-9_.-]+$/, "Username may only use letters, digits, _, . and -"),
);

export const changeUsernameSchema = form(
  v.pipe(
    v.object(
      {
        newUsername: usernameChange,
        confirmUsername: v.pipe(v.string(accountMessages.usernamesDiffer), v.trim()),
        currentPassword: currentPasswordField,
      },
      objectMessages({ confirmUsername: accountMessages.usernamesDiffer }, accountMessages.usernameRequired),
    ),
    v.forward(
      v.partialCheck(
        [["newUsername"], ["confirmUsername"]],
        (i) => i.newUsername === i.confirmUsername,
        accountMessages.usernamesDiffer,
      ),
      ["confirmUsername"],
    ),
  ),
);

export const changeEmailSchema = form(
  v.pipe(
    v.object(
      { newEmail: emailField, confirmEmail: emailField, currentPassword: currentPasswordField },
      objectMessages({ confirmEmail: accountMessages.emailsDiffer }, authMessages.emailInvalid),
    ),
    v.forward(
      v.partialCheck(
        [["newEmail"], ["confirmEmail"]],
        (i) => i.newEmail === i.confirmEmail,
        accountMessages.emailsDiffer,
      ),
      ["confirmEmail"],
    ),
  ),
);

/** DELETE /api/account/delete: with no body (or no password) the answer is 'Current password is required'. */
export const deleteAccountSchema = form(
  v.object({ currentPassword: currentPasswordField }, accountMessages.currentPasswordRequired),
);
