/** A school's listing as its owners and admins edit it: versioned, and read as one family. */
const LISTING_TABLES = [
  "schools",
  "open_mat_sessions",
  "schedule_exceptions",
  "school_owners",
  "school_claims",
  "school_edits",
] as const;

/**
 * The content tables with a version: migration 0027's triggers add one to `app_meta`'s
 * `v:<table>` for every row written, by any writer (every copy, the CLI, an import), so
 * what a copy keeps per member can be keyed on the versions of the tables it was read from
 * (0028 adds `domain_events`, 0029 `feedback` and `school_daily_stats`).
 * scripts/table-version-triggers.ts writes a migration's triggers from this list.
 */
export const VERSIONED_TABLES = [
  "users",
  "user_settings",
  "follows",
  "blocks",
  "posts",
  "post_photos",
  "post_likes",
  "checkins",
  "badge_awards",
  "favorites",
  "occurrence_going",
  "school_ratings",
  "calendar_feeds",
  "conversations",
  "messages",
  "notifications",
  "reports",
  ...LISTING_TABLES,
  // Migration 0028: every event moves a member header's stream position.
  "domain_events",
  // Migration 0029: what a school's owners see (feedback, and the listing's daily counts).
  "feedback",
  "school_daily_stats",
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

/** Families of versioned tables that pages and answers read together. */
export const TABLE_FAMILIES = {
  /** Who a member is and whom they follow or block: what every privacy check reads. */
  social: ["users", "user_settings", "follows", "blocks"],
  posts: ["posts", "post_photos", "post_likes", "reports"],
  /** A member's check-ins, badges and saved gyms, with the schools they name. */
  activity: ["checkins", "badge_awards", "favorites", "schools", "open_mat_sessions", "schedule_exceptions"],
  messages: ["conversations", "messages"],
  /** A school's listing: its sessions, exceptions, owners, RSVPs and ratings. */
  schools: [...LISTING_TABLES, "occurrence_going", "school_ratings", "checkins", "favorites"],
} as const satisfies Record<string, readonly VersionedTable[]>;
