/**
 * Demo ratings (issue 22): demo schools carry no imported rating, so a fresh start would show
 * none. A few demo members rate gyms where they have a verified check-in, through the ratings
 * service as any member does (it checks the visit and makes the school's rating and review
 * count again), each a few hours after that visit. A seeded generator of its own picks who,
 * so the rest of the community is the same with or without them.
 *
 * Removal (`removeDemoRatings`) takes each demo member's ratings out with their school's
 * rating made again without them, before the members go, as an account's deletion does.
 */
import type { Db } from "../../../db/client";
import { type Random, seededRandom } from "../../../db/seed/random";
import { HttpError } from "../../http/errors";
import { forgetMemberRatings, setRating } from "../ratings/service";
import type { DemoEvent } from "./plan";
import * as q from "./queries";

/** At most this many demo ratings in all; a gym gets at most RATINGS_PER_GYM. */
export const DEMO_RATINGS_MAX = 14;
const RATINGS_PER_GYM = 3;
const HOUR_MS = 3_600_000;

const GOOD = [
  "Friendly room, clean mats and everyone was happy to roll with a visitor.",
  "Great open mat. Lots of belts, good pace, and the coach stuck around to answer questions.",
  "Welcoming crew. Signed a waiver at the desk and was rolling in five minutes.",
  "Solid rounds and no ego. Will drop in again next time I'm in town.",
  "Spacious mat, good air flow, and a nice mix of gi and no-gi.",
  "Came in from out of town and felt at home. Showers were clean too.",
];
const MIXED = [
  "Good training, but the open mat started twenty minutes late.",
  "Nice people. The mat gets crowded, so come early.",
  "Decent rolls; parking was hard to find in the evening.",
];

/** Mostly 4 and 5 stars, now and then a 3. */
const STARS = [5, 5, 5, 4, 4, 4, 3] as const;

interface Visit {
  userId: number;
  schoolId: number;
  at: Date;
}

/** The first check-in of each member at each gym, in the order they happened. */
function firstVisits(events: readonly DemoEvent[]): Visit[] {
  const seen = new Set<string>();
  const visits: Visit[] = [];
  for (const e of events) {
    if (e.kind !== "checkin") continue;
    const key = `${e.author.id}:${e.gym.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    visits.push({ userId: e.author.id, schoolId: e.gym.id, at: e.at });
  }
  return visits;
}

function ratingOf(r: Random) {
  const stars = r.pick(STARS);
  const review = r.chance(0.85) ? r.pick(stars === 3 ? MIXED : GOOD) : null;
  return { stars, review };
}

/**
 * Rates some of the gyms the demo members checked in at. A visit the check-in rules left out
 * (no verified check-in) is refused by the ratings service and passed over. Answers how many.
 */
export async function addDemoRatings(db: Db, events: readonly DemoEvent[], now: Date, seed: number) {
  const r = seededRandom(seed);
  const perGym = new Map<number, number>();
  let added = 0;
  for (const visit of firstVisits(events)) {
    if (added === DEMO_RATINGS_MAX) break;
    if (!r.chance(0.25) || (perGym.get(visit.schoolId) ?? 0) >= RATINGS_PER_GYM) continue;
    const at = new Date(Math.min(visit.at.getTime() + r.int(2, 30) * HOUR_MS, now.getTime() - HOUR_MS));
    const { stars, review } = ratingOf(r);
    try {
      await setRating({ db, now: () => at }, { kind: "member", id: visit.userId }, visit.schoolId, {
        stars,
        review,
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      continue;
    }
    perGym.set(visit.schoolId, (perGym.get(visit.schoolId) ?? 0) + 1);
    added++;
  }
  return added;
}

/**
 * The demo members' ratings, each member's with their schools' ratings made again without
 * them (one member at a time, so a school two of them rated ends with neither). Answers how
 * many went.
 */
export async function removeDemoRatings(db: Db, ids: readonly number[]) {
  let removed = 0;
  for (const id of await q.ratersAmong(db, ids)) {
    const [, , gone] = await db.batch([...forgetMemberRatings(db, id), q.deleteRatingsOf(db, id)]);
    removed += gone.rowsAffected;
  }
  return removed;
}
