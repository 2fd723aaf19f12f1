import { eq } from "drizzle-orm";
import type { PrivacySettings } from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { userSettings } from "../../../db/schema";

export const findSettings = (db: Db, userId: number) =>
  db.query.userSettings.findFirst({ where: eq(userSettings.userId, userId) });

export const upsertSettings = (db: Db, userId: number, values: PrivacySettings) =>
  db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
