/**
 * The Tonight view (issue 22): open mats near a point that start within TONIGHT_HOURS,
 * soonest first, each with how many are going. The schools come from the spatial index
 * (the radius search's, per schools version); each school's occurrences for its local today
 * and tomorrow are expanded once per schools version and local day and kept, and the list
 * near a point is kept for the minute, so a request costs a filter by time and one statement
 * for the counts (none when nothing is listed).
 */
import { distanceMiles } from "../../../common/geo";
import { SEARCH_RADIUS_MILES } from "../../../common/home";
import { expandOccurrences } from "../../../common/schedule/occurrences";
import { localDateAt } from "../../../common/schedule/open-now";
import { type Slot, slotOf, TONIGHT_HOURS, type TonightItem } from "../../../common/schemas/going";
import type { SchoolView } from "../../../common/schemas/school";
import type { Db } from "../../../db/client";
import { currentSchoolsVersion, withinRadius } from "../schools/service";
import { countsOfSlots } from "./queries";

/** The most open mats one answer lists. */
export const TONIGHT_MAX = 100;
const HOUR_MS = 3_600_000;
/** Schools whose next two days one copy keeps per schools version. */
const KEPT_MAX = 20_000;
/** Points whose list of the coming minute one copy keeps (the home screen asks from a few places all day). */
const NEAR_MAX = 1_000;
const MINUTE_MS = 60_000;

interface Upcoming {
  slot: Slot;
  start: number;
  end: number | null;
  startsAt: string;
  at: number;
  notes: string[];
}

type Listed = Omit<TonightItem, "goingCount" | "viewerGoing"> & { at: number };

interface Kept {
  version?: string;
  bySchool: Map<number, { today: string; upcoming: Upcoming[] }>;
  /** Per point asked about (rounded): what starts from that minute on, for a minute. */
  near: Map<string, { minute: number; listed: Listed[] }>;
}

const keptByDb = new WeakMap<Db, Kept>();

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A school's scheduled open mats on its local `today` and the day after (the next 6 hours lie in them). */
function upcomingOf(school: SchoolView, today: string): Upcoming[] {
  const out: Upcoming[] = [];
  for (const o of expandOccurrences(
    school.sessions,
    school.exceptions ?? [],
    school.timeZone,
    today,
    nextDay(today),
  )) {
    const slot = slotOf(o);
    if (o.status !== "scheduled" || o.start === null || o.startsAt === null || !slot) continue;
    const at = Date.parse(o.startsAt);
    out.push({ slot, start: o.start, end: o.end, startsAt: o.startsAt, at, notes: o.notes });
  }
  return out;
}

async function keptFor(db: Db): Promise<Kept> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = { bySchool: new Map(), near: new Map() };
    keptByDb.set(db, kept);
  }
  const version = await currentSchoolsVersion(db);
  if (kept.version !== version) {
    kept.version = version;
    kept.bySchool.clear();
    kept.near.clear();
  }
  return kept;
}

/** The open mats near `center` starting after `from` and at most TONIGHT_HOURS and a minute later, soonest first. */
async function listedNear(
  db: Db,
  kept: Kept,
  center: { latitude: number; longitude: number },
  from: number,
): Promise<Listed[]> {
  const schools = await withinRadius(db, center, SEARCH_RADIUS_MILES);
  const until = from + MINUTE_MS + TONIGHT_HOURS * HOUR_MS;
  const todayIn = new Map<string, string>();
  const found: Listed[] = [];
  for (const school of schools) {
    let today = todayIn.get(school.timeZone);
    if (!today) {
      today = localDateAt(new Date(from), school.timeZone);
      todayIn.set(school.timeZone, today);
    }
    let entry = kept.bySchool.get(school.id);
    if (entry?.today !== today) {
      entry = { today, upcoming: upcomingOf(school, today) };
      if (kept.bySchool.size >= KEPT_MAX) kept.bySchool.clear();
      kept.bySchool.set(school.id, entry);
    }
    for (const o of entry.upcoming) {
      if (o.at <= from || o.at > until) continue;
      const { id, gym, slug, city, state, timeZone } = school;
      const miles = distanceMiles(center.latitude, center.longitude, school.latitude, school.longitude);
      found.push({
        school: { id, gym, slug, city, state, timeZone },
        distance: Math.round(miles * 10) / 10,
        date: o.slot.date,
        startMinute: o.slot.startMinute,
        start: o.start,
        end: o.end,
        startsAt: o.startsAt,
        notes: o.notes,
        at: o.at,
      });
    }
  }
  return found.sort((a, b) => a.at - b.at || a.distance - b.distance);
}

/**
 * GET /api/schools/tonight: open mats within SEARCH_RADIUS_MILES of the point, starting after
 * `now` and within TONIGHT_HOURS, soonest first (then nearest), with how many are going and,
 * for a member, whether they are.
 */
export async function tonightNear(
  db: Db,
  center: { latitude: number; longitude: number },
  now: Date,
  viewerId: number | null = null,
): Promise<{ occurrences: TonightItem[] }> {
  const kept = await keptFor(db);
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const key = `${center.latitude},${center.longitude}`;
  let near = kept.near.get(key);
  if (near?.minute !== minute) {
    near = { minute, listed: await listedNear(db, kept, center, minute * MINUTE_MS) };
    if (kept.near.size >= NEAR_MAX) kept.near.delete(kept.near.keys().next().value as string);
    kept.near.set(key, near);
  }
  const until = now.getTime() + TONIGHT_HOURS * HOUR_MS;
  const listed = near.listed.filter((o) => o.at > now.getTime() && o.at <= until).slice(0, TONIGHT_MAX);
  const counts = await countsOfSlots(
    db,
    listed.map((o) => ({ schoolId: o.school.id, slot: { date: o.date, startMinute: o.startMinute } })),
    viewerId,
  );
  return {
    occurrences: listed.map(({ at: _, ...o }) => {
      const going = counts.get(`${o.school.id} ${o.date}@${o.startMinute}`);
      return {
        ...o,
        goingCount: going?.count ?? 0,
        ...(viewerId === null ? {} : { viewerGoing: going?.mine ?? false }),
      };
    }),
  };
}
