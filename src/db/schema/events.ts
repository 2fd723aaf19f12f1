/** Domain events, who they are delivered to live, the open live streams, and how far each consumer has read. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/**
 * Something worth telling happened (ARCHITECTURE "Domain events after commit"). A service
 * writes the row in the same batch as the change; notifications, mail and live delivery
 * read them afterwards, in id order, on any copy. Pruned after a retention period.
 */
export const domainEvents = sqliteTable(
  "domain_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** e.g. follow.created, post.liked, badge.earned, message.sent, notification.created. */
    type: text("type").notNull(),
    actorId: integer("actor_id"),
    /** The thing it is about (a post, a conversation, a notification), by the type's convention. */
    subjectId: integer("subject_id"),
    payload: text("payload").notNull().default("{}"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("domain_events_created").on(t.createdAt)],
);

/** Who an event is delivered to live (their open tabs); read by (user, event) for catch-up. */
export const eventRecipients = sqliteTable(
  "event_recipients",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => domainEvents.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index("event_recipients_event").on(t.eventId)],
);

/**
 * A live event stream open on some copy, so a member's streams are counted across copies
 * (LIVE_STREAM_LIMIT). The copy that holds it renews the lease on its heartbeat and deletes
 * the row when the stream ends; a copy that died leaves rows whose lease runs out, and
 * those are not counted.
 */
export const liveStreams = sqliteTable(
  "live_streams",
  {
    /** Random, chosen by the copy that opens the stream. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    leasedUntil: integer("leased_until", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("live_streams_user").on(t.userId, t.leasedUntil)],
);

/** How far a consumer of domain events has read (one row per consumer, e.g. "notifications"). */
export const eventCursors = sqliteTable("event_cursors", {
  name: text("name").primaryKey(),
  lastEventId: integer("last_event_id").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
