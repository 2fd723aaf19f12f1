import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { openMatSessions, schools } from "../../../db/schema";

/** A school's rules as stored, and each of its sessions with its own (by id). */
export async function rulesOf(db: Db, schoolId: number) {
  const [school, sessions] = await Promise.all([
    db
      .select({ id: schools.id, visitorRules: schools.visitorRules })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .get(),
    db
      .select()
      .from(openMatSessions)
      .where(eq(openMatSessions.schoolId, schoolId))
      .orderBy(asc(openMatSessions.id)),
  ]);
  return school ? { school, sessions } : null;
}

/**
 * Every session's id and own rules, as one text: a snapshot of the school's sessions that a
 * write checks is still so (the schedule editor replaces them, another save changes them).
 */
export const sessionsFingerprint = (rows: readonly { id: number; visitorRules: string | null }[]) =>
  rows.map((r) => `${r.id}=${r.visitorRules ?? "-"}`).join(";");

const fingerprintNow = (schoolId: number) =>
  sql`coalesce((SELECT group_concat(id || '=' || coalesce(visitor_rules, '-'), ';') FROM
    (SELECT id, visitor_rules FROM open_mat_sessions WHERE school_id = ${schoolId} ORDER BY id)), '')`;

/** Holds while the school's rules and its sessions are as read. */
export const unchangedSince = (schoolId: number, rules: string, fingerprint: string): SQL =>
  sql`(SELECT visitor_rules FROM schools WHERE id = ${schoolId}) = ${rules}
    AND ${fingerprintNow(schoolId)} = ${fingerprint}`;

/**
 * Sets sessions' own rules in one statement, so its guard (read once, before any row
 * changes) judges the snapshot the whole change was made from.
 */
export function setSessionRules(
  db: Db,
  schoolId: number,
  changes: readonly { id: number; rules: string | null }[],
  onlyIf: SQL,
) {
  const cases = sql.join(
    changes.map((c) => sql`WHEN ${c.id} THEN ${c.rules}`),
    sql` `,
  );
  const ids = sql.join(
    changes.map((c) => sql`${c.id}`),
    sql`, `,
  );
  return db.run(sql`UPDATE open_mat_sessions SET visitor_rules = CASE id ${cases} END
    WHERE school_id = ${schoolId} AND id IN (${ids}) AND ${onlyIf}`);
}

/** Sets the school's rules; it changes a row only while `onlyIf` holds. */
export const setSchoolRules = (db: Db, schoolId: number, rules: string, now: Date, onlyIf: SQL) =>
  db.run(sql`UPDATE schools SET visitor_rules = ${rules}, updated_at = ${now.getTime()}
    WHERE id = ${schoolId} AND ${onlyIf}`);
