/**
 * A school's edit history (issue 21): who changed which fields, when, with each field's value
 * before and after. Every write path that changes a listing adds its statement to the same
 * batch as the change, so history and listing never disagree.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  listingActivityTexts,
  type SchoolEditView,
  type SchoolHistoryPage,
} from "../../../common/schemas/listing-activity";
import type { Db, Tx } from "../../../db/client";
import type { editSources } from "../../../db/schema/owners";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { editsOfSchool } from "./queries";

export type EditSource = (typeof editSources)[number];

export interface SchoolEdit {
  /** The school, or a subquery that finds it (a school inserted earlier in the same batch). */
  schoolId: number | SQL;
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

/** The listing fields an import, a member's submission and an admin's correction record. */
export const LISTED_FIELDS = [
  "gym",
  "address",
  "city",
  "state",
  "zipCode",
  "phone",
  "website",
  "dayAndTime",
  "communityNotes",
] as const;
export type ListedField = (typeof LISTED_FIELDS)[number];

/** The listed fields `values` holds (a school row, or the values written to one). */
export function listedFields(values: Partial<Record<ListedField, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of LISTED_FIELDS) if (field in values) out[field] = values[field] ?? null;
  return out;
}

/**
 * `GET /api/schools/{id}/history`: its owners and admins read who changed what, newest first,
 * a page at a time; anyone else gets the same 404 as for a missing school.
 */
export async function schoolHistory(
  db: Db,
  viewer: PolicyViewer,
  schoolId: number,
  page: { beforeId?: number; limit: number },
): Promise<SchoolHistoryPage> {
  await requireSchool(db, viewer, "school.history.read", schoolId, listingActivityTexts.schoolNotFound);
  const rows = await editsOfSchool(db, schoolId, page.beforeId ?? null, page.limit + 1);
  const items = rows.slice(0, page.limit).map(
    (row): SchoolEditView => ({
      id: row.id,
      at: row.at.toISOString(),
      source: row.source,
      by: row.userId !== null && row.username !== null ? { id: row.userId, username: row.username } : null,
      changes: JSON.parse(row.changes) as SchoolEditView["changes"],
    }),
  );
  return { items, nextBeforeId: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
}
