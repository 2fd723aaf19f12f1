import * as v from "valibot";

/** A listing no verified check-in confirmed in this many days is stale. */
export const STALE_AFTER_DAYS = 90;
/** Rows per page on /admin's Stale listings tab ('Load more' asks for the next). */
export const STALE_PAGE_SIZE = 20;
export const STALE_MAX_LIMIT = 100;

/**
 * The two lists of the tab: `flagged`, schools whose schedule has something to check and no
 * admin confirmed its reading (lines the parser could not read, sessions read with a review
 * reason, days with no time listed); `unconfirmed`, the other schools no check-in confirmed
 * in STALE_AFTER_DAYS days.
 */
export const staleKinds = ["flagged", "unconfirmed"] as const;
export type StaleKind = (typeof staleKinds)[number];

export const staleMessages = {
  kindInvalid: "kind must be flagged or unconfirmed",
  limitInvalid: `limit must be a whole number from 1 to ${STALE_MAX_LIMIT}`,
  offsetInvalid: "offset must be a whole number from 0",
} as const;

/** `GET /api/admin/stale-schools?kind=&limit=&offset=`; every value arrives as a string. */
export const staleQuerySchema = v.object({
  kind: v.optional(v.picklist(staleKinds, staleMessages.kindInvalid), "unconfirmed"),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, staleMessages.limitInvalid),
      v.transform(Number),
      v.minValue(1, staleMessages.limitInvalid),
      v.maxValue(STALE_MAX_LIMIT, staleMessages.limitInvalid),
    ),
    String(STALE_PAGE_SIZE),
  ),
  offset: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, staleMessages.offsetInvalid), v.transform(Number)),
    "0",
  ),
});
export type StaleQuery = v.InferOutput<typeof staleQuerySchema>;

/** One stale listing as the admin sees it. */
export interface StaleSchool {
  id: number;
  slug: string;
  gym: string;
  city: string;
  state: string;
  /** The newest check-in confirmation of any of its sessions (ISO); null when never confirmed. */
  lastConfirmedAt: string | null;
  /** The schedule lines the parser could not read (empty for an unconfirmed one). */
  unparsed: string[];
  /** The gym's schedule text, as confirming it sends it back. */
  dayAndTime: string;
  /**
   * The readings to check (empty for an unconfirmed one): each session read with a review
   * reason and each day with no time listed, as the schedule shows it, with why.
   */
  checks: ScheduleCheck[];
}

/** One reading to check: "Sat 2:00 PM–4:00 PM", and the parser's reasons. */
export interface ScheduleCheck {
  session: string;
  reasons: string[];
}

/** A page of one list; `nextOffset` is null on the last page. */
export interface StalePage {
  kind: StaleKind;
  schools: StaleSchool[];
  total: number;
  nextOffset: number | null;
}
