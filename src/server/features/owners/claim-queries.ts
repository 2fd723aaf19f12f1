/**
 * The SQL of claims (issue 21). One pending claim per member and school is the partial
 * unique index `school_claims_pending`; the statements here that add a claim or an owner
 * also check, inside their batch, that nothing already stands in their way.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ClaimStatus } from "../../../common/schemas/claims";
import type { Db, Tx } from "../../../db/client";

export interface ClaimRow {
  id: number;
  schoolId: number;
  userId: number;
  message: string;
  email: string;
  domainMatch: boolean;
  status: ClaimStatus;
  decidedBy: number | null;
  decidedAt: number | null;
  createdAt: number;
}

const columns = sql`c.id, c.school_id AS schoolId, c.user_id AS userId, c.message, c.email,
  c.domain_match AS domainMatch, c.status, c.decided_by AS decidedBy, c.decided_at AS decidedAt,
  c.created_at AS createdAt`;

const normal = <T extends ClaimRow>(r: T): T => ({
  ...r,
  id: Number(r.id),
  schoolId: Number(r.schoolId),
  userId: Number(r.userId),
  domainMatch: Boolean(Number(r.domainMatch)),
  decidedBy: r.decidedBy === null ? null : Number(r.decidedBy),
  decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
  createdAt: Number(r.createdAt),
});

/** What a claim needs to know of the school: its name and place, and its website to match. */
export interface ClaimSchool {
  id: number;
  slug: string;
  gym: string;
  city: string;
  state: string;
  website: string | null;
}

export async function schoolForClaim(db: Db, schoolId: number): Promise<ClaimSchool | undefined> {
  const rows = await db.all<ClaimSchool>(sql`SELECT id, slug, gym, city, state, website
    FROM schools WHERE id = ${schoolId}`);
  return rows[0] && { ...rows[0], id: Number(rows[0].id) };
}

/** A member's name, address and whether they confirmed it. */
export async function memberContact(db: Db, userId: number) {
  const rows = await db.all<{ username: string; email: string; verifiedAt: number | null }>(
    sql`SELECT username, email, email_verified_at AS verifiedAt FROM users WHERE id = ${userId}`,
  );
  const row = rows[0];
  return row && { username: row.username, email: row.email, verified: row.verifiedAt !== null };
}

export async function findClaim(db: Db, id: number): Promise<ClaimRow | undefined> {
  const rows = await db.all<ClaimRow>(sql`SELECT ${columns} FROM school_claims c WHERE c.id = ${id}`);
  return rows[0] && normal(rows[0]);
}

export async function findPendingClaim(db: Db, schoolId: number, userId: number) {
  const rows = await db.all<ClaimRow>(sql`SELECT ${columns} FROM school_claims c
    WHERE c.school_id = ${schoolId} AND c.user_id = ${userId} AND c.status = 'pending'`);
  return rows[0] && normal(rows[0]);
}

/** The claim that made the member an owner of the school, if a claim did. */
export async function ownersClaim(db: Db, schoolId: number, userId: number) {
  const rows = await db.all<ClaimRow>(sql`SELECT ${columns} FROM school_owners o
    JOIN school_claims c ON c.id = o.claim_id
    WHERE o.school_id = ${schoolId} AND o.user_id = ${userId}`);
  return rows[0] && normal(rows[0]);
}

export interface NewClaim {
  schoolId: number;
  userId: number;
  message: string;
  email: string;
  domainMatch: boolean;
  at: Date;
}

/** Neither an owner of the school already nor holding an open claim on it. */
const free = (c: Pick<NewClaim, "schoolId" | "userId">) => sql`NOT EXISTS (SELECT 1 FROM school_owners
    WHERE school_id = ${c.schoolId} AND user_id = ${c.userId})
  AND NOT EXISTS (SELECT 1 FROM school_claims
    WHERE school_id = ${c.schoolId} AND user_id = ${c.userId} AND status = 'pending')`;

