import { limits } from "../../../common/limits";
import { authMessages, type LoginInput, type RegisterInput } from "../../../common/schemas/auth";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import {
  chargeRate,
  hitRateAlone,
  hitRates,
  type RateRule,
  releaseRate,
  tooManyRequests,
} from "../../http/rate-limit";
import { sendVerificationLink } from "./email-verification";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import {
  consumeResetToken,
  deleteUserResetTokens,
  findLiveResetToken,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertResetToken,
  insertUser,
  setUserPassword,
  type UserRow,
  updateUserRole,
} from "./queries";
import { createSession, invalidateUserSessions } from "./sessions";
import { generateToken, hashToken } from "./tokens";
import { userUniqueViolation } from "./unique-violation";

// What other features may use of auth: they import this file only.
export {
  pendingEmailChange,
  requestEmailChange,
  resendVerification,
  type VerificationDeps,
  verifyEmail,
} from "./email-verification";
export { verifyPassword } from "./passwords";
export { clearSessionCookie, requireSession, sessionPlugin } from "./session-plugin";
export { invalidateUserSessions, type ValidSession } from "./sessions";
export { generateToken, hashToken } from "./tokens";

const MINUTE_MS = 60_000;
export const LOGIN_FAILURE_LIMIT = { limit: 10, windowMs: 15 * MINUTE_MS };
export const RESET_MAIL_LIMITS = {
  perAddress: { limit: 3, windowMs: 60 * MINUTE_MS },
  perIp: { limit: 10, windowMs: 60 * MINUTE_MS },
};
/** New accounts per client IP: one address cannot mint accounts by the hundred. */
export const SIGNUP_WINDOW_MS = 60 * MINUTE_MS;
export const RESET_TTL_MS = limits.resetLinkMinutes * MINUTE_MS;

export interface AuthDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  adminEmails: readonly string[];
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  /** Sign-ups per hour from one client IP (SIGNUP_LIMIT). */
  signupLimit: number;
  /** 'Send the link again' per member per hour (LIMIT_EMAIL_RESENDS_PER_HOUR). */
  resendLimit?: number;
}

/**
 * ADMIN_EMAILS make admins without a database change, but only for an address its owner
 * proved by opening a link sent to it; otherwise the stored role counts. Anyone could
 * type an admin's address at sign-up, and nothing else proves they read that mailbox.
 */
export function roleOf(
  user: Pick<UserRow, "email" | "role" | "emailVerifiedAt">,
  adminEmails: readonly string[],
): UserRow["role"] {
  return user.emailVerifiedAt && adminEmails.includes(user.email) ? "admin" : user.role;
}

/** The user as the API shows them to themselves: never the hash, never a token. */
export function toSelf(user: UserRow, adminEmails: readonly string[]) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: roleOf(user, adminEmails),
    profilePhoto: user.profilePhoto,
    beltLevel: user.beltLevel,
    aboutMe: user.aboutMe,
    city: user.city,
    homeGym: user.homeGym,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

export type SelfUser = ReturnType<typeof toSelf>;

/** 409 with the spec's message for the unique rule a write broke; any other error as it was. */
export function conflictFor(error: unknown): unknown {
  const field = userUniqueViolation(error);
  if (field === "username") return new HttpError(409, authMessages.usernameTaken);
  if (field === "email") return new HttpError(409, authMessages.emailTaken);
  return error;
}

/**
 * Counted per client IP before any work, then the account is created and a link to
 * confirm the address goes to the outbox. The account works before it is confirmed;
 * only ADMIN_EMAILS wait for it (see roleOf).
 */
export async function register(deps: AuthDeps, input: RegisterInput, ip: string) {
  const now = deps.now();
  const rule = { key: `register:ip:${ip}`, limit: deps.signupLimit, windowMs: SIGNUP_WINDOW_MS };
  await chargeRate(deps.db, rule, now.getTime());
  if (await findUserByUsername(deps.db, input.username)) throw new HttpError(409, authMessages.usernameTaken);
  if (await findUserByEmail(deps.db, input.email)) throw new HttpError(409, authMessages.emailTaken);
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      createdAt: now,
    });
  } catch (error) {
    // Sign-ups that raced past the checks above: the unique indexes decide.
    throw conflictFor(error);
  }
  await sendVerificationLink(deps, user, user.email);
  return { user: toSelf(user, deps.adminEmails), session: await createSession(deps.db, user.id, now) };
}

/**
 * Per account (the user, however it was named; the typed identifier when no account
 * has it, so unknown names are throttled too) and per client IP.
 */
const loginRules = (user: UserRow | undefined, identifier: string, ip: string): RateRule[] => [
  {
    key: user ? `login-fail:user:${user.id}` : `login-fail:id:${identifier.trim().toLowerCase()}`,
    ...LOGIN_FAILURE_LIMIT,
  },
  { key: `login-fail:ip:${ip}`, ...LOGIN_FAILURE_LIMIT },
];

/**
 * Every attempt is counted first, under the account's and the address's rule in one atomic
 * step (hitRates), and only then is the password checked: guesses sent in parallel each
 * take a slot under both at once, so exactly the limit are checked, across copies too.
 * A correct password gives its slots back, so only failures add up. The answer never says
 * which part was wrong.
 */
