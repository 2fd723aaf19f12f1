import * as v from "valibot";
import { limits } from "../limits";

/** Spec §5 messages, shared by the forms and the API. */
export const authMessages = {
  identifierRequired: "Email or username is required",
  passwordRequired: "Password is required",
  usernameMin: "Username must be at least 3 characters",
  usernameMax: "Username must be less than 50 characters",
  usernameChars: "Username may only use letters, digits, _, . and -",
  emailInvalid: "Please enter a valid email address",
  passwordMin: "Password must be at least 8 characters",
  confirmRequired: "Please confirm your password",
  passwordsDiffer: "Passwords don't match",
  invalidCredentials: "Invalid credentials",
  /** Not in the spec's catalogue: an operator disabled the account (`openmat admin users disable`). */
  accountDisabled: "This account is disabled",
  usernameTaken: "That username is already taken",
  emailTaken: "An account with that email already exists",
  resetSent: "If an account with that email exists, a password reset link has been sent.",
  resetTokenMissing: "Invalid reset token",
  resetTokenInvalid: "Invalid or expired reset link",
  notSignedIn: "Not authenticated",
  loggedIn: "You have been logged in successfully.",
  registered: "Your account has been created successfully.",
  loggedOut: "You have been logged out successfully.",
  passwordReset: "Your password has been reset. You can now sign in.",
  verifyLinkInvalid: "Invalid or expired email link",
  emailVerified: "Your email address is confirmed.",
} as const;

const trimmed = v.pipe(v.string(), v.trim());

export const emailField = v.pipe(
  trimmed,
  v.nonEmpty(authMessages.emailInvalid),
  v.email(authMessages.emailInvalid),
  v.maxLength(254, authMessages.emailInvalid),
  v.toLowerCase(),
);

export const usernameField = v.pipe(
  trimmed,
  v.minLength(limits.usernameMin, authMessages.usernameMin),
  v.maxLength(limits.usernameMax, authMessages.usernameMax),
  v.regex(/^[A-Za-z0-9_.-]+$/, authMessages.usernameChars),
);

/**
 * A new password of at least limits.passwordMin characters. Spec §5 words the minimum one
 * way for registration and reset, another for change password: each form passes its own.
 */
export const passwordField = (minMessage: string) =>
  v.pipe(
    v.string(minMessage),
    v.minLength(limits.passwordMin, minMessage),
    // argon2 hashes any length, but unbounded input is a cheap way to burn CPU.
    v.maxLength(256, "Password must be at most 256 characters"),
  );

export const newPasswordField = passwordField(authMessages.passwordMin);

export const loginSchema = v.object({
  identifier: v.pipe(trimmed, v.nonEmpty(authMessages.identifierRequired)),
  password: v.pipe(v.string(), v.nonEmpty(authMessages.passwordRequired), v.maxLength(256)),
});

export const registerSchema = v.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});

/** The form adds a confirmation that never leaves the browser. */
export const registerFormSchema = v.pipe(
  v.object({
    ...registerSchema.entries,
    confirmPassword: v.pipe(v.string(), v.nonEmpty(authMessages.confirmRequired)),
  }),
  v.forward(
    v.partialCheck(
      [["password"], ["confirmPassword"]],
      (i) => i.password === i.confirmPassword,
      authMessages.passwordsDiffer,
    ),
    ["confirmPassword"],
  ),
);

export const forgotPasswordSchema = v.object({ email: emailField });

export const tokenSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty(authMessages.resetTokenMissing), v.maxLength(200)),
});

export const resetPasswordSchema = v.object({ ...tokenSchema.entries, newPassword: newPasswordField });

export const resetPasswordFormSchema = v.pipe(
  v.object({ newPassword: newPasswordField, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [["newPassword"], ["confirmPassword"]],
      (i) => i.newPassword === i.confirmPassword,
      authMessages.passwordsDiffer,
    ),
    ["confirmPassword"],
  ),
);

export type LoginInput = v.InferOutput<typeof loginSchema>;
export type RegisterInput = v.InferOutput<typeof registerSchema>;
