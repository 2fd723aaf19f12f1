/** What members send for an admin to decide (gym feedback, open-mat submissions, reports) and the log of admins' actions. */
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { feedbackStatuses } from "../../common/schemas/feedback";
import { users } from "./accounts";
import { schools } from "./schools";

/** Feedback on a gym from anyone; private comments are for admins only. */
export const feedback = sqliteTable(
  "feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    communityNotes: text("community_notes"),
    privateComments: text("private_comments"),
    /** Visitor rules the sender suggests for the gym (issue 21): a JSON object, or null. */
    visitorRules: text("visitor_rules"),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }).notNull(),
    /** Open until an admin applies it as a correction of the school or dismisses it. */
    status: text("status", { enum: feedbackStatuses }).notNull().default("open"),
    // No foreign key: SQLite adds a column only without ON DELETE, and a plain reference
    // would stop a deciding admin's account from being deleted. The audit log keeps who.
    decidedBy: integer("decided_by"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    /** Whether the applied feedback's community note was published on the school. */
    notePublished: integer("note_published", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("feedback_school").on(t.schoolId), index("feedback_submitted").on(t.submittedAt)],
);

/**
 * An open mat a member submitted (spec §3 "Open mat submission"): pending until an admin
 * approves it (a new school), merges it into an existing school, or rejects it. The address
 * is geocoded and the schedule parsed when it arrives; the raw text is kept beside both.
 */
export const openMatSubmissions = sqliteTable(
  "open_mat_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    submitterId: integer("submitter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gym: text("gym").notNull(),
    address: text("address").notNull(),
    dayAndTime: text("day_and_time").notNull(),
    link: text("link"),
    communityNotes: text("community_notes"),
    emailForConfirmation: text("email_for_confirmation"),
    /** The seven day flags as submitted, a JSON object `{monday: true, ...}`. */
    days: text("days").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    location: text("location").notNull(),
    /** The parser's sessions (JSON array), the parts it could not read, and whether to check it. */
    sessions: text("sessions").notNull(),
    unparsed: text("unparsed").notNull(),
    /** The parser's reasons for a person to check its reading (JSON array of strings). */
    review: text("review").notNull().default("[]"),
    needsReview: integer("needs_review", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    reason: text("reason"),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("open_mat_submissions_status").on(t.status, t.createdAt),
    index("open_mat_submissions_submitter").on(t.submitterId, t.createdAt),
  ],
);

/** Every admin action: who, what, on which subject, the subject before and after, and when. */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: integer("subject_id"),
    before: text("before"),
    after: text("after"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("admin_audit_log_at").on(t.at)],
);

// "review" (issue 22) needs no migration: the column is plain text, the enum is TypeScript's.
export const reportKinds = ["post", "profile", "message", "review"] as const;
export const reportStatuses = ["open", "removed", "dismissed"] as const;

/**
 * A member's report of a post, a profile, a message or a gym's review (issue 13, Reports). Open until an
 * admin removes the content or dismisses it; one open report per reporter per subject.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: reportKinds }).notNull(),
    subjectId: integer("subject_id").notNull(),
    /** The member whose content it is (the post's author, the profile, the message's sender). */
    reportedUserId: integer("reported_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: reportStatuses }).notNull().default("open"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("reports_open_once").on(t.reporterId, t.kind, t.subjectId).where(sql`${t.status} = 'open'`),
    index("reports_status").on(t.status, t.createdAt),
  ],
);
