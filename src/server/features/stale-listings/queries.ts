import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";

export interface StaleRow {
  id: number;
  slug: string;
  gym: string;
  city: string;
  state: string;
  unparsed: string;
  lastConfirmedAt: number | null;
}

/** The school's newest check-in confirmation over its sessions (open_mat_sessions_school index). */
const lastConfirmed = sql`(SELECT MAX(m.last_confirmed_at) FROM open_mat_sessions m WHERE m.school_id = s.id)`;
const flagged = sql`s.schedule_unparsed <> '[]'`;
/** Not flagged (those are listed first, on their own), and no confirmation since `before`. */
const unconfirmedSince = (before: Date) =>
  sql`s.schedule_unparsed = '[]' AND (${lastConfirmed} IS NULL OR ${lastConfirmed} < ${before.getTime()})`;

async function page(db: Db, where: SQL, limit: number, offset: number) {
  const [rows, counted] = await Promise.all([
    db.all<StaleRow>(sql`SELECT s.id, s.slug, s.gym, s.city, s.state, s.schedule_unparsed AS unparsed,
        ${lastConfirmed} AS lastConfirmedAt
      FROM schools s WHERE ${where}
      ORDER BY lastConfirmedAt, s.id
      LIMIT ${limit} OFFSET ${offset}`),
    db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM schools s WHERE ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      lastConfirmedAt: r.lastConfirmedAt === null ? null : Number(r.lastConfirmedAt),
    })),
    total: Number(counted[0]?.n ?? 0),
  };
}

/**
 * Schools whose schedule has lines the parser could not read, never-confirmed first, then
 * the longest unconfirmed, then by id (offset paging: the order has no unique key cheaper).
 */
export const flaggedPage = (db: Db, limit: number, offset: number) => page(db, flagged, limit, offset);

/** The other schools no check-in confirmed since `before`, in the same order. */
export const unconfirmedPage = (db: Db, before: Date, limit: number, offset: number) =>
  page(db, unconfirmedSince(before), limit, offset);
