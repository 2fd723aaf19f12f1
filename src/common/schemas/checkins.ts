import * as v from "valibot";
import { formatDistance } from "../geo";
import { objectMessages } from "./object-messages";

/** Spec §5 and §9: the check-in rules the server judges (the browser's checks are only hints). */
export const CHECKIN_MAX_METERS = 61;
export const EARTH_RADIUS_M = 6_371_000;
export const CHECKIN_WINDOW = { beforeStartMinutes: 20, afterStartMinutes: 120 } as const;

/** Spec §8 "Check-in" texts; the API answers with these. */
export const checkinMessages = {
  locationRequired: "Location required: Please enable location access to check in.",
  /** The spec's sentence with the distance in feet or miles, as a person reads it (issue 23). */
  tooFar: (meters: number) =>
    `Too far away: You must be within 200 feet of the gym to check in. You are ${formatDistance(meters)} away.`,
  noOpenMat:
    "No open mat right now: check-ins open 20 minutes before a listed open mat and close 2 hours after it starts.",
  alreadyToday: "You already checked in here today.",
  failed: "Check-in failed",
  failedFallback: "Unable to create check-in. Please try again.",
  verifyFailed: "Verification failed: Unable to verify check-in. Please try again.",
  deleteFailed: "Failed to delete check-in",
  notFound: "Check-in not found",
  schoolNotFound: "School not found",
  alreadyVerified: "This check-in is already verified.",
  verifyFalse: "verified must be true",
  userNotFound: "User Not Found",
  checkedInToday: "Checked in today",
  /** Spec §8 "Location": the position watch the check-in button runs failed. */
  watchFailed: "Unable to watch location",
} as const;

const coordinate = (name: string, max: number) =>
  v.pipe(
    v.number(checkinMessages.locationRequired),
    v.finite(checkinMessages.locationRequired),
    v.minValue(-max, `${name} must be between -${max} and ${max}`),
    v.maxValue(max, `${name} must be between -${max} and ${max}`),
  );

const schoolIdMessage = "schoolId must be a number";

/**
 * A body without coordinates (or no body at all) is a browser that gave no position: the
 * spec's 'Location required', not valibot's "Invalid key" text (see object-messages.ts).
 */
const positionMissing = objectMessages({ schoolId: schoolIdMessage }, checkinMessages.locationRequired);

export const createCheckinSchema = v.object(
  {
    schoolId: v.pipe(v.number(schoolIdMessage), v.integer("schoolId must be a whole number"), v.minValue(1)),
    latitude: coordinate("latitude", 90),
    longitude: coordinate("longitude", 180),
    /**
     * Save a pending (unverified) check-in when the position is too far from the gym; it is
     * verified later through PATCH /api/checkins/{id}/verify. Without it a far position is 400.
     */
    pending: v.optional(v.boolean("pending must be true or false"), false),
  },
  positionMissing,
);

export const verifyCheckinSchema = v.object(
  {
    verified: v.optional(v.boolean("verified must be true or false"), true),
    latitude: coordinate("latitude", 90),
    longitude: coordinate("longitude", 180),
  },
  positionMissing,
);

/**
 * A check-in as the API lists it (spec §3), without any position. When its owner hides
 * check-in gyms (showCheckInGymNames off) from this viewer, only that there was a check-in,
 * when, and whether it is verified remain: `schoolId`, `localDate` and `school` are null.
 */
export interface CheckinView {
  id: number;
  schoolId: number | null;
  checkedInAt: string;
  /**
   * YYYY-MM-DD in the gym's time zone (one check-in per school per local day). null when the
   * gym is hidden: beside `checkedInAt` the gym's date tells its UTC offset, so its region.
   */
  localDate: string | null;
  verified: boolean;
  /** `timeZone` is the gym's: with `localDate` it says whether the check-in is the gym's today. */
  school: { gym: string; city: string; slug: string; timeZone: string } | null;
}

/**
 * How many check-ins the feed's Past Check-ins panel gets with the page. The whole list made
 * up much of /feed's body for an active member, and a phone paid for it on every visit; the
 * newest few and the count are what the panel shows first, the rest when the member asks.
 */
export const FEED_RECENT_CHECKINS = 10;

/** The feed's first page of the member's check-ins: the newest FEED_RECENT_CHECKINS and how many in all. */
export interface RecentCheckins {
  items: CheckinView[];
  total: number;
}

/** The recent page of a list that is newest first, as GET /api/checkins answers it. */
export const recentCheckinsOf = (list: CheckinView[]): RecentCheckins => ({
  items: list.slice(0, FEED_RECENT_CHECKINS),
  total: list.length,
});

/** POST /api/checkins and PATCH /api/checkins/{id}/verify: the check-in and the badges it just earned. */
export interface CheckinResult extends CheckinView {
  distanceMeters: number;
  newBadges: import("../badges").BadgeAwardView[];
}
