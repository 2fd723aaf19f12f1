import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { emailVerificationTokens, passwordResetTokens, sessions, users } from "../../../db/schema";

export type UserRow = typeof users.$inferSelect;

export const findUserById = (db: Db, id: number) => db.query.users.findFirst({ where: eq(users.id, id) });

export const findUserByEmail = (db: Db, email: string) =>
  db.query.users.findFirst({ where: eq(users.email, email) });

export const findUserByUsername = (db: Db, username: string) =>
  db.query.users.findFirst({ where: sql`lower(${users.username}) = lower(${username})` });

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no user");
  return row;
}

export const insertSession = (db: Db, values: typeof sessions.$inferInsert) =>
  db.insert(sessions).values(values);

export const findSessionWithUser = (db: Db, sessionId: string) =>
  prepared(db, "session-with-user", (d) =>
    d
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: sessionId });

export const updateSessionExpiry = (db: Db, sessionId: string, expiresAt: Date) =>
  db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));

export const deleteSession = (db: Db, sessionId: string) =>
  db.delete(sessions).where(eq(sessions.id, sessionId));

/** Ends every session of a user except, optionally, the one in use. */
export const deleteUserSessions = (db: Db, userId: number, exceptSessionId?: string) =>
  db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );

export const insertResetToken = (db: Db, values: typeof passwordResetTokens.$inferInsert) =>
  db.insert(passwordResetTokens).values(values);

export const findLiveResetToken = (db: Db, tokenHash: string, now: Date) =>
  db.query.passwordResetTokens.findFirst({
    where: and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, now),
    ),
  });

/** Marks the token used; false when another request used it first. */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return rows.length === 1;
}

export const setUserPassword = (db: Db, userId: number, passwordHash: string) =>
  db.update(users).set({ passwordHash }).where(eq(users.id, userId));

export const updateUserRole = (db: Db, userId: number, role: UserRow["role"]) =>
  db.update(users).set({ role }).where(eq(users.id, userId));

/** Every reset link of the user stops working (password or e-mail changed, or one was used). */
export const deleteUserResetTokens = (db: Db, userId: number) =>
  db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

export const insertEmailToken = (db: Db, values: typeof emailVerificationTokens.$inferInsert) =>
  db.insert(emailVerificationTokens).values(values);

export const findLiveEmailToken = (db: Db, tokenHash: string, now: Date) =>
  db.query.emailVerificationTokens.findFirst({
    where: and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, now)),
  });

/** Deletes a live token and returns it; null when it is unknown, expired or another request took it. */
export async function takeEmailToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Links for another address than `keepEmail` (pending e-mail changes), or all when it is omitted. */
export const deleteUserEmailTokens = (db: Db, userId: number, exceptEmail?: string) =>
  db
    .delete(emailVerificationTokens)
    .where(
      exceptEmail === undefined
        ? eq(emailVerificationTokens.userId, userId)
        : and(eq(emailVerificationTokens.userId, userId), ne(emailVerificationTokens.email, exceptEmail)),
    );

/** The newest live link for an address other than the user's own: an e-mail change waiting to be confirmed. */
export async function findPendingEmailChange(db: Db, userId: number, currentEmail: string, now: Date) {
  const row = await db.query.emailVerificationTokens.findFirst({
    where: and(
      eq(emailVerificationTokens.userId, userId),
      ne(emailVerificationTokens.email, currentEmail),
      gt(emailVerificationTokens.expiresAt, now),
    ),
    orderBy: desc(emailVerificationTokens.createdAt),
  });
  return row?.email ?? null;
}

export const markEmailVerified = (db: Db, userId: number, email: string, now: Date) =>
  db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email)));

/** Moves the account to a proven address; the unique index refuses one taken meanwhile. */
export const setVerifiedEmail = (db: Db, userId: number, email: string, now: Date) =>
  db.update(users).set({ email, emailVerifiedAt: now }).where(eq(users.id, userId));
