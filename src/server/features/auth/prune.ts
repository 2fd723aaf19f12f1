import { inArray, isNotNull, lte, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { emailVerificationTokens, passwordResetTokens, sessions } from "../../../db/schema";

// Each deletes at most `limit` rows (through a keyed subquery, as SQLite's DELETE takes no
// LIMIT) and returns how many it deleted, for the jobs runner's batched pruning.

/** Sessions past their expiry; validation already refuses them (`now >= expires_at`). */
export async function pruneExpiredSessions(db: Db, now: Date, limit: number): Promise<number> {
  const expired = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lte(sessions.expiresAt, now))
    .limit(limit);
  return (await db.delete(sessions).where(inArray(sessions.id, expired))).rowsAffected;
}

/** Reset links that can no longer be used: expired, or already used. */
export async function prunePasswordResetTokens(db: Db, now: Date, limit: number): Promise<number> {
  const t = passwordResetTokens;
  const dead = db
    .select({ hash: t.tokenHash })
    .from(t)
    .where(or(lte(t.expiresAt, now), isNotNull(t.usedAt)))
    .limit(limit);
  return (await db.delete(t).where(inArray(t.tokenHash, dead))).rowsAffected;
}

/** E-mail verification links past their expiry. */
export async function pruneEmailVerificationTokens(db: Db, now: Date, limit: number): Promise<number> {
  const t = emailVerificationTokens;
  const expired = db.select({ hash: t.tokenHash }).from(t).where(lte(t.expiresAt, now)).limit(limit);
  return (await db.delete(t).where(inArray(t.tokenHash, expired))).rowsAffected;
}
