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
  accountDeleted: "Your account has been deleted.",
} as const;

export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.nonEmpty(accountMessages.currentPasswordRequired)),
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
  v.object({ newUsername: usernameChange, confirmUsername: v.pipe(v.string(), v.trim()) }),
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
  v.object({ newEmail: emailField, confirmEmail: emailField }),
  v.forward(
    v.partialCheck(
      [["newEmail"], ["confirmEmail"]],
      (i) => i.newEmail === i.confirmEmail,
      accountMessages.emailsDiffer,
    ),
    ["confirmEmail"],
  ),
);
