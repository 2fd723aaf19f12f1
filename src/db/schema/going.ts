/**
 * Going tonight (issue 22): who said they are going to a dated open mat, ratings from verified
 * visits, the member's private calendar address, and Web Push subscriptions.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { schools } from "./schools";

/**
 * A member going to one occurrence, named by the school, the gym's local date and the
 * session's own start (an occurrence's stable slot, as `Occurrence.key`).
 */
export const occurrenceGoing = sqliteTable(
  "occurrence_going",
  {
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** The gym's local date, YYYY-MM-DD. */
    date: text("date").notNull(),
    startMinute: integer("start_minute").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When the occurrence starts (UTC ms): what the reminder job and "last week" read. */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** A verified check-in at this occurrence: the member came. */
    came: integer("came", { mode: "boolean" }).notNull().default(false),
    /** When the two-hour reminder went out (null: not yet). */
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.date, t.startMinute, t.userId] }),
    index("occurrence_going_user").on(t.userId, t.startsAt),
    index("occurrence_going_starts").on(t.startsAt),
  ],
);

/** One rating per member per school, from a member with a verified check-in there. */
export const schoolRatings = sqliteTable(
  "school_ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stars: integer("stars").notNull(),
    review: text("review"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** An owner's one answer to the review. */
    ownerReply: text("owner_reply"),
    ownerReplyBy: integer("owner_reply_by"),
    ownerReplyAt: integer("owner_reply_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("school_ratings_member").on(t.schoolId, t.userId),
    index("school_ratings_newest").on(t.schoolId, t.createdAt),
  ],
);

/** A member's private calendar address: only the SHA-256 of its token is kept; one live per member. */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token").on(t.tokenHash),
    uniqueIndex("calendar_feeds_live").on(t.userId).where(sql`${t.revokedAt} IS NULL`),
  ],
);

/** A browser's Web Push subscription (RFC 8030), per device, with the kinds its member chose. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** JSON array of the kinds chosen: "messages", "cancellations" (and reminders), "other". */
    kinds: text("kinds").notNull().default('["messages","cancellations","other"]'),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint").on(t.endpoint),
    index("push_subscriptions_user").on(t.userId),
  ],
);

/** A push message waiting to go out (the jobs runner sends it, with retries). */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** The JSON payload to encrypt (title, body, link, kind). */
    payload: text("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    leasedUntil: integer("leased_until", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("push_outbox_due").on(t.nextAttemptAt)],
);
