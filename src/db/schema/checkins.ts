/** Check-ins at gyms and the badges they earn. */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { openMatSessions, schools } from "./schools";

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
 * The four badge metrics of a member's verified check-ins, kept by triggers (migration 0031)
 * so a check-in's award reads one row instead of counting every check-in the member has. A
 * row is dropped whenever what it counts could have shrunk or changed (a verified check-in
 * deleted, a school's name or state edited) and counted afresh by the member's next verified
 * check-in; until then nothing reads it.
 */
export const memberBadgeStats = sqliteTable("member_badge_stats", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  total: integer("total").notNull(),
  gyms: integer("gyms").notNull(),
  states: integer("states").notNull(),
  letters: integer("letters").notNull(),
  /** The states counted, each followed by char(31), after a leading char(31). */
  stateList: text("state_list").notNull(),
  /** Bit n set: a gym starting with the letter 'A' + n. */
  letterMask: integer("letter_mask").notNull(),
});
