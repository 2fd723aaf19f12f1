/**
 * The member's private calendar address (issue 22): what `GET /api/account/calendar`,
 * `POST /api/account/calendar/rotate` and `DELETE /api/account/calendar` answer, and the
 * account page's words for it.
 */

/** The address, https (as PUBLIC_URL's scheme) and webcal; both null while it is turned off. */
export interface CalendarAddress {
  https: string | null;
  webcal: string | null;
}

export const CALENDAR_OFF: CalendarAddress = { https: null, webcal: null };

export const memberCalendarTexts = {
  title: "Your Calendar",
  intro:
    "Your saved gyms' open mats and the ones you're going to, in your own calendar app. It updates by itself.",
  private: "Anyone with this address can see these open mats: keep it to yourself.",
  label: "Calendar address",
  copy: "Copy",
  copied: "Calendar address copied.",
  copyFailed: "Couldn't copy it: select the address and copy it yourself.",
  subscribe: "Subscribe",
  rotate: "Make a new address",
  rotateTitle: "Make a new calendar address?",
  rotateText:
    "The old address stops working: a calendar subscribed to it stops updating until you subscribe to the new one.",
  rotated: "Your new calendar address is ready.",
  turnOff: "Turn off",
  turnOffTitle: "Turn off your calendar address?",
  turnOffText:
    "The address stops working and calendars subscribed to it stop updating. You can make a new one any time.",
  turnedOff: "Your calendar address is turned off.",
  off: "Your calendar address is turned off.",
  turnOn: "Make an address",
  loading: "Loading your calendar address…",
  loadFailed: "Couldn't load your calendar address.",
  retry: "Try again",
  failed: "Failed to change your calendar address. Please try again.",
} as const;
