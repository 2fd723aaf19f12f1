import {
  defaultOwnSettings,
  defaultPrivacySettings,
  type OwnSettings,
  type PrivacyFlag,
  type PrivacySettings,
  privacyFlags,
} from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { requireAccess } from "../../policy/access";
import { relationTo } from "../../policy/relation";
import type { MemberSubject } from "../../policy/rules";
import type { PolicyViewer } from "../../policy/viewer";
import { findMemberWithSettings, findSettings, type SettingsRow, upsertSettings } from "./queries";

export const memberNotFound = "User Not Found";

/** A stored settings row as flags; no row means the defaults. */
export function settingsFromRow(row: SettingsRow | null | undefined): PrivacySettings {
  if (!row) return { ...defaultPrivacySettings };
  return Object.fromEntries(privacyFlags.map((f) => [f, row[f]])) as PrivacySettings;
}

export async function getSettings(db: Db, userId: number): Promise<PrivacySettings> {
  return settingsFromRow(await findSettings(db, userId));
}

/**
 * What the access policy needs to judge a viewer's request about another member: how
 * they stand to each other and the member's flags. Two queries; null when no such member.
 */
export async function memberSubject(
  db: Db,
  viewer: PolicyViewer,
  userId: number,
): Promise<MemberSubject | null> {
  const [member, relation] = await Promise.all([
    findMemberWithSettings(db, userId),
    relationTo(db, viewer, userId),
  ]);
  if (!member) return null;
  return { relation, settings: settingsFromRow(member.settings) };
}

/** The member's own settings: the privacy flags, the unread-message mail switch and who sees them going. */
export async function getOwnSettings(db: Db, userId: number): Promise<OwnSettings> {
  const row = await findSettings(db, userId);
  return {
    ...settingsFromRow(row),
    emailUnreadMessages: row?.emailUnreadMessages ?? defaultOwnSettings.emailUnreadMessages,
    showGoing: row?.showGoing ?? defaultOwnSettings.showGoing,
  };
}

export async function updateSettings(db: Db, userId: number, changes: Partial<OwnSettings>) {
  const next = { ...(await getOwnSettings(db, userId)), ...changes };
  await upsertSettings(db, userId, next);
  return next;
}

/** Turns the unread-message mail on or off, leaving every other setting as it is (the unsubscribe link uses it). */
export async function setMessageMail(db: Db, userId: number, on: boolean): Promise<void> {
  await upsertSettings(db, userId, { emailUnreadMessages: on });
}

/**
 * GET /api/settings/{userId}: every privacy flag of the member, false ones included. Spec §3
 * reads a missing showCheckInGymNames or showSavedGymNames as true, so leaving a false flag
 * out would tell a client that a hidden list is public. The unread-mail switch is the
 * member's own business and stays out. Unknown members and members in a block with the
 * viewer (either way) are 404, through the policy's profile.read.
 */
export async function getPublicSettings(
  db: Db,
  viewer: PolicyViewer,
  userId: number,
): Promise<PrivacySettings> {
  const subject = await memberSubject(db, viewer, userId);
  if (!subject) throw new HttpError(404, memberNotFound);
  requireAccess(viewer, "profile.read", subject, { forbidden: memberNotFound, notFound: memberNotFound });
  return Object.fromEntries(
    privacyFlags.map((f: PrivacyFlag) => [f, subject.settings[f]]),
  ) as PrivacySettings;
}
