import type { OccurrenceView } from "./schedule-exceptions";

/**
 * The installable app (issue 22): what GET /api/offline/saved answers (the member's saved gyms
 * with their next 7 days, which the service worker keeps for offline reading) and the texts of
 * the offline page.
 */
export const OFFLINE_DAYS = 7;
/** Saved gyms kept for offline reading, newest saved first. */
export const OFFLINE_GYMS_MAX = 50;

/** The service worker's names, shared with the page that reads what it keeps. */
export const OFFLINE_DATA_CACHE = "openmat-data";
export const OFFLINE_SAVED_URL = "/api/offline/saved";
export const OFFLINE_PAGE_URL = "/offline";

export interface OfflineSavedGym {
  id: number;
  slug: string;
  gym: string;
  city: string;
  state: string;
  timeZone: string;
  /** From today in the gym's zone, OFFLINE_DAYS days. */
  occurrences: OccurrenceView[];
}

export interface OfflineSaved {
  /** When the server answered (ISO). */
  savedAt: string;
  gyms: OfflineSavedGym[];
  /** How many gyms the member has saved (more than `gyms` past OFFLINE_GYMS_MAX). */
  total: number;
}

export const offlineTexts = {
  title: "You're offline",
  intro: "OpenMat can't be reached right now. Pages will load again when you're back online.",
  savedHeading: "Your saved gyms, next 7 days",
  savedAt: "As of",
  none: "Nothing is kept on this device for offline reading. Sign in and save gyms while online to read their next 7 days here.",
  noSaved: "You have no saved gyms.",
  noOpenMats: "No open mats in the next 7 days.",
  cancelled: "Cancelled",
  more: (n: number) => `and ${n} more saved ${n === 1 ? "gym" : "gyms"}, not kept offline`,
  retry: "Try again",
  loading: "Looking for what this device kept…",
} as const;
