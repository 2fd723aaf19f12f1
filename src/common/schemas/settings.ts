import * as v from "valibot";

export const privacyFlags = [
  "showBeltLevel",
  "showAboutMe",
  "showCity",
  "showHomeGym",
  "showBadgeCount",
  "showCheckInGymNames",
  "showSavedGymNames",
  "shareBadgeProgressPublic",
] as const;

export type PrivacyFlag = (typeof privacyFlags)[number];
export type PrivacySettings = Record<PrivacyFlag, boolean>;

/** Defaults when a user has never saved settings: share gym names and badges, keep profile fields private. */
export const defaultPrivacySettings: PrivacySettings = {
  showBeltLevel: false,
  showAboutMe: false,
  showCity: false,
  showHomeGym: false,
  showBadgeCount: false,
  showCheckInGymNames: true,
  showSavedGymNames: true,
  shareBadgeProgressPublic: true,
};

/**
 * What GET /api/settings answers the member: the privacy flags, and whether a message left
 * unread for an hour may be e-mailed (on unless turned off here or by a mail's unsubscribe link).
 */
export type OwnSettings = PrivacySettings & { emailUnreadMessages: boolean };
export const defaultOwnSettings: OwnSettings = { ...defaultPrivacySettings, emailUnreadMessages: true };

export const settingsMessages = {
  failed: "Failed to update settings. Please try again.",
  saved: "Your privacy preferences have been saved.",
  empty: "Send at least one setting to change",
  messageMailLabel: "Email me when a message has been waiting unread for an hour",
  messageMailSaved: "Your email preferences have been saved.",
} as const;

export const updateSettingsSchema = v.pipe(
  v.strictObject(
    Object.fromEntries(
      [...privacyFlags, "emailUnreadMessages"].map((f) => [
        f,
        v.optional(v.boolean(`${f} must be true or false`)),
      ]),
    ) as {
      [K in keyof OwnSettings]: v.OptionalSchema<v.BooleanSchema<string>, undefined>;
    },
    "Unknown setting",
  ),
  v.check((s) => Object.keys(s).length > 0, settingsMessages.empty),
);
