/** Members and what proves who they are: accounts, their settings, sessions and the one-use links mailed to them. */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const roles = ["member", "admin"] as const;

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: roles }).notNull().default("member"),
    profilePhoto: text("profile_photo"),
    beltLevel: text("belt_level"),
    aboutMe: text("about_me"),
    city: text("city"),
    homeGym: text("home_gym"),
    /** Set when the owner opened a link sent to `email`; ADMIN_EMAILS count only then. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** Set by an operator (`openmat admin users disable`): no sign-in, no session. */
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("users_username_nocase").on(sql`lower(${t.username})`),
    uniqueIndex("users_email").on(t.email),
  ],
);

/** Missing rows mean defaults: gym names and badge progress shared, profile fields private. */
export const userSettings = sqliteTable("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  showBeltLevel: integer("show_belt_level", { mode: "boolean" }).notNull().default(false),
  showAboutMe: integer("show_about_me", { mode: "boolean" }).notNull().default(false),
  showCity: integer("show_city", { mode: "boolean" }).notNull().default(false),
  showHomeGym: integer("show_home_gym", { mode: "boolean" }).notNull().default(false),
  showBadgeCount: integer("show_badge_count", { mode: "boolean" }).notNull().default(false),
  showCheckInGymNames: integer("show_check_in_gym_names", { mode: "boolean" }).notNull().default(true),
  showSavedGymNames: integer("show_saved_gym_names", { mode: "boolean" }).notNull().default(true),
  /** Who may see the member's name among those going to an open mat (issue 22). */
  showGoing: text("show_going", { enum: ["everyone", "followers", "nobody"] })
    .notNull()
    .default("followers"),
  shareBadgeProgressPublic: integer("share_badge_progress_public", { mode: "boolean" })
    .notNull()
    .default(true),
  /** E-mail me about a message left unread for an hour (one mail per message, RFC 8058 unsubscribe). */
  emailUnreadMessages: integer("email_unread_messages", { mode: "boolean" }).notNull().default(true),
});

/** Only the SHA-256 of the session token is stored (the Lucia guide's design). */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("password_reset_tokens_user").on(t.userId),
    index("password_reset_tokens_expires").on(t.expiresAt),
  ],
);

/**
 * A link that proves the user reads `email`: on registration it verifies the address the
 * account has; on an e-mail change the new address takes effect only when it is opened.
 */
export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("email_verification_tokens_user").on(t.userId),
    index("email_verification_tokens_expires").on(t.expiresAt),
  ],
);

/** RFC 8058 one-click unsubscribe links: only the token's hash is kept. */
export const unsubscribeTokens = sqliteTable(
  "unsubscribe_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the link turns off, e.g. `message-mail`. */
    kind: text("kind").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("unsubscribe_tokens_user").on(t.userId)],
);
