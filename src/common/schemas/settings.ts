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

export const settingsMessages = {
  failed: "Failed to update settings. Please try again.",
  saved: "Your privacy preferences have been saved.",
  empty: "Send at least one setting to change",
} as const;

export const updateSettingsSchema = v.pipe(
  v.strictObject(
    Object.fromEntries(privacyFlags.map((f) => [f, v.optional(v.boolean(`${f} must be true or false`))])) as {
      [K in PrivacyFlag]: v.OptionalSchema<v.BooleanSchema<string>, undefined>;
    },
    "Unknown setting",
  ),
  v.check((s) => Object.keys(s).length > 0, settingsMessages.empty),
);
