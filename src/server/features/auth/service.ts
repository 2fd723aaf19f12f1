import { limits } from "../../../common/limits";
import { authMessages, type LoginInput, type RegisterInput } from "../../../common/schemas/auth";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { hitRate, peekRate, type RateRule, tooManyRequests } from "../../http/rate-limit";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import {
  consumeResetToken,
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

const MINUTE_MS = 60_000;
export const LOGIN_FAILURE_LIMIT = { limit: 10, windowMs: 15 * MINUTE_MS };
export const RESET_MAIL_LIMITS = {
  perAddress: { limit: 3, windowMs: 60 * MINUTE_MS },
  perIp: { limit: 10, windowMs: 60 * MINUTE_MS },
};
export const RESET_TTL_MS = limits.resetLinkMinutes * MINUTE_MS;

export interface AuthDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  adminEmails: readonly string[];
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
}

/** ADMIN_EMAILS make admins without a database change; otherwise the stored role counts. */
export function roleOf(
  user: Pick<UserRow, "email" | "role">,
  adminEmails: readonly string[],
): UserRow["role"] {
  return adminEmails.includes(user.email) ? "admin" : user.role;
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
  };
}

export type SelfUser = ReturnType<typeof toSelf>;

export async function register(deps: AuthDeps, input: RegisterInput) {
  if (await findUserByUsername(deps.db, input.username)) throw new HttpError(409, authMessages.usernameTaken);
  if (await findUserByEmail(deps.db, input.email)) throw new HttpError(409, authMessages.emailTaken);
  const now = deps.now();
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      createdAt: now,
    });
  } catch (error) {
    // Two sign-ups raced for the same name: the unique index decided.
    if (String(error).includes("UNIQUE")) throw new HttpError(409, authMessages.usernameTaken);
    throw error;
  }
  return { user: toSelf(user, deps.adminEmails), session: await createSession(deps.db, user.id, now) };
}

const loginRules = (identifier: string, ip: string): RateRule[] => [
  { key: `login-fail:id:${identifier.toLowerCase()}`, ...LOGIN_FAILURE_LIMIT },
  { key: `login-fail:ip:${ip}`, ...LOGIN_FAILURE_LIMIT },
];

/** Failed attempts are throttled per account and per client IP; the answer never says which was wrong. */
export async function login(deps: AuthDeps, input: LoginInput, ip: string) {
  const nowMs = deps.now().getTime();
  const rules = loginRules(input.identifier, ip);
  for (const rule of rules) {
    const state = await peekRate(deps.db, rule, nowMs);
    if (!state.allowed) throw tooManyRequests(state);
  }
  const identifier = input.identifier;
  const user = identifier.includes("@")
    ? await findUserByEmail(deps.db, identifier.toLowerCase())
    : await findUserByUsername(deps.db, identifier);
  let valid = false;
  if (user) valid = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password);
  if (!user || !valid) {
    for (const rule of rules) await hitRate(deps.db, rule, nowMs);
    throw new HttpError(401, authMessages.invalidCredentials);
  }
  return { user: toSelf(user, deps.adminEmails), session: await createSession(deps.db, user.id, deps.now()) };
}

/**
 * Same answer and similar work whether or not the address has an account. The mail
 * goes to the outbox; delivery happens outside this request.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string) {
  const nowMs = deps.now().getTime();
  const rules: RateRule[] = [
    { key: `reset-mail:email:${email}`, ...RESET_MAIL_LIMITS.perAddress },
    { key: `reset-mail:ip:${ip}`, ...RESET_MAIL_LIMITS.perIp },
  ];
  for (const rule of rules) {
    const state = await hitRate(deps.db, rule, nowMs);
    if (!state.allowed) throw tooManyRequests(state);
  }
  const token = generateToken();
  const tokenHash = hashToken(token);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  await insertResetToken(deps.db, { tokenHash, userId: user.id, expiresAt: new Date(nowMs + RESET_TTL_MS) });
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
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

/** Sets the new password, uses up the link and signs the user out everywhere. */
export async function resetPassword(deps: AuthDeps, token: string, newPassword: string) {
  const tokenHash = hashToken(token);
  const now = deps.now();
  const live = await findLiveResetToken(deps.db, tokenHash, now);
  if (!live || !(await consumeResetToken(deps.db, tokenHash, now))) {
    throw new HttpError(400, authMessages.resetTokenInvalid);
  }
  await setUserPassword(deps.db, live.userId, await hashPassword(newPassword));
  await invalidateUserSessions(deps.db, live.userId);
}

/** Lookups other features may use; the queries module stays private to auth. */
export const getUser = (db: Db, id: number) => findUserById(db, id);
export const getUserByUsername = (db: Db, username: string) => findUserByUsername(db, username);
export const getUserByEmail = (db: Db, email: string) => findUserByEmail(db, email);

export async function setPassword(db: Db, userId: number, password: string) {
  await setUserPassword(db, userId, await hashPassword(password));
}

/** Grants or revokes admin by e-mail; false when no such account exists. */
export async function setRoleByEmail(db: Db, email: string, role: UserRow["role"]): Promise<boolean> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) return false;
  await updateUserRole(db, user.id, role);
  return true;
}
