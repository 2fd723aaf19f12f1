import { eq, sql } from "drizzle-orm";
import type { OwnSettings } from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { userSettings, users } from "../../../db/schema";

export type SettingsRow = typeof userSettings.$inferSelect;

const userIdParam = sql.placeholder("userId");

/** Prepared once per database: on every member page, building the query cost as much as running it. */
export const findSettings = (db: Db, userId: number) =>
  prepared(db, "settings.find", (d) =>
    d.query.userSettings.findFirst({ where: eq(userSettings.userId, userIdParam) }).prepare(),
  ).execute({ userId });

/** A member and their settings row (null when they never saved any), in one query; undefined when no such member. */
export const findMemberWithSettings = async (db: Db, userId: number) =>
  (
    await prepared(db, "settings.member", (d) =>
      d
        .select({ id: users.id, settings: userSettings })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userIdParam))
        .limit(1)
        .prepare(),
    ).all({ userId })
  )[0];

export const upsertSettings = (db: Db, userId: number, values: Partial<OwnSettings>) =>
  db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
