import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { feedbackStatuses } from "../common/schemas/feedback";
import { postVisibilities } from "../common/schemas/posts";

/** Small key/value facts about this database, such as when demo data was loaded. */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

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

/** Fixed-window counters for throttles and quotas, shared by every running copy. */
export const rateCounters = sqliteTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_counters_window").on(t.windowStart)],
);

/**
 * One row per periodic job (pruning and the like): a copy runs a job only after taking
 * its lease, so N copies on one database run each job once per period.
 */
export const jobLeases = sqliteTable("job_leases", {
  name: text("name").primaryKey(),
  leasedUntil: integer("leased_until", { mode: "timestamp_ms" }).notNull(),
  lastRunAt: integer("last_run_at", { mode: "timestamp_ms" }),
});

export const mailStatuses = ["pending", "sent", "failed"] as const;

/** Mail is queued here in the request and delivered by a worker, so none is lost. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** Extra headers as a JSON object (e.g. RFC 8058 List-Unsubscribe); blanked with the body once sent. */
    headers: text("headers"),
    status: text("status", { enum: mailStatuses }).notNull().default("pending"),
    /** 'smtp' or 'dev' (kept in the dev mailbox and printed to the log). */
    transport: text("transport").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_due").on(t.status, t.nextAttemptAt)],
);

export const schools = sqliteTable(
  "schools",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    /** Stable identity for imports: the source's own key, or one derived from name and address. */
    sourceKey: text("source_key").notNull(),
    gym: text("gym").notNull(),
    location: text("location").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code"),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    timeZone: text("time_zone").notNull(),
    phone: text("phone"),
    website: text("website"),
    dayAndTime: text("day_and_time").notNull(),
    /** Schedule pieces the parser could not read, as a JSON array; never guessed. */
    scheduleUnparsed: text("schedule_unparsed").notNull().default("[]"),
    noOpenMat: integer("no_open_mat", { mode: "boolean" }).notNull().default(false),
    communityNotes: text("community_notes"),
    /** Public notes of feedback an admin applied and chose to publish: a JSON array of { text, at }. */
    feedbackNotes: text("feedback_notes").notNull().default("[]"),
    rating: real("rating"),
    reviewCount: integer("review_count").notNull().default(0),
    monday: integer("monday", { mode: "boolean" }).notNull().default(false),
    tuesday: integer("tuesday", { mode: "boolean" }).notNull().default(false),
    wednesday: integer("wednesday", { mode: "boolean" }).notNull().default(false),
    thursday: integer("thursday", { mode: "boolean" }).notNull().default(false),
    friday: integer("friday", { mode: "boolean" }).notNull().default(false),
    saturday: integer("saturday", { mode: "boolean" }).notNull().default(false),
    sunday: integer("sunday", { mode: "boolean" }).notNull().default(false),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    lastVerifiedAt: integer("last_verified_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("schools_slug").on(t.slug),
    uniqueIndex("schools_source_key").on(t.sourceKey),
    index("schools_lat_lng").on(t.latitude, t.longitude),
    index("schools_city_state").on(sql`lower(${t.city})`, t.state),
    index("schools_zip").on(t.zipCode),
    index("schools_demo").on(t.isDemo),
    // Prefix search on names ("aus…") as an index range rather than a scan.
    index("schools_gym_nocase").on(sql`lower(${t.gym})`),
  ],
);

/** One row per weekly open mat, derived from the school's schedule text by the shared parser. */
export const openMatSessions = sqliteTable(
  "open_mat_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** 0 = Sunday … 6 = Saturday, as Date#getDay(). */
    weekday: integer("weekday").notNull(),
    /** Minutes after local midnight in the school's time zone. */
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute"),
    notes: text("notes").notNull().default("[]"),
    /** The last verified check-in inside this session's window. */
    lastConfirmedAt: integer("last_confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("open_mat_sessions_school").on(t.schoolId), index("open_mat_sessions_weekday").on(t.weekday)],
);

export const favorites = sqliteTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.schoolId] }), index("favorites_school").on(t.schoolId)],
);

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

/** Who follows whom. The spec calls the people a member follows their friends. */
export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: integer("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    index("follows_following").on(t.followingId),
  ],
);

/** A block hides two members from each other; it is read in both directions. */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked").on(t.blockedId)],
);

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
 * A member at a gym. The server judges it (distance, open-mat window, one per local day)
 * and keeps the verdict and the distance, never the position itself.
 */
export const checkins = sqliteTable(
  "checkins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    checkedInAt: integer("checked_in_at", { mode: "timestamp_ms" }).notNull(),
    /** YYYY-MM-DD in the gym's own time zone: one check-in per school per local day. */
    localDate: text("local_date").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /** Metres from the gym at the last position the server judged. */
    distanceMeters: real("distance_meters"),
    /** The listed session whose window held the check-in, when verified. */
    sessionId: integer("session_id").references(() => openMatSessions.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("checkins_user_school_day").on(t.userId, t.schoolId, t.localDate),
    index("checkins_user_time").on(t.userId, t.checkedInAt),
    index("checkins_school").on(t.schoolId),
  ],
);

/** A badge a member earned: once per code, kept when the check-ins behind it are deleted. */
export const badgeAwards = sqliteTable(
  "badge_awards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeCode: text("badge_code").notNull(),
    metricValue: integer("metric_value").notNull(),
    awardedAt: integer("awarded_at", { mode: "timestamp_ms" }).notNull(),
    /** When the celebration dialog showed it; null until then, so it shows once. */
    celebratedAt: integer("celebrated_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("badge_awards_user_code").on(t.userId, t.badgeCode)],
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

export const reportKinds = ["post", "profile", "message"] as const;
export const reportStatuses = ["open", "removed", "dismissed"] as const;

/**
 * A member's report of a post, a profile or a message (issue 13, Reports). Open until an
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

/**
 * A write a member sent with an `Idempotency-Key` (src/server/http/idempotency.ts): the
 * row it created, recorded in the same batch, and the answer given, so a retry with the
 * same key (after a lost answer, or sent twice at once) gets that answer and creates
 * nothing. Pruned after a day.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The route and what it writes to, e.g. `posts` or `messages:12`. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** The id of the row the first request created. */
    resourceId: integer("resource_id").notNull(),
    /** The status and JSON body answered; null until the first request has answered. */
    status: integer("status"),
    response: text("response"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.scope, t.key] }),
    index("idempotency_keys_created").on(t.createdAt),
  ],
);