export async function login(deps: AuthDeps, input: LoginInput, ip: string) {
  const nowMs = deps.now().getTime();
  const identifier = input.identifier;
  const user = identifier.includes("@")
    ? await findUserByEmail(deps.db, identifier.toLowerCase())
    : await findUserByUsername(deps.db, identifier);
  const rules = loginRules(user, identifier, ip);
  const states = await hitRates(deps.db, rules, nowMs);
  const refused = states.find((state) => !state.allowed);
  if (refused) throw tooManyRequests(refused);
  let valid = false;
  if (user) valid = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password);
  if (!user || !valid) throw new HttpError(401, authMessages.invalidCredentials);
  // Said only to whoever knows the password: an operator disabled the account.
  if (user.disabledAt) throw new HttpError(403, authMessages.accountDisabled);
  for (const rule of rules) await releaseRate(deps.db, rule, nowMs);
  return { user: toSelf(user, deps.adminEmails), session: await createSession(deps.db, user.id, deps.now()) };
}

/**
 * Same answer and the same work whether or not the address has an account. The client IP
 * is counted first, so refused requests add no per-address rows; the address is counted
 * only when the IP is within its limit.
 *
 * Timing: a known address costs a token row and an outbox row, two committed writes. An
 * unknown one commits two writes of the same kind instead (the `reset-mail:no-account`
 * counter, a row nobody reads back from the API), so both answers run the same number
 * of statements with the same number of commits, which is what the time of an answer is
 * made of here; no password hashing happens on either path. The mail itself goes to the
 * outbox and is delivered outside this request.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string) {
  const nowMs = deps.now().getTime();
  const rules: RateRule[] = [
    { key: `reset-mail:ip:${ip}`, ...RESET_MAIL_LIMITS.perIp },
    { key: `reset-mail:email:${email}`, ...RESET_MAIL_LIMITS.perAddress },
  ];
  for (const rule of rules) {
    await chargeRate(deps.db, rule, nowMs);
  }
  const token = generateToken();
  const tokenHash = hashToken(token);
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const user = await findUserByEmail(deps.db, email);
  // A disabled account gets no link (it would not sign in anyway): the same answer as none.
  if (!user || user.disabledAt) {
    const decoy: RateRule = { key: "reset-mail:no-account", ...RESET_MAIL_LIMITS.perIp };
    await hitRateAlone(deps.db, decoy, nowMs);
    await hitRateAlone(deps.db, decoy, nowMs);
    return;
  }
  await insertResetToken(deps.db, { tokenHash, userId: user.id, expiresAt: new Date(nowMs + RESET_TTL_MS) });
  await deps.sendMail({
    to: user.email,
    subject: "Reset your OpenMat password",
    text: [
      `Hi ${user.username},`,
      "",
      "Someone asked to reset the password of your OpenMat account. Open this link to choose a new one:",
      link,
      "",
      `The link works once and expires after ${limits.resetLinkMinutes} minutes. If you did not ask for it, ignore this mail.`,
    ].join("\n"),
  });
}

export async function verifyResetToken(deps: AuthDeps, token: string): Promise<boolean> {
  return Boolean(await findLiveResetToken(deps.db, hashToken(token), deps.now()));
}

/** Sets the new password, uses up this link and every other, and signs the user out everywhere. */
export async function resetPassword(deps: AuthDeps, token: string, newPassword: string) {
  const tokenHash = hashToken(token);
  const now = deps.now();
  const live = await findLiveResetToken(deps.db, tokenHash, now);
  // A link mailed before the account was disabled does not revive it.
  const owner = live ? await findUserById(deps.db, live.userId) : undefined;
  if (!live || !owner || owner.disabledAt || !(await consumeResetToken(deps.db, tokenHash, now))) {
    throw new HttpError(400, authMessages.resetTokenInvalid);
  }
  await setUserPassword(deps.db, live.userId, await hashPassword(newPassword));
  await deleteUserResetTokens(deps.db, live.userId);
  await invalidateUserSessions(deps.db, live.userId);
}

/** Lookups other features may use; the queries module stays private to auth. */
export const getUser = (db: Db, id: number) => findUserById(db, id);
export const getUserByUsername = (db: Db, username: string) => findUserByUsername(db, username);
export const getUserByEmail = (db: Db, email: string) => findUserByEmail(db, email);

/** A new password also ends every reset link the user had asked for. */
export async function setPassword(db: Db, userId: number, password: string) {
  await setUserPassword(db, userId, await hashPassword(password));
  await deleteUserResetTokens(db, userId);
}

/** Grants or revokes admin by e-mail; false when no such account exists. */
export async function setRoleByEmail(db: Db, email: string, role: UserRow["role"]): Promise<boolean> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) return false;
  await updateUserRole(db, user.id, role);
  return true;
}

// The operator's account commands (`openmat admin users …`).
export {
  type AccountSummary,
  disableAccount,
  enableAccount,
  findAccount,
  listAccounts,
  liveSessions,
  resetAccountPassword,
  revokeAccountSessions,
} from "./operator";
