/** Private conversations between two members. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** One conversation per pair of members: `userAId` < `userBId`. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userAId: integer("user_a_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userBId: integer("user_b_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The newest message's id in each participant's view as read. */
    aLastReadId: integer("a_last_read_id").notNull().default(0),
    bLastReadId: integer("b_last_read_id").notNull().default(0),
    /** The newest message each participant was e-mailed about (unread-message mail). */
    aEmailedId: integer("a_emailed_id").notNull().default(0),
    bEmailedId: integer("b_emailed_id").notNull().default(0),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("conversations_pair").on(t.userAId, t.userBId), index("conversations_b").on(t.userBId)],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("messages_conversation").on(t.conversationId, t.id)],
);