/**
 * Adds a claim with `status` (pending, or approved when the domain matched) unless the
 * member owns the school or has an open claim on it; `changes()` is 1 right after exactly
 * when it did. A pending one racing another is stopped by the unique index as well.
 */
export const insertClaim = (db: Tx, c: NewClaim, status: "pending" | "approved") =>
  db.run(sql`INSERT INTO school_claims
      (school_id, user_id, message, email, domain_match, status, decided_at, created_at)
    SELECT ${c.schoolId}, ${c.userId}, ${c.message}, ${c.email}, ${c.domainMatch ? 1 : 0}, ${status},
      ${status === "approved" ? c.at.getTime() : null}, ${c.at.getTime()}
    WHERE ${free(c)}
    ON CONFLICT DO NOTHING`);

/** The id of the member's newest claim on the school, as SQL for the batch that made it. */
export const newestClaimId = (schoolId: number, userId: number) =>
  sql`(SELECT max(id) FROM school_claims WHERE school_id = ${schoolId} AND user_id = ${userId})`;

/** Makes the member an owner through `claimId`, when `onlyIf` holds. */
export const insertOwner = (
  db: Tx,
  o: { schoolId: number; userId: number; claimId: number | SQL; at: Date },
  onlyIf: SQL,
) =>
  db.run(sql`INSERT INTO school_owners (school_id, user_id, claim_id, created_at)
    SELECT ${o.schoolId}, ${o.userId}, ${o.claimId}, ${o.at.getTime()} WHERE ${onlyIf}
    ON CONFLICT DO NOTHING`);

/** Inside a batch, true while the claim is still pending (for the statements before its UPDATE). */
export const stillPending = (id: number) =>
  sql`EXISTS (SELECT 1 FROM school_claims WHERE id = ${id} AND status = 'pending')`;

/** Decides the claim if it is still pending. */
export const decideIfPending = (db: Tx, id: number, status: "approved" | "rejected", by: number, at: Date) =>
  db.run(sql`UPDATE school_claims SET status = ${status}, decided_by = ${by}, decided_at = ${at.getTime()}
    WHERE id = ${id} AND status = 'pending'`);

/** Pending claims, oldest first, each with its member and school. */
export async function pendingClaims(db: Db, limit: number) {
  const rows = await db.all<
    ClaimRow & {
      username: string;
      slug: string;
      gym: string;
      city: string;
      state: string;
      website: string | null;
    }
  >(sql`SELECT ${columns}, u.username, s.slug, s.gym, s.city, s.state, s.website
    FROM school_claims c
    JOIN users u ON u.id = c.user_id
    JOIN schools s ON s.id = c.school_id
    WHERE c.status = 'pending'
    ORDER BY c.created_at, c.id
    LIMIT ${limit}`);
  return rows.map(normal);
}

/** While the member owns the school (inside a batch: for the statements before the DELETE). */
export const ownsNow = (schoolId: number, userId: number) =>
  sql`EXISTS (SELECT 1 FROM school_owners WHERE school_id = ${schoolId} AND user_id = ${userId})`;

export const deleteOwner = (db: Tx, schoolId: number, userId: number) =>
  db.run(sql`DELETE FROM school_owners WHERE school_id = ${schoolId} AND user_id = ${userId}`);

/** An owner's row with their name, for the audit log's "before". */
export async function ownerRow(db: Db, schoolId: number, userId: number) {
  const rows = await db.all<{ username: string; claimId: number | null; since: number }>(sql`
    SELECT u.username, o.claim_id AS claimId, o.created_at AS since
    FROM school_owners o JOIN users u ON u.id = o.user_id
    WHERE o.school_id = ${schoolId} AND o.user_id = ${userId}`);
  const row = rows[0];
  return (
    row && {
      username: row.username,
      claimId: row.claimId === null ? null : Number(row.claimId),
      since: Number(row.since),
    }
  );
}
