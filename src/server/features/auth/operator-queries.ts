/** What the operator's account commands read and write: accounts by id order, their sessions. */
import { and, asc, count, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passwordResetTokens, sessions, users } from "../../../db/schema";

/** A page of accounts in id order, after `afterId`. */
export const accountsPage = (db: Db, limit: number, afterId: number) =>
  db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(limit);

export const countAccounts = async (db: Db) => (await db.select({ n: count() }).from(users))[0]?.n ?? 0;

export const countLiveSessions = async (db: Db, userId: number, now: Date) =>
  (
    await db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
  )[0]?.n ?? 0;

/** Sets disabled_at when it is not set; the batch's next statement sees changes() = 1 only then. */
export const markDisabled = (db: Db, userId: number, now: Date) =>
  db
    .update(users)
    .set({ disabledAt: now })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning({ id: users.id });

/** Clears disabled_at when it is set. */
export const markEnabled = (db: Db, userId: number) =>
  db
    .update(users)
    .set({ disabledAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.disabledAt)))
    .returning({ id: users.id });

/** Every session of the account, returning what went. */
export const endSessions = (db: Db, userId: number) =>
  db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });

export const endResetLinks = (db: Db, userId: number) =>
  db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

export const writePasswordHash = (db: Db, userId: number, passwordHash: string) =>
  db.update(users).set({ passwordHash }).where(eq(users.id, userId));
