/** Spec texts for the home screen, word for word (§2, §8). */
export const homeTexts = {
  heading: "Find Open Mats Near You",
  allSchools: "All Schools",
  schoolsFound: (n: number) => `${n} ${n === 1 ? "school" : "schools"} found`,
  emptyTitle: "No schools found for this location or day.",
  emptyHint: "Try another search or day filter.",
  savedGyms: "Saved Gyms",
  noWebsite: "No website available",
  noNotes: "No community notes available.",
  getDirections: "Get directions",
  viewOnMap: "View on Map",
  provideFeedback: "Provide Feedback",
  signInRequiredTitle: "Sign In Required",
  signInRequiredText: "Please sign in to save this gym to your favorites.",
  saving: "Saving...",
  removing: "Removing...",
  searchLimitTitle: "Daily Search Limit Reached",
  searchLimitMember: (limit: number, time: string) =>
    `You've used all ${limit} of your daily searches. Your limit will reset in ${time}.`,
  searchLimitGuest: (limit: number, memberLimit: number, time: string) =>
    `You've used all ${limit} daily searches. Log in to get ${memberLimit} searches per day, or wait ${time} for your limit to reset.`,
  searchErrorTitle: "Search Error",
  searchErrorText: "Unable to complete your search. Please try again.",
  feedbackSuccess: "Feedback submitted successfully!",
  feedbackFailed: "Failed to submit feedback. Please try again.",
  feedbackNetworkError: "Error submitting feedback. Please try again.",
  locationDenied: "Location permission denied. Please allow location access to use this feature.",
  locationUnavailable: "Location information unavailable. GPS signal may be weak.",
  locationTimeout: "Location request timed out. This may take longer on mobile devices.",
  locationFailed: "Failed to get GPS location",
  locationUnknown: "Unable to determine location. Please browse the map manually.",
  locationUnsupported: "Geolocation is not supported by this browser",
  /** Not in the spec (issue 23): a distance says where it is measured from. */
  yourLocation: "your location",
  distanceFrom: (miles: number, place: string) => `${miles} mi from ${place}`,
  /** Not in the spec (issue 23): the location's state, shown in place of a toast. */
  locating: "Finding your location…",
  locatedGps: "Using your location",
  locatedIp: "Using your approximate location",
  locationHelp: "Location help",
  filters: "Filters",
} as const;

/** Spec §8: "{time} is in hours if at least 1 hour, otherwise in minutes, rounded up". */
export function formatResetTime(retryAfterSeconds: number): string {
  if (retryAfterSeconds >= 3600) {
    const hours = Math.ceil(retryAfterSeconds / 3600);
    return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/**
 * Spec §4 "Location acquisition": in-app browsers (a search-engine app, Facebook,
 * Instagram, Twitter, or Android without Chrome) get the IP fallback instead of GPS.
 */
export function isInAppBrowser(userAgent: string): boolean {
  if (/\bGSA\/|FBAN|FBAV|Instagram|Twitter/i.test(userAgent)) return true;
  return /Android/i.test(userAgent) && !/Chrome\//i.test(userAgent);
}
