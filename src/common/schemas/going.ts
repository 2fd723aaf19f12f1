/**
 * Going to an open mat (issue 22): a member says 'I'm going' to one dated occurrence and can
 * take it back until it starts; everyone sees how many are going, a member sees the names the
 * policy lets them see (each goer's `showGoing`). The Tonight view lists open mats near the
 * visitor that start within TONIGHT_HOURS, soonest first.
 *
 * An occurrence is named by its slot: the school, the gym's local date and the start minute
 * of its session (`Occurrence.key`). A moved open mat keeps its slot (its own date and start,
 * `movedFrom`), so those going stay going, and are told, when it moves.
 */
import * as v from "valibot";
import { formatTime } from "../schedule/format";
import { isCalendarDate } from "../schedule/occurrences";

/** The Tonight view: open mats starting within this many hours. */
export const TONIGHT_HOURS = 6;
/** Those going are reminded this long before the open mat starts. */
export const REMINDER_LEAD_MS = 2 * 60 * 60_000;
/** A cancellation (or move) is mailed to those going when the open mat was less than this far ahead. */
export const CANCELLATION_MAIL_MS = 24 * 60 * 60_000;
/** The names endpoint lists at most this many of those going (the count is always whole). */
export const GOING_NAMES_MAX = 100;
/** 'N went last week': verified check-ins at occurrences those going came to, in this many days. */
export const WENT_DAYS = 7;

/** Who may see a member's name among those going (user_settings.show_going). */
export const showGoingChoices = ["everyone", "followers", "nobody"] as const;
export type ShowGoing = (typeof showGoingChoices)[number];
export const DEFAULT_SHOW_GOING: ShowGoing = "followers";

export const goingTexts = {
  schoolNotFound: "School not found",
  dateInvalid: "date must be a real date written YYYY-MM-DD",
  startMinuteInvalid: "startMinute must be a whole number of minutes from 0 to 1439",
  noOccurrence: "This school has no open mat at that date and time",
  cancelled: "This open mat is cancelled",
  started: "This open mat has already started",
  takeBackStarted: "This open mat has already started: going can no longer be taken back",
  imGoing: "I'm going",
  count: (n: number) => `${n} going`,
  wentLastWeek: (n: number) => `${n} went last week`,
  whoIsGoing: "Who's going",
  youAreGoing: "You are going.",
  hiddenGoers: (n: number) =>
    `${n} more ${n === 1 ? "member keeps their name" : "members keep their names"} to themselves.`,
  namesFailed: "Could not load who is going.",
  changeFailed: "Could not change whether you are going. Please try again.",
  signInTitle: "Sign In Required",
  signInText: "Please sign in to say you're going to this open mat.",
  tonight: "Tonight",
  tonightTitle: "Open mats tonight",
  tonightEmpty: `No open mats near you in the next ${TONIGHT_HOURS} hours.`,
  tonightLoading: "Finding open mats tonight…",
  tonightWhere: "Share your location, or search for a place, to see the open mats near you tonight.",
  tonightFailed: "Could not load tonight's open mats.",
  nextUp: "Coming up",
  showGoingTitle: "Going to Open Mats",
  showGoingLabel: "Who can see your name when you are going to an open mat",
  showGoingHint: "Everyone sees how many are going; this decides who sees that one of them is you.",
  showGoingNames: {
    everyone: "Every signed-in member",
    followers: "Members who follow you",
    nobody: "Only you",
  } satisfies Record<ShowGoing, string>,
  showGoingInvalid: "showGoing must be everyone, followers or nobody",
  latitude: "lat must be a number between -90 and 90",
  longitude: "lng must be a number between -180 and 180",
} as const;

const positiveId = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[1-9]\d{0,11}$/, message), v.transform(Number));

/** `/api/schools/{id}/occurrences/{date}/{startMinute}/going`: the occurrence's slot. */
export const goingParams = v.object({
  id: positiveId(goingTexts.schoolNotFound),
  date: v.pipe(
    v.string(goingTexts.dateInvalid),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, goingTexts.dateInvalid),
    v.check(isCalendarDate, goingTexts.dateInvalid),
  ),
  startMinute: v.pipe(
    v.string(goingTexts.startMinuteInvalid),
    v.regex(/^\d{1,4}$/, goingTexts.startMinuteInvalid),
    v.transform(Number),
    v.maxValue(1439, goingTexts.startMinuteInvalid),
  ),
});

