import { eq } from "drizzle-orm";
import type { OwnSettings } from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { userSettings, users } from "../../../db/schema";

export type SettingsRow = typeof userSettings.$inferSelect;

export const findSettings = (db: Db, userId: number) =>
  db.query.userSettings.findFirst({ where: eq(userSettings.userId, userId) });

/** A member and their settings row (null when they never saved any), in one query; undefined when no such member. */
export const findMemberWithSettings = async (db: Db, userId: number) =>
  (
    await db
      .select({ id: users.id, settings: userSettings })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1)
  )[0];

export const upsertSettings = (db: Db, userId: number, values: Partial<OwnSettings>) =>
  db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
