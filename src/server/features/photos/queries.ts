import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { uploadTickets, users } from "../../../db/schema";

export type UploadTicket = typeof uploadTickets.$inferSelect;

type NewTicket = typeof uploadTickets.$inferInsert & { expiresAt: Date; createdAt: Date };

/**
 * Stores the ticket only if the member's unclaimed reservations (each ticket's maxBytes,
 * while it can still be claimed) stay within `ceiling` with it. One statement, so tickets
 * asked for at once cannot pass the ceiling together; false when refused.
 */
export async function insertTicketWithin(
  db: Db,
  ticket: NewTicket,
  ceiling: number,
  claimableAfter: Date,
): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO upload_tickets (token_hash, user_id, purpose, object_key, max_bytes, expires_at, created_at)
    SELECT ${ticket.tokenHash}, ${ticket.userId}, ${ticket.purpose}, ${ticket.objectKey}, ${ticket.maxBytes},
      ${ticket.expiresAt.getTime()}, ${ticket.createdAt.getTime()}
    WHERE (
      SELECT coalesce(sum(max_bytes), 0) FROM upload_tickets
      WHERE user_id = ${ticket.userId} AND claimed_at IS NULL AND expires_at > ${claimableAfter.getTime()}
    ) + ${ticket.maxBytes} <= ${ceiling}`);
  return result.rowsAffected === 1;
}

/** When the member's oldest unclaimed reservation stops counting (its claim window ends). */
export async function oldestReservationExpiry(db: Db, userId: number, claimableAfter: Date) {
  const rows = await db
    .select({ expiresAt: sql<number>`min(${uploadTickets.expiresAt})` })
    .from(uploadTickets)
    .where(
      and(
        eq(uploadTickets.userId, userId),
        isNull(uploadTickets.claimedAt),
        gt(uploadTickets.expiresAt, claimableAfter),
      ),
    );
  const at = rows[0]?.expiresAt;
  return at === null || at === undefined ? null : new Date(Number(at));
}

export const ticketByHash = async (db: Db, tokenHash: string) =>
  (await db.select().from(uploadTickets).where(eq(uploadTickets.tokenHash, tokenHash)).limit(1))[0] ?? null;

export const ticketByObjectKey = async (db: Db, objectKey: string) =>
  (await db.select().from(uploadTickets).where(eq(uploadTickets.objectKey, objectKey)).limit(1))[0] ?? null;

/** Marks the bytes as received, once: false when another upload got there first or it expired. */
export async function markUploaded(db: Db, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(uploadTickets)
    .set({ uploadedAt: at })
    .where(
      and(
        eq(uploadTickets.tokenHash, tokenHash),
        isNull(uploadTickets.uploadedAt),
        isNull(uploadTickets.claimedAt),
        gt(uploadTickets.expiresAt, at),
      ),
    )
    .returning({ tokenHash: uploadTickets.tokenHash });
  return rows.length === 1;
}

/** Claims the ticket for its owner, once (UPDATE … WHERE claimed_at IS NULL RETURNING). */
export async function markClaimed(db: Db, tokenHash: string, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(uploadTickets)
    .set({ claimedAt: at })
    .where(
      and(
        eq(uploadTickets.tokenHash, tokenHash),
        eq(uploadTickets.userId, userId),
        isNull(uploadTickets.claimedAt),
      ),
    )
    .returning({ tokenHash: uploadTickets.tokenHash });
  return rows.length === 1;
}

/** Raw uploads of the user that were never claimed (their objects may still be stored). */
export const unclaimedKeysOf = async (db: Db, userId: number) =>
  (
    await db
      .select({ objectKey: uploadTickets.objectKey })
      .from(uploadTickets)
      .where(and(eq(uploadTickets.userId, userId), isNull(uploadTickets.claimedAt)))
  ).map((r) => r.objectKey);

/**
 * At most `limit` tickets that are done with: created before `before` (claimed or not), or
 * never claimed and past their claim window (`unclaimableBefore`), whose bytes no one can use.
 */
export const staleTickets = (db: Db, before: Date, unclaimableBefore: Date, limit: number) =>
  db
    .select({
      tokenHash: uploadTickets.tokenHash,
      objectKey: uploadTickets.objectKey,
      claimedAt: uploadTickets.claimedAt,
    })
    .from(uploadTickets)
    .where(
      or(
        lt(uploadTickets.createdAt, before),
        and(isNull(uploadTickets.claimedAt), lt(uploadTickets.expiresAt, unclaimableBefore)),
      ),
    )
    .limit(limit);

export const deleteTickets = (db: Db, tokenHashes: string[]) =>
  db.delete(uploadTickets).where(inArray(uploadTickets.tokenHash, tokenHashes));

export const profilePhotoOf = async (db: Db, userId: number) =>
  (await db.select({ profilePhoto: users.profilePhoto }).from(users).where(eq(users.id, userId)).limit(1))[0];

/**
 * Sets the photo only if it is still `previous` (compare and set), so two claims at once
 * cannot both believe they replaced the same photo; false means read again.
 */
export async function replaceProfilePhoto(
  db: Db,
  userId: number,
  previous: string | null,
  next: string | null,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ profilePhoto: next })
    .where(and(eq(users.id, userId), sql`${users.profilePhoto} is ${previous}`))
    .returning({ id: users.id });
  return rows.length === 1;
}
