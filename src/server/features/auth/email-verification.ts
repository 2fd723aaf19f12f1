import { authMessages } from "../../../common/schemas/auth";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { limitRule, memberLimitTable } from "../../http/member-limits";
import { chargeRate } from "../../http/rate-limit";
import {
  deleteUserEmailTokens,
  deleteUserResetTokens,
  findLiveEmailToken,
  findPendingEmailChange,
  findUserByEmail,
  findUserById,
  insertEmailToken,
  markEmailVerified,
  setVerifiedEmail,
  takeEmailToken,
  type UserRow,
} from "./queries";
import { invalidateUserSessions, type ValidSession } from "./sessions";
import { generateToken, hashToken } from "./tokens";
import { userUniqueViolation } from "./unique-violation";

const HOUR_MS = 3_600_000;
export const EMAIL_LINK_TTL_HOURS = 24;
export const EMAIL_LINK_TTL_MS = EMAIL_LINK_TTL_HOURS * HOUR_MS;
/** 'Send the link again', per member per hour, unless LIMIT_EMAIL_RESENDS_PER_HOUR says otherwise. */
export const VERIFY_MAIL_LIMIT = memberLimitTable["email.resend"].default;

export interface VerificationDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  /** 'Send the link again' per member per hour (LIMIT_EMAIL_RESENDS_PER_HOUR). */
  resendLimit?: number;
}

/**
 * Stores the hash of a fresh single-use token for `email` and queues the link. When
 * `email` is the account's own address the link confirms it; any other address is an
 * e-mail change, which takes effect only when its link is opened.
 */
export async function sendVerificationLink(
  deps: VerificationDeps,
  user: Pick<UserRow, "id" | "username" | "email">,
  email: string,
) {
  const token = generateToken();
  const now = deps.now();
  await insertEmailToken(deps.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    email,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    createdAt: now,
  });
  const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const change = email !== user.email;
  await deps.sendMail({
    to: email,
    subject: change ? "Confirm your new OpenMat email address" : "Confirm your OpenMat email address",
    text: [
      `Hi ${user.username},`,
      "",
      change
        ? `Someone asked to change the email address of the OpenMat account ${user.username} to this one. Open this link to confirm it; until then the account keeps its current address:`
        : "Open this link to confirm that this is your email address on OpenMat:",
      link,
      "",
      `The link works once and expires after ${EMAIL_LINK_TTL_HOURS} hours. If you did not ask for it, ignore this mail.`,
    ].join("\n"),
  });
}

/**
 * Asks for an e-mail change: only the newest requested address can take effect, so
 * links for earlier requests stop working. Links confirming the current address stay.
 */
export async function requestEmailChange(deps: VerificationDeps, user: UserRow, email: string) {
  await deleteUserEmailTokens(deps.db, user.id, user.email);
  await sendVerificationLink(deps, user, email);
}

/** 'Send the link again': throttled per member; false when there is nothing to confirm. */
export async function resendVerification(deps: VerificationDeps, user: UserRow): Promise<boolean> {
  if (user.emailVerifiedAt) return false;
  await chargeRate(
    deps.db,
    limitRule("email.resend", { memberId: user.id }, deps.resendLimit ?? VERIFY_MAIL_LIMIT),
    deps.now().getTime(),
  );
  await sendVerificationLink(deps, user, user.email);
  return true;
}

export const pendingEmailChange = (deps: Pick<VerificationDeps, "db" | "now">, user: UserRow) =>
  findPendingEmailChange(deps.db, user.id, user.email, deps.now());

export type VerifyOutcome = "verified" | "changed";

/**
 * Opens a link. For the account's own address it marks it verified; for another address
 * it moves the account there if nobody took it meanwhile (409 otherwise), ends every
 * link and reset link of the user and every session but the one that opened the link.
 * The token is used up either way.
 */
export async function verifyEmail(
  deps: Pick<VerificationDeps, "db" | "now">,
  token: string,
  opener: ValidSession | null,
): Promise<VerifyOutcome> {
  const { db } = deps;
  const now = deps.now();
  const tokenHash = hashToken(token);
  const live = token ? await findLiveEmailToken(db, tokenHash, now) : undefined;
  const user = live ? await findUserById(db, live.userId) : undefined;
  if (!live || !user) throw new HttpError(400, authMessages.verifyLinkInvalid);
  if (live.email === user.email) {
    if (!(await takeEmailToken(db, tokenHash, now))) throw new HttpError(400, authMessages.verifyLinkInvalid);
    await markEmailVerified(db, user.id, live.email, now);
    return "verified";
  }
  const holder = await findUserByEmail(db, live.email);
  if (holder && holder.id !== user.id) throw new HttpError(409, authMessages.emailTaken);
  if (!(await takeEmailToken(db, tokenHash, now))) throw new HttpError(400, authMessages.verifyLinkInvalid);
  try {
    await setVerifiedEmail(db, user.id, live.email, now);
  } catch (error) {
    if (userUniqueViolation(error) === "email") throw new HttpError(409, authMessages.emailTaken);
    throw error;
  }
  await deleteUserEmailTokens(db, user.id);
  await deleteUserResetTokens(db, user.id);
  await invalidateUserSessions(db, user.id, opener?.user.id === user.id ? opener.sessionId : undefined);
  return "changed";
}
