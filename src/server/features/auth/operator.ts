/**
 * The operator's account commands (`openmat admin users …`): find an account, page through
 * them, disable and enable one, give it a new password, end its sessions. Each change and its
 * audit row are one batch. The terminal has no admin account, so the audit row names no actor
 * (actor_id null, as the CLI's submission decisions) and says `via: "cli"` in its `after`.
 *
 * Sessions end in the database at once; a copy that cached one (SESSION_CACHE_MS) serves it
 * until that entry expires, and a disabled member's cached session is refused by validation
 * as soon as it is read again (sessions.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import * as q from "./operator-queries";
import { hashPassword } from "./passwords";
import { findUserByEmail, findUserById, findUserByUsername, type UserRow } from "./queries";
import { generateToken } from "./tokens";

export type AccountSummary = Awaited<ReturnType<typeof q.accountsPage>>[number];

/** An account by id (digits), e-mail (has an @) or username; undefined when none has it. */
export function findAccount(db: Db, ref: string): Promise<UserRow | undefined> {
  const text = ref.trim();
  if (/^\d{1,15}$/.test(text)) return findUserById(db, Number(text));
  if (text.includes("@")) return findUserByEmail(db, text.toLowerCase());
  return findUserByUsername(db, text);
}

export async function listAccounts(db: Db, limit: number, afterId = 0) {
  const [rows, total] = await Promise.all([q.accountsPage(db, limit, afterId), q.countAccounts(db)]);
  return { rows, total };
}

export const liveSessions = (db: Db, userId: number, now: Date) => q.countLiveSessions(db, userId, now);

const audit = (
  db: Db,
  action: string,
  user: UserRow,
  before: unknown,
  after: object,
  at: Date,
  onlyIf?: ReturnType<typeof sql>,
) =>
  auditStatement(
    db,
    {
      actorId: null,
      action,
      subjectType: "user",
      subjectId: user.id,
      before,
      after: { ...after, via: "cli" },
      at,
    },
    onlyIf,
  );

/**
 * Disables the account: no sign-in, no session, no reset link. False when it already was
 * (nothing audited then, though any session it still had ends too).
 */
export async function disableAccount(db: Db, user: UserRow, now: Date) {
  const [marked, , ended] = await db.batch([
    q.markDisabled(db, user.id, now),
    audit(
      db,
      "user.disable",
      user,
      { disabledAt: null },
      { disabledAt: now.toISOString() },
      now,
      sql`changes() = 1`,
    ),
    q.endSessions(db, user.id),
    q.endResetLinks(db, user.id),
  ]);
  return { changed: marked.length === 1, sessionsEnded: ended.length };
}

/** Lets the account sign in again (its ended sessions stay ended). False when it was not disabled. */
export async function enableAccount(db: Db, user: UserRow, now: Date) {
  const before = { disabledAt: user.disabledAt?.toISOString() ?? null };
  const [marked] = await db.batch([
    q.markEnabled(db, user.id),
    audit(db, "user.enable", user, before, { disabledAt: null }, now, sql`changes() = 1`),
  ]);
  return { changed: marked.length === 1 };
}

/** Ends every session of the account: it is signed out everywhere. */
export async function revokeAccountSessions(db: Db, user: UserRow, now: Date) {
  const before = await q.countLiveSessions(db, user.id, now);
  const [ended] = await db.batch([
    q.endSessions(db, user.id),
    audit(db, "user.sessions.revoke", user, { sessions: before }, { sessions: 0 }, now),
  ]);
  return { sessionsEnded: ended.length };
}

/** 20 characters of base32: 100 random bits. */
const newPassword = () => generateToken().slice(0, 20);

/**
 * Gives the account a new random password, returned once to be handed over, and ends its
 * sessions and reset links. A disabled account stays disabled. The audit row never holds it.
 */
export async function resetAccountPassword(db: Db, user: UserRow, now: Date) {
  const password = newPassword();
  const hash = await hashPassword(password);
  const [, , ended] = await db.batch([
    q.writePasswordHash(db, user.id, hash),
    q.endResetLinks(db, user.id),
    q.endSessions(db, user.id),
    audit(db, "user.password.reset", user, { password: "old" }, { password: "new" }, now),
  ]);
  return { password, sessionsEnded: ended.length };
}
