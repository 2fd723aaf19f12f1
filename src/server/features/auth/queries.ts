import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { passwordResetTokens, sessions, users } from "../../../db/schema";

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
