/** The feed: posts, their photos and likes, and the upload links photos arrive through. */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { postVisibilities } from "../../common/schemas/posts";
import { users } from "./accounts";
import { checkins } from "./checkins";

/**
 * An upload URL handed to a member: bound to them, one purpose, one object key, short-lived
 * and used once. The object it names is claimed (or removed as an orphan) later.
 */
export const uploadTickets = sqliteTable(
  "upload_tickets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["profile-photo", "post-photo"] }).notNull(),
    /** Where the uploaded bytes land in storage, e.g. `incoming/<random>`. */
    objectKey: text("object_key").notNull(),
    maxBytes: integer("max_bytes").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** Set when the bytes arrived (disk) and when the photo was claimed. */
    uploadedAt: integer("uploaded_at", { mode: "timestamp_ms" }),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("upload_tickets_object").on(t.objectKey),
    index("upload_tickets_user").on(t.userId),
    index("upload_tickets_expires").on(t.expiresAt),
  ],
);

/**
 * A feed entry. `post` is what a member wrote; `checkin` is the activity card of a verified
 * check-in (its text is built when read, so the owner's gym-name setting always applies),
 * and goes with the check-in.
 */
export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["post", "checkin"] })
      .notNull()
      .default("post"),
    content: text("content").notNull().default(""),
    visibility: text("visibility", { enum: postVisibilities }).notNull().default("Public"),
    checkinId: integer("checkin_id").references(() => checkins.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  // (user_id, id, visibility) covers the feed: each author's posts are walked in the index alone.
  (t) => [
    index("posts_user_feed").on(t.userId, t.id, t.visibility),
    uniqueIndex("posts_checkin").on(t.checkinId),
  ],
);

/**
 * A processed post photo. It belongs to its uploader from the moment it is normalised and
 * to a post once one names it; one never posted is removed after a day.
 */
export const postPhotos = sqliteTable(
  "post_photos",
  {
    /** 26 random base32 characters; the served name is `p-<id>.webp`. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("post_photos_post").on(t.postId, t.position), index("post_photos_created").on(t.createdAt)],
);

/** One like per member per post; counted when read. */
export const postLikes = sqliteTable(
  "post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user").on(t.userId)],
);
