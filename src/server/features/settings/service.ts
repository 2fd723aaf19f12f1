import {
  defaultPrivacySettings,
  type PrivacyFlag,
  type PrivacySettings,
  privacyFlags,
} from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { findSettings, upsertSettings } from "./queries";

export async function getSettings(db: Db, userId: number): Promise<PrivacySettings> {
  const row = await findSettings(db, userId);
  if (!row) return { ...defaultPrivacySettings };
  return Object.fromEntries(privacyFlags.map((f) => [f, row[f]])) as PrivacySettings;
}

export async function updateSettings(db: Db, userId: number, changes: Partial<PrivacySettings>) {
  const next = { ...(await getSettings(db, userId)), ...changes };
  await upsertSettings(db, userId, next);
  return next;
}

/** What another member may learn: only the flags this user turned on. */
export async function getPublicSettings(db: Db, userId: number): Promise<Partial<PrivacySettings>> {
  const all = await getSettings(db, userId);
  return Object.fromEntries(privacyFlags.filter((f: PrivacyFlag) => all[f]).map((f) => [f, true]));
}