/** An occurrence's stable slot: its session's own local date and start. */
export interface Slot {
  date: string;
  startMinute: number;
}

/** The slot of a listed occurrence: where a moved one came from, else where it is. */
export function slotOf(o: {
  date: string;
  start: number | null;
  movedFrom?: { date: string; start: number | null };
}): Slot | null {
  const own = o.movedFrom ?? { date: o.date, start: o.start };
  return own.start === null ? null : { date: own.date, startMinute: own.start };
}

// Made once: toLocaleDateString builds a formatter per call.
const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "Sunday, November 22 at 7:00 PM", from a local date and minute: the same on the server and in any browser. */
export const occurrenceWhen = (date: string, start: number) =>
  `${longDate.format(new Date(`${date}T12:00:00Z`))} at ${formatTime(start)}`;

export const slotKey = (slot: Slot) => `${slot.date}@${slot.startMinute}`;

/** The path of an occurrence's going endpoints. */
export const goingPath = (schoolId: number, slot: Slot) =>
  `/api/schools/${schoolId}/occurrences/${slot.date}/${slot.startMinute}/going`;

/** What `GET /api/schools/{id}/occurrences` adds to each occurrence: how many go, and (members) whether the viewer does. */
export interface OccurrenceGoing {
  goingCount: number;
  /** Present for a signed-in viewer only. */
  viewerGoing?: boolean;
}

/**
 * What a school page shows of going: how many go to each occurrence of its four weeks (by
 * `Occurrence.key`), the member's own (null for a guest: a guest's page is every guest's), how
 * many went last week, and the moment it was rendered (what has started by then).
 */
export interface SchoolPageGoing {
  counts: Record<string, number>;
  mine: string[] | null;
  wentLastWeek: number;
  now: number;
}

/** POST and DELETE answer the viewer's state and the new count; POST also when it starts. */
export interface GoingChange {
  going: boolean;
  count: number;
  startsAt?: string;
}

/** `GET …/going`: the count, the names the viewer may see (oldest first), and whether the viewer is going. */
export interface GoingNames {
  count: number;
  names: { id: number; username: string }[];
  viewerGoing: boolean;
}

const coordinate = (message: string, limit: number) =>
  v.pipe(
    v.optional(v.string(message), ""),
    v.trim(),
    v.nonEmpty(message),
    v.transform(Number),
    v.number(message),
    v.minValue(-limit, message),
    v.maxValue(limit, message),
  );

/** `GET /api/schools/tonight?lat=&lng=`. */
export const tonightQuerySchema = v.object({
  lat: coordinate(goingTexts.latitude, 90),
  lng: coordinate(goingTexts.longitude, 180),
});

/** One open mat in the Tonight view. `date` and `startMinute` name its slot (for 'I'm going'). */
export interface TonightItem {
  school: { id: number; gym: string; slug: string; city: string; state: string; timeZone: string };
  /** Miles from the point asked about, to a tenth. */
  distance: number;
  date: string;
  startMinute: number;
  /** Where and when it happens (a moved one: its new local start). */
  start: number;
  end: number | null;
  startsAt: string;
  notes: string[];
  goingCount: number;
  /** For a signed-in viewer: whether they are going. */
  viewerGoing?: boolean;
}

/** The payload of an `occurrence.reminder` event: whom to remind of which occurrence, and when it starts. */
export const reminderEventSchema = v.object({
  userId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  schoolId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  date: v.string(),
  startMinute: v.pipe(v.number(), v.integer()),
  /** The local date and start it happens at (a moved one's new ones). */
  onDate: v.string(),
  start: v.pipe(v.number(), v.integer()),
  gym: v.string(),
  slug: v.string(),
});
export type ReminderEvent = v.InferOutput<typeof reminderEventSchema>;
