import * as v from "valibot";
import { DEFAULT_SHOW_GOING, goingTexts, type ShowGoing, showGoingChoices } from "./going";

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
 * What GET /api/settings answers the member: the privacy flags, whether a message left
 * unread for an hour may be e-mailed (on unless turned off here or by a mail's unsubscribe
 * link), and who may see their name among those going to an open mat (issue 22).
 */
export type OwnSettings = PrivacySettings & { emailUnreadMessages: boolean; showGoing: ShowGoing };
export const defaultOwnSettings: OwnSettings = {
  ...defaultPrivacySettings,
  emailUnreadMessages: true,
  showGoing: DEFAULT_SHOW_GOING,
};

export const settingsMessages = {
  failed: "Failed to update settings. Please try again.",
  saved: "Your privacy preferences have been saved.",
  empty: "Send at least one setting to change",
  messageMailLabel: "Email me when a message has been waiting unread for an hour",
  messageMailSaved: "Your email preferences have been saved.",
} as const;

const switches = [...privacyFlags, "emailUnreadMessages"] as const;

export const updateSettingsSchema = v.pipe(
  v.strictObject(
    {
      ...(Object.fromEntries(
        switches.map((f) => [f, v.optional(v.boolean(`${f} must be true or false`))]),
      ) as {
        [K in (typeof switches)[number]]: v.OptionalSchema<v.BooleanSchema<string>, undefined>;
      }),
      showGoing: v.optional(v.picklist(showGoingChoices, goingTexts.showGoingInvalid)),
    },
    "Unknown setting",
  ),
  v.check((s) => Object.keys(s).length > 0, settingsMessages.empty),
);
