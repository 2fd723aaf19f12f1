import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/** One admin action for `admin_audit_log`: who (null for the terminal), what, on which subject, before and after. */
export interface AuditEntry {
  actorId: number | null;
  action: string;
  subjectType: string;
  /** The subject's id, or SQL that finds it in the batch (a row the batch has just inserted). */
  subjectId: number | SQL;
  before: unknown;
  after: unknown;
  at: Date;
}

/**
 * The statement that writes one audit row, for the same batch as the action it records;
 * written only when `onlyIf` holds (e.g. `changes() = 1` after the decision's UPDATE).
 */
export function auditStatement(db: Tx, entry: AuditEntry, onlyIf: SQL = sql`1`) {
  return db.run(sql`INSERT INTO admin_audit_log (actor_id, action, subject_type, subject_id, before, after, at)
    SELECT ${entry.actorId}, ${entry.action}, ${entry.subjectType}, ${entry.subjectId}, ${JSON.stringify(entry.before)},
      ${JSON.stringify(entry.after)}, ${entry.at.getTime()}
    WHERE ${onlyIf}`);
}
