/** Gyms a member saved. */
import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { schools } from "./schools";

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
