/**
 * The published community notes (feedback an admin applied and published on the school) in
 * an export and an import: a list of { text, at }, JSON text in a CSV cell. A row without the
 * column keeps the school's notes; `[]` clears them.
 */
import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { CommunityNote } from "../../../common/schemas/school";
import type { Db } from "../../../db/client";
import { schools } from "../../../db/schema";
import { bumpSchoolsVersion } from "./queries";
import { schoolsChanged } from "./schools-version";

const noteSchema = v.object({
  text: v.pipe(v.string(), v.trim(), v.nonEmpty("a note's text is empty"), v.maxLength(2000)),
  at: v.pipe(v.string(), v.isoTimestamp("a note's date is not an ISO time")),
});
const notesSchema = v.array(noteSchema, "feedbackNotes must be a list of { text, at }");

/** The row's notes, undefined when it brings none, or the reason they cannot be read. */
export function givenNotes(raw: Record<string, unknown>): CommunityNote[] | undefined | { problem: string } {
  let value = raw.feedbackNotes;
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return { problem: "feedbackNotes is not valid JSON" };
    }
  }
  const checked = v.safeParse(notesSchema, value);
  if (!checked.success) return { problem: `feedbackNotes: ${checked.issues[0]?.message}` };
  return checked.output.map(({ text, at }) => ({ text, at }));
}

/** Stores the school's published notes as given, with the schools version, in one batch. */
export async function storeNotes(db: Db, schoolId: number, notes: readonly CommunityNote[]) {
  await db.batch([
    db
      .update(schools)
      .set({ feedbackNotes: JSON.stringify(notes) })
      .where(eq(schools.id, schoolId)),
    bumpSchoolsVersion(db),
  ]);
  schoolsChanged(db);
}

/** A school's stored notes as an export writes them. */
export const exportedNotes = (column: string): CommunityNote[] =>
  (JSON.parse(column) as CommunityNote[]).map(({ text, at }) => ({ text, at }));
