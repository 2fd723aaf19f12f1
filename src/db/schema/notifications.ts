/** The bell: notifications and the members behind each. */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/**
 * A bell item (spec §3 Notification). Items that group (likes on one post) share a
 * `groupKey` per recipient and are updated in place: count, newest actor, unread again.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** e.g. `like:post:12`, `follow:7`, `badge:novice`, `submission:3`. */
    groupKey: text("group_key").notNull(),
    /** The post, member, badge or submission it is about, by the type's convention. */
    subjectId: integer("subject_id"),
    payload: text("payload").notNull().default("{}"),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("notifications_user_group").on(t.userId, t.groupKey),
    index("notifications_user_updated").on(t.userId, t.updatedAt),
  ],
);

/** The members behind a grouped notification, so its text is built for each reader. */
export const notificationActors = sqliteTable(
  "notification_actors",
  {
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.actorId] })],
);
