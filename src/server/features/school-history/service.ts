/**
 * A school's edit history (issue 21): who changed which fields, when, with each field's value
 * before and after. Every write path that changes a listing adds its statement to the same
 * batch as the change, so history and listing never disagree.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import type { editSources } from "../../../db/schema/owners";

export type EditSource = (typeof editSources)[number];

export interface SchoolEdit {
  schoolId: number;
  /** Who made it; null for an import or the terminal. */
  userId: number | null;
  source: EditSource;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  at: Date;
}

/** The fields whose value differs between `before` and `after`, each as { before, after }. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = { before: was, after: now };
  }
  return changes;
}

/**
 * The statement that records an edit, for the same batch as the edit; written only when some
 * field changed and `onlyIf` holds (e.g. `changes() = 1` after the edit's UPDATE). Null when
 * nothing changed, so a caller can leave it out.
 */
export function editStatement(db: Tx, edit: SchoolEdit, onlyIf: SQL = sql`1`) {
  const changes = changedFields(edit.before, edit.after);
  if (Object.keys(changes).length === 0) return null;
  return db.run(sql`INSERT INTO school_edits (school_id, user_id, source, changes, created_at)
    SELECT ${edit.schoolId}, ${edit.userId}, ${edit.source}, ${JSON.stringify(changes)}, ${edit.at.getTime()}
    WHERE ${onlyIf}`);
}
