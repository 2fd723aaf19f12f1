import type { ScheduleException } from "../../../common/schedule/occurrences";
import { localDateAt, sessionIn, windowCandidates } from "../../../common/schedule/open-now";
import type { Ordinal, Session, Weekday } from "../../../common/schedule/types";
import type { Db } from "../../../db/client";
import { exceptionsBySchool, perSchoolsVersion } from "../schools/service";
import { schoolWithSessions } from "./queries";

/** A school as a check-in is judged against it: where it is, its zone and its sessions. */
export interface CheckinListing {
  school: NonNullable<Awaited<ReturnType<typeof schoolWithSessions>>>["school"];
  sessions: readonly (Session & { id: number })[];
}

type Read = NonNullable<Awaited<ReturnType<typeof schoolWithSessions>>>;

function listingOf({ school, sessions }: Read): CheckinListing {
  return {
    school,
    sessions: sessions.map((r) => ({
      id: r.id,
      weekday: r.weekday as Weekday,
      start: r.start,
      end: null,
      notes: [],
      ...(r.ordinals ? { ordinals: JSON.parse(r.ordinals) as Ordinal[] } : {}),
      ...(r.date ? { date: r.date } : {}),
      ...(r.from ? { from: r.from } : {}),
      ...(r.until ? { until: r.until } : {}),
    })),
  };
}

// Bounds memory on a copy with many schools: beyond it the kept listings start over.
const LISTINGS_KEPT = 4096;
const listingsByDb = new WeakMap<Db, () => Promise<Map<number, Promise<CheckinListing | undefined>>>>();

/**
 * The school's listing, read once per schools version: a school's place, zone, sessions and
 * exceptions all move that version, on this copy at once and on others within a second. An
 * open mat draws its check-ins together, and each of them would read the same rows.
 */
export async function checkinListing(db: Db, schoolId: number): Promise<CheckinListing | undefined> {
  let listings = listingsByDb.get(db);
  if (!listings) {
    listings = perSchoolsVersion(db, async () => new Map());
    listingsByDb.set(db, listings);
  }
  const kept = await listings();
  let listing = kept.get(schoolId);
  if (!listing) {
    if (kept.size >= LISTINGS_KEPT) kept.clear();
    const read = schoolWithSessions(db, schoolId).then((row) => (row ? listingOf(row) : undefined));
    kept.set(schoolId, read);
    // A failed read is not kept: the next check-in reads again.
    read.catch(() => {
      if (kept.get(schoolId) === read) kept.delete(schoolId);
    });
    listing = read;
  }
  return listing;
}

const NO_EXCEPTIONS: readonly ScheduleException[] = Object.freeze([]);

interface KeptWindow {
  minute: number;
  exceptions: readonly ScheduleException[];
  localDate: string;
  candidates: ReturnType<typeof windowCandidates<CheckinListing["sessions"][number]>>;
}
const windows = new WeakMap<CheckinListing, KeptWindow>();

/**
 * The gym's local date at `now` and its session whose check-in window holds `now` (null when
 * none does: a cancelled open mat or a closed day has no window). The schedule is expanded
 * once per listing and minute (both depend on `now` only through the gym's date); the window
 * itself is judged at the exact instant.
 */
export async function windowAt(db: Db, listing: CheckinListing, now: Date) {
  const exceptions = (await exceptionsBySchool(db)).get(listing.school.id) ?? NO_EXCEPTIONS;
  const minute = Math.floor(now.getTime() / 60_000);
  let kept = windows.get(listing);
  if (!kept || kept.minute !== minute || kept.exceptions !== exceptions) {
    const zone = listing.school.timeZone;
    kept = {
      minute,
      exceptions,
      localDate: localDateAt(now, zone),
      candidates: windowCandidates(listing.sessions, zone, now, exceptions),
    };
    windows.set(listing, kept);
  }
  return { localDate: kept.localDate, open: sessionIn(kept.candidates, now) };
}
