/**
 * What a listing does and who changed it (issue 21): the weekly counts its owners see, the
 * beacon islands send, and the edit history, as the API answers them and the manage page
 * shows them.
 */
import * as v from "valibot";

/** What is counted per school and UTC day (as school_daily_stats' kinds), in the table's order. */
export const listingKinds = ["view", "detail", "directions", "calendar", "save", "checkin"] as const;
export type ListingKind = (typeof listingKinds)[number];

/** What a browser may count itself: a detail dialog opened, a directions link followed. */
export const beaconKinds = ["detail", "directions"] as const;
export type BeaconKind = (typeof beaconKinds)[number];

/** The stats answer this many weeks, the current one last. */
export const STATS_WEEKS = 12;
/** One school's count of one kind stops here for the day: a script cannot run it up further. */
export const DAILY_COUNT_MAX = 10_000;

export const HISTORY_PAGE = { default: 20, max: 50 } as const;

export const listingActivityTexts = {
  schoolNotFound: "School not found",
  kindInvalid: `kind must be one of ${beaconKinds.join(", ")}`,
  beforeIdInvalid: "beforeId must be a whole number from 1",
  limitInvalid: `limit must be a whole number from 1 to ${HISTORY_PAGE.max}`,
  heading: "What the listing does",
  statsCaption: `Per week (from Monday, UTC), the last ${STATS_WEEKS} weeks`,
  week: "Week of",
  statsLoading: "Loading the counts…",
  statsFailed: "The counts could not be loaded.",
  historyHeading: "Edit history",
  historyEmpty: "No edits yet.",
  historyLoading: "Loading the history…",
  historyFailed: "The history could not be loaded.",
  loadMore: "Load more",
  loadingMore: "Loading…",
  nobody: "(none)",
  kinds: {
    view: "Page views",
    detail: "Detail opens",
    directions: "Direction taps",
    calendar: "Calendar downloads",
    save: "Saves",
    checkin: "Verified check-ins",
  } satisfies Record<ListingKind, string>,
  sources: {
    gym: "The gym",
    admin: "An admin",
    submission: "A member's submission",
    import: "An import",
  },
  fields: {
    gym: "Name",
    address: "Address",
    city: "City",
    state: "State",
    zipCode: "ZIP code",
    phone: "Phone",
    website: "Website",
    dayAndTime: "Schedule",
    communityNotes: "Notes",
    sessions: "Sessions",
    visitorRules: "Visitor rules",
  } as Record<string, string>,
} as const;

const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,12}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** `GET /api/schools/{id}/history?beforeId=&limit=`: the page older than `beforeId`, newest first. */
export const historyQuerySchema = v.object({
  beforeId: v.optional(wholeNumber(listingActivityTexts.beforeIdInvalid, 1, Number.MAX_SAFE_INTEGER)),
  limit: v.optional(
    wholeNumber(listingActivityTexts.limitInvalid, 1, HISTORY_PAGE.max),
    String(HISTORY_PAGE.default),
  ),
});

/** `POST /api/schools/{id}/seen {kind}`: a browser's count of one thing a visitor did. */
export const beaconInputSchema = v.object({
  kind: v.picklist(beaconKinds, listingActivityTexts.kindInvalid),
});

export type EditSourceName = keyof typeof listingActivityTexts.sources;

/** One entry of a school's edit history. */
export interface SchoolEditView {
  id: number;
  /** When (ISO). */
  at: string;
  source: EditSourceName;
  /** Who made it; null for an import, the terminal, or a member since deleted. */
  by: { id: number; username: string } | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface SchoolHistoryPage {
  items: SchoolEditView[];
  /** Pass as `beforeId` for the next (older) page; null when this was the last. */
  nextBeforeId: number | null;
}

/** One week's totals: the Monday it starts (UTC, YYYY-MM-DD) and each kind's count. */
export type ListingWeek = { start: string } & Record<ListingKind, number>;

export interface ListingStats {
  /** Oldest first, `STATS_WEEKS` of them, the current (partial) week last; weeks with nothing are zeros. */
  weeks: ListingWeek[];
}
