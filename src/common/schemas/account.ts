import * as v from "valibot";
import { limits } from "../limits";
import { emailField, newPasswordField } from "./auth";

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

export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: currentPasswordField,
    newPassword: v.pipe(newPasswordField, v.minLength(limits.passwordMin, accountMessages.passwordMin)),
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [["newPassword"], ["confirmPassword"]],
      (i) => i.newPassword === i.confirmPassword,
      accountMessages.passwordsDiffer,
    ),
    ["confirmPassword"],
  ),
);

const usernameChange = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(accountMessages.usernameRequired),
  v.minLength(limits.usernameMin, "Username must be at least 3 characters"),
  v.maxLength(limits.usernameMax, accountMessages.usernameMax),
  v.regex(/^[A-Za-z0-9_.-]+$/, "Username may only use letters, digits, _, . and -"),
);

export const changeUsernameSchema = v.pipe(
  v.object({
    newUsername: usernameChange,
    confirmUsername: v.pipe(v.string(), v.trim()),
    currentPassword: currentPasswordField,
  }),
  v.forward(
    v.partialCheck(
      [["newUsername"], ["confirmUsername"]],
      (i) => i.newUsername === i.confirmUsername,
      accountMessages.usernamesDiffer,
    ),
    ["confirmUsername"],
  ),
);

export const changeEmailSchema = v.pipe(
  v.object({ newEmail: emailField, confirmEmail: emailField, currentPassword: currentPasswordField }),
  v.forward(
    v.partialCheck(
      [["newEmail"], ["confirmEmail"]],
      (i) => i.newEmail === i.confirmEmail,
      accountMessages.emailsDiffer,
    ),
    ["confirmEmail"],
  ),
);

export const deleteAccountSchema = v.object({ currentPassword: currentPasswordField });
