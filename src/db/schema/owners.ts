/**
 * Gym owners (issue 21): who keeps a school's listing, the claims that make them owners, the
 * school's edit history, and the daily counts its owners see. No per-visitor record is kept.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { schools } from "./schools";

/** A member who keeps a school's listing; a school may have several. */
export const schoolOwners = sqliteTable(
  "school_owners",
  {
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The claim that made them an owner (null: an admin added them otherwise). */
    claimId: integer("claim_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] }), index("school_owners_user").on(t.userId)],
);

export const claimStatuses = ["pending", "approved", "rejected", "withdrawn"] as const;

/**
 * A member's request to keep a school's listing: approved at once when their verified address
 * is at the school's own website domain, otherwise decided by an admin.
 */
export const schoolClaims = sqliteTable(
  "school_claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull().default(""),
    /** The member's verified address when they claimed, and whether its domain is the school's. */
    email: text("email").notNull(),
    domainMatch: integer("domain_match", { mode: "boolean" }).notNull(),
    status: text("status", { enum: claimStatuses }).notNull(),
    // No foreign key, as feedback.decided_by: the audit log keeps who.
    decidedBy: integer("decided_by"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("school_claims_school").on(t.schoolId),
    index("school_claims_status").on(t.status, t.createdAt),
    // One open claim per member and school, however many requests arrive at once.
    uniqueIndex("school_claims_pending").on(t.schoolId, t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

export const editSources = ["gym", "admin", "submission", "import"] as const;

/** Who changed what on a school and when: each changed field with its value before and after. */
export const schoolEdits = sqliteTable(
  "school_edits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    source: text("source", { enum: editSources }).notNull(),
    /** A JSON object: field → { before, after }. */
    changes: text("changes").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("school_edits_school").on(t.schoolId, t.createdAt)],
);

export const listingEvents = ["view", "detail", "directions", "calendar", "save", "checkin"] as const;

/** What a listing did on one UTC day: daily totals per school and kind, nothing per visitor. */
export const schoolDailyStats = sqliteTable(
  "school_daily_stats",
  {
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** UTC date, YYYY-MM-DD. */
    day: text("day").notNull(),
    kind: text("kind", { enum: listingEvents }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.kind] })],
);
