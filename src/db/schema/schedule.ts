/** What changes a school's schedule on one day: a cancelled or moved open mat, or a closed day (issue 20). */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { schools } from "./schools";

/**
 * One exception to a school's sessions, read with them by `expandOccurrences`. It names a
 * local date in the school's zone and either one start (that open mat is cancelled, or moved
 * when `moveToDate` is set) or no start (every open mat that day is cancelled). Any change here bumps the schools version in the same
 * batch, so the cached views and pages of every copy show it.
 */
export const scheduleExceptions = sqliteTable(
  "schedule_exceptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** The gym's local date, YYYY-MM-DD. */
    date: text("date").notNull(),
    /** Minutes after local midnight of the cancelled session's start; null: the whole day. */
    startMinute: integer("start_minute"),
    reason: text("reason").notNull(),
    /** Set when the occurrence is moved rather than cancelled: its new local date and minutes. */
    moveToDate: text("move_to_date"),
    moveToStart: integer("move_to_start"),
    moveToEnd: integer("move_to_end"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // SQLite counts NULLs as distinct in a unique index: -1 stands for "the whole day", so a
    // day is closed once, as a single session is cancelled once. (CASE, not coalesce: drizzle-kit
    // splits an index expression at its commas.)
    uniqueIndex("schedule_exceptions_slot").on(
      t.schoolId,
      t.date,
      sql`(CASE WHEN ${t.startMinute} IS NULL THEN -1 ELSE ${t.startMinute} END)`,
    ),
    index("schedule_exceptions_date").on(t.date),
  ],
);
