/**
 * What a listing does (issue 21): daily totals per school and kind (page views, detail opens,
 * direction taps, calendar downloads, saves, verified check-ins), each one upsert, and the
 * last 12 weeks of them for the school's owners and admins. No per-visitor record, no
 * address and no cookie is kept for it.
 */
import {
  type BeaconKind,
  type ListingKind,
  type ListingStats,
  type ListingWeek,
  listingActivityTexts,
  listingKinds,
  STATS_WEEKS,
} from "../../../common/schemas/listing-activity";
import type { Db } from "../../../db/client";
import { asDrizzleSql } from "../../../db/raw-statement";
import { HttpError } from "../../http/errors";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { countStatement, dailyCountsSince, schoolExists } from "./queries";
import { flushListingTally, tallyListingEvent } from "./tally";

export { closeListingTally } from "./tally";

const DAY_MS = 86_400_000;

/** The UTC day of `at`, YYYY-MM-DD: what a count is filed under. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The statement that counts one `kind` for the school, for the batch of the write it counts;
 * with `onlyIfChanged`, only when the statement before it in the batch changed a row.
 */
export const listingEventStatement = (schoolId: number, kind: ListingKind, at: Date, onlyIfChanged = false) =>
  countStatement(schoolId, kind, utcDay(at), onlyIfChanged);

/** listingEventStatement as a drizzle query, for a drizzle `db.batch`. */
export const listingEventQuery = (
  db: Pick<Db, "run">,
  schoolId: number,
  kind: ListingKind,
  at: Date,
  onlyIfChanged = false,
) => db.run(asDrizzleSql(listingEventStatement(schoolId, kind, at, onlyIfChanged)));

/**
 * Counts a page view or a calendar download: in this copy's tally, written within seconds
 * (see tally.ts), so a page served from memory stays free of statements.
 */
export function countListingEvent(db: Db, schoolId: number, kind: "view" | "calendar", at: Date): void {
  tallyListingEvent(db, schoolId, kind, utcDay(at));
}

/**
 * `POST /api/schools/{id}/seen {kind}`: a browser's count of a detail dialog opened or a
 * directions link followed. Anyone may send it (the pipeline has checked it is same-origin);
 * the page sends each at most once per load and the day's count is capped, so a script
 * can raise one school's day by a bounded amount and learn nothing.
 */
export async function recordBeacon(db: Db, schoolId: number, kind: BeaconKind, at: Date) {
  const result = await db.$client.execute(listingEventStatement(schoolId, kind, at));
  // Nothing written: the day's cap, or no such school (asked only then).
  if (result.rowsAffected === 0 && !(await schoolExists(db, schoolId))) {
    throw new HttpError(404, listingActivityTexts.schoolNotFound);
  }
}

const zeroWeek = (start: string): ListingWeek => ({
  start,
  ...(Object.fromEntries(listingKinds.map((kind) => [kind, 0])) as Record<ListingKind, number>),
});

/** The Monday (UTC) of the week `at` falls in, at midnight. */
export function mondayOf(at: Date): Date {
  const midnight = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  // getUTCDay: 0 = Sunday; Monday is 1, so Sunday goes back 6 days.
  const back = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - back * DAY_MS);
}

/**
 * `GET /api/schools/{id}/stats`: per week (from Monday, UTC) for the last 12 weeks, the
 * current one last, each kind's total, weeks with nothing as zeros.
 */
export async function listingStats(
  db: Db,
  viewer: PolicyViewer,
  schoolId: number,
  now: Date,
): Promise<ListingStats> {
  await requireSchool(db, viewer, "school.stats.read", schoolId, listingActivityTexts.schoolNotFound);
  // This copy's own tally first, so what was just viewed here is in the answer.
  await flushListingTally(db);
  const first = mondayOf(now).getTime() - (STATS_WEEKS - 1) * 7 * DAY_MS;
  const weeks = Array.from({ length: STATS_WEEKS }, (_, i) =>
    zeroWeek(utcDay(new Date(first + i * 7 * DAY_MS))),
  );
  for (const row of await dailyCountsSince(db, schoolId, utcDay(new Date(first)))) {
    const week = weeks[Math.floor((Date.parse(`${row.day}T00:00:00Z`) - first) / (7 * DAY_MS))];
    // A day after today (another copy's clock) has no week here.
    if (week) week[row.kind] += row.count;
  }
  return { weeks };
}
