/** The gyms and the weekly open mats read from their schedules. */
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
    /** Days the schedule names with no time ("time not listed"): a JSON array of { weekday, end, notes, … }. */
    scheduleUntimed: text("schedule_untimed").notNull().default("[]"),
    /**
     * The schedule text an admin (later an owner) confirmed as read: while `dayAndTime` equals
     * it, the sessions' review reasons are checked and no "check with the gym" mark shows.
     */
    scheduleConfirmedText: text("schedule_confirmed_text"),
    noOpenMat: integer("no_open_mat", { mode: "boolean" }).notNull().default(false),
    communityNotes: text("community_notes"),
    /** Public notes of feedback an admin applied and chose to publish: a JSON array of { text, at }. */
    feedbackNotes: text("feedback_notes").notNull().default("[]"),
    /**
     * What a visitor should know before a drop-in (issue 21): a JSON object of the rules an
     * admin or owner set (mat fee, Gi/No-Gi, level, …); a rule not set is unknown.
     */
    visitorRules: text("visitor_rules").notNull().default("{}"),
    /** Where the schedule last came from, and when: the gym, an admin, a member's submission, or an import. */
    scheduleSource: text("schedule_source", { enum: ["gym", "admin", "submission", "import"] })
      .notNull()
      .default("import"),
    scheduleSourceAt: integer("schedule_source_at", { mode: "timestamp_ms" }),
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

/**
 * One row per open mat, derived from the school's schedule text by the shared parser: weekly,
 * monthly by ordinal weekday (`ordinals`), or once on a date (`onDate`), each optionally
 * bounded to a season.
 */
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
    /** Monthly: a JSON array of weekdays of the month ([2,4]; -1 the last); null: not monthly. */
    ordinals: text("ordinals"),
    /** A one-off on this local date (YYYY-MM-DD). */
    onDate: text("on_date"),
    /** A season's first and last local dates (YYYY-MM-DD); either may be open. */
    seasonFrom: text("season_from"),
    seasonUntil: text("season_until"),
    /** The parser's reasons for a person to check this reading: a JSON array, empty when sure. */
    review: text("review").notNull().default("[]"),
    /** This session's own visitor rules where they differ from the school's (a JSON object), or null. */
    visitorRules: text("visitor_rules"),
    /** The last verified check-in inside this session's window. */
    lastConfirmedAt: integer("last_confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("open_mat_sessions_school").on(t.schoolId), index("open_mat_sessions_weekday").on(t.weekday)],
);
