/**
 * What a member's calendar address shows: the sessions of their saved gyms, each gym's
 * events as its own .ics has them (the schools builder: RRULEs in the gym's TZID, a
 * cancellation an EXDATE, a move an event of its own), and the open mats they are going to.
 * One they are going to at a saved gym is marked "Going:" inside its series (an override
 * with the series' UID and a RECURRENCE-ID), so it shows once; one at a gym they have not
 * saved is an event of its own, and a cancelled one stays, marked cancelled
 * (STATUS:CANCELLED), so they learn of it. Nothing in it names the member.
 */
import { type ICalCalendar, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import { expandOccurrences, MOVE_REACH_DAYS, type Occurrence } from "../../../common/schedule/occurrences";
import { localDateAt } from "../../../common/schedule/open-now";
import type { SchoolView } from "../../../common/schemas/school";
import type { Db } from "../../../db/client";
import { FAVORITES_PAGE, favoriteIds, listFavorites } from "../favorites/service";
import { addDays } from "../schedule-exceptions/service";
import { addSchoolEvents, GOING, getSchool, icsLine, newCalendar } from "../schools/service";
import { goingSince } from "./queries";

/** The most saved gyms one calendar lists (the newest saved): calendar apps slow down on larger files. */
export const CALENDAR_MAX_GYMS = 200;
/** The most occurrences-to-go one calendar lists, soonest first. */
const MAX_GOING = 500;
/** How far before now a going row is read: a day and a half covers "today" in every zone. */
const GOING_LOOKBACK_MS = 36 * 3_600_000;
/** What calendar apps are told about how often to fetch again (X-PUBLISHED-TTL, REFRESH-INTERVAL). */
const REFRESH_SECONDS = 3600;
const DEFAULT_LENGTH_MINUTES = 120;

export const CALENDAR_NAME = "OpenMat: my open mats";

interface Deps {
  db: Db;
  now: () => Date;
  publicUrl: string;
}

/** The member's saved gyms, newest saved first, at most CALENDAR_MAX_GYMS, read through the favourites' pages. */
async function savedGyms(db: Db, userId: number): Promise<SchoolView[]> {
  const gyms: SchoolView[] = [];
  for (let offset = 0; offset < CALENDAR_MAX_GYMS; offset += FAVORITES_PAGE.max) {
    const limit = Math.min(FAVORITES_PAGE.max, CALENDAR_MAX_GYMS - offset);
    const { items, total } = await listFavorites(db, userId, { limit, offset });
    for (const item of items) if (item.school) gyms.push(item.school);
    if (offset + items.length >= total || items.length < limit) break;
  }
  return gyms;
}

/** The occurrence with this key (its own slot), wherever an exception moved it. */
function occurrenceOf(school: SchoolView, key: string, date: string): Occurrence | undefined {
  const exceptions = school.exceptions ?? [];
  const reach = exceptions.some((e) => e.moveTo) ? MOVE_REACH_DAYS : 0;
  return expandOccurrences(
    school.sessions,
    exceptions,
    school.timeZone,
    addDays(date, -reach),
    addDays(date, reach),
  ).find((o) => o.key === key);
}

/** An open mat they are going to at a gym they have not saved: an event of its own. */
function addGoingEvent(
  calendar: ICalCalendar,
  school: SchoolView,
  o: Occurrence,
  publicUrl: string,
  stamp: Date,
) {
  if (!o.startsAt) return;
  const zone = school.timeZone;
  const pageUrl = icsLine(`${publicUrl}/schools/${encodeURIComponent(school.slug)}`);
  const gym = icsLine(school.gym);
  const start = DateTime.fromISO(o.startsAt, { zone });
  const end = o.endsAt
    ? DateTime.fromISO(o.endsAt, { zone })
    : start.plus({ minutes: DEFAULT_LENGTH_MINUTES });
  const notes = o.notes.length ? ` (${icsLine(o.notes.join(", "))})` : "";
  const cancelled = o.status === "cancelled";
  const reason = o.reason ? icsLine(o.reason) : "";
  calendar.createEvent({
    id: `going-${school.id}-${o.key.replace("@", "-")}@openmat`,
    timezone: zone,
    start,
    end,
    stamp: DateTime.fromJSDate(stamp, { zone: "utc" }),
    summary: `${cancelled ? "Cancelled:" : GOING} Open mat at ${gym}${notes}`,
    location: `${gym}, ${icsLine(school.address)}`,
    url: pageUrl,
    ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    description: [
      cancelled
        ? `The gym cancelled this open mat${reason ? `: ${reason}` : ""}.`
        : "You're going to this open mat.",
      o.movedFrom && !cancelled && reason ? `Moved: ${reason}.` : "",
      pageUrl,
    ]
      .filter(Boolean)
      .join("\n"),
  });
}

export type GoingRow = Awaited<ReturnType<typeof goingSince>>[number];

/** What a calendar is made of, besides the schools: the saved gyms' ids (newest first) and the rows of going. */
export async function calendarInputs(db: Db, userId: number, now: Date) {
  const [savedIds, going] = await Promise.all([
    favoriteIds(db, userId),
    goingSince(db, userId, new Date(now.getTime() - GOING_LOOKBACK_MS), MAX_GOING),
  ]);
  return { savedIds: savedIds.slice(0, CALENDAR_MAX_GYMS), going };
}

/** The UTC day an instant is in, as every event's DTSTAMP (and a part of what the body depends on). */
export const stampOf = (now: Date) => new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);

/**
 * The member's calendar as iCalendar text, with the zones of its gyms (whose "today" it
 * depends on). Every event's DTSTAMP is the start of the UTC day, so the body (and its
 * ETag) stays the same between polls until something in it changes.
 */
export async function calendarBody(
  deps: Deps,
  userId: number,
  going: readonly GoingRow[],
): Promise<{ body: string; zones: string[] }> {
  const { db, publicUrl } = deps;
  const now = deps.now();
  const saved = await savedGyms(db, userId);
  const zones = new Set(saved.map((s) => s.timeZone));
  const stamp = stampOf(now);
  const calendar = newCalendar(CALENDAR_NAME);
  calendar.ttl(REFRESH_SECONDS);
  const goingBySchool = Map.groupBy(going, (g) => g.schoolId);
  const keysOf = (schoolId: number) =>
    new Set((goingBySchool.get(schoolId) ?? []).map((g) => `${g.date}@${g.startMinute}`));
  const savedIds = new Set<number>();
  for (const school of saved) {
    savedIds.add(school.id);
    addSchoolEvents(calendar, school, publicUrl, now, { going: keysOf(school.id), stamp });
  }
  for (const [schoolId, rows] of goingBySchool) {
    if (savedIds.has(schoolId)) continue;
    const school = await getSchool(db, schoolId);
    if (!school) continue;
    zones.add(school.timeZone);
    const today = localDateAt(now, school.timeZone);
    for (const row of rows) {
      const o = occurrenceOf(school, `${row.date}@${row.startMinute}`, row.date);
      if (o && o.date >= today) addGoingEvent(calendar, school, o, publicUrl, stamp);
    }
  }
  return { body: calendar.toString(), zones: [...zones].sort() };
}
