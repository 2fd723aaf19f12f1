import { instantOfWallClock, wallClockAt } from "../../../common/schedule/zoned-time";
import type { PostVisibility } from "../../../common/schemas/posts";
import type { Random } from "../../../db/seed/random";
import { type PhotoTheme, photoCaption, postText } from "./content";
import type { DemoMember } from "./members";
import type { DemoGym } from "./queries";

/**
 * The demo community as plain data, from a seeded generator: who lives where, who follows
 * whom, and three weeks of posts and check-ins in the order they happened. Nothing here
 * touches the database, so the same seed always plans the same community.
 */

export const DAY_MS = 86_400_000;
/** How far back the community's posts and check-ins go. */
export const HISTORY_DAYS = 21;
/** The most photos the whole community posts (each one is encoded at first start). */
export const PHOTOS_MAX = 6;

export interface Person extends DemoMember {
  id: number;
  city: number;
  home: DemoGym;
}

export type DemoEvent =
  | {
      kind: "post";
      author: Person;
      at: Date;
      content: string;
      visibility: PostVisibility;
      photos: PhotoTheme[];
    }
  | { kind: "checkin"; author: Person; at: Date; gym: DemoGym };

/** Each member lives in one of the cities, at a home gym there; cities get similar crowds. */
export function settle(r: Random, members: readonly DemoMember[], cities: DemoGym[][]) {
  return members.map((m, i) => {
    const city = i % cities.length;
    return { ...m, city, home: r.pick(cities[city] as DemoGym[]) };
  });
}

/**
 * Who follows whom: most of the people at one's own city's open mats, a few from
 * elsewhere, and the coaches and competitors from everywhere; a follow is often returned.
 */
export function followGraph(r: Random, people: Person[]): [Person, Person][] {
  const pairs = new Map<string, [Person, Person]>();
  const add = (a: Person, b: Person) => {
    if (a.id !== b.id) pairs.set(`${a.id}>${b.id}`, [a, b]);
  };
  for (const a of people) {
    for (const b of people) {
      const p = b.known ? 0.55 : a.city === b.city ? 0.45 : 0.04;
      if (r.chance(p)) add(a, b);
    }
  }
  for (const [a, b] of [...pairs.values()]) if (r.chance(0.5)) add(b, a);
  return [...pairs.values()];
}

/** A time in the last HISTORY_DAYS days, in US waking hours, at least an hour ago. */
function recent(r: Random, now: Date): Date {
  const day = Math.floor(now.getTime() / DAY_MS) - r.int(0, HISTORY_DAYS - 1);
  // 12:00 to 28:00 UTC is 7 am to 8 pm in Eastern time, 4 am to 5 pm in Pacific.
  const at = day * DAY_MS + r.int(12 * 60, 28 * 60) * 60_000;
  return new Date(Math.min(at, now.getTime() - 3_600_000 - r.int(0, 600) * 60_000));
}

/** An instant inside one of the gym's listed open mats on a recent day, or null. */
function duringOpenMat(r: Random, gym: DemoGym, now: Date): Date | null {
  const session = r.pick(gym.sessions);
  const first = r.int(1, HISTORY_DAYS - 7);
  for (let back = first; back < first + 7; back++) {
    const day = wallClockAt(new Date(now.getTime() - back * DAY_MS), gym.timeZone);
    if (day.weekday !== session.weekday) continue;
    const at = instantOfWallClock(day, 0, session.startMinute + r.int(5, 45), gym.timeZone);
    return at.getTime() < now.getTime() - 3_600_000 ? at : null;
  }
  return null;
}

function visibility(r: Random): PostVisibility {
  const roll = r.next();
  return roll < 0.75 ? "Public" : roll < 0.93 ? "Friends" : "Private";
}

const THEMES: PhotoTheme[] = ["mat", "sunset", "belt", "pattern"];

/** Everyone's posts and check-ins, oldest first. */
export function timeline(r: Random, people: Person[], cities: DemoGym[][], now: Date): DemoEvent[] {
  const events: DemoEvent[] = [];
  let photos = 0;
  const partnerOf = (p: Person) => r.pick(people.filter((o) => o.id !== p.id && o.city === p.city)) ?? p;
  const gymNear = (p: Person) => (r.chance(0.6) ? p.home : r.pick(cities[p.city] as DemoGym[]));
  for (const person of people) {
    const checkinCount = r.int(person.activity - 1, person.activity);
    for (let k = 0; k < checkinCount; k++) {
      const gym = r.chance(0.06) ? r.pick(r.pick(cities)) : gymNear(person);
      const at = duringOpenMat(r, gym, now);
      if (!at) continue;
      events.push({ kind: "checkin", author: person, at, gym });
      // Some write about it when they get home.
      if (r.chance(0.35) && at.getTime() + 3 * 3_600_000 < now.getTime()) {
        const ctx = { gym: gym.gym, city: gym.city, partner: partnerOf(person).username };
        events.push({
          kind: "post",
          author: person,
          at: new Date(at.getTime() + r.int(60, 180) * 60_000),
          content: postText(r, ctx),
          visibility: visibility(r),
          photos: [],
        });
      }
    }
    const postCount = r.int(person.activity * 2 - 1, person.activity * 2 + 1);
    for (let k = 0; k < postCount; k++) {
      const gym = gymNear(person);
      const ctx = { gym: gym.gym, city: gym.city, partner: partnerOf(person).username };
      const withPhotos = photos < PHOTOS_MAX && r.chance(0.1);
      const themes = withPhotos ? [r.pick(THEMES)] : [];
      while (withPhotos && photos + themes.length < PHOTOS_MAX && themes.length < 3 && r.chance(0.3)) {
        themes.push(r.pick(THEMES));
      }
      photos += themes.length;
      events.push({
        kind: "post",
        author: person,
        at: recent(r, now),
        content: themes[0] ? photoCaption(r, themes[0], ctx) : postText(r, ctx),
        visibility: themes.length ? "Public" : visibility(r),
        photos: themes,
      });
    }
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

export interface LikablePost {
  id: number;
  userId: number;
  visibility: PostVisibility;
  createdAt: Date;
}

/**
 * Who liked what: a member who sees a post in their feed (they follow its author, and a
 * Friends post only when the author follows them back) likes it now and then; a post
 * from a coach gets more. Private posts get none.
 */
export function likes(
  r: Random,
  posts: LikablePost[],
  people: Person[],
  followsPairs: [Person, Person][],
  now: Date,
): { postId: number; userId: number; createdAt: Date }[] {
  const follows = new Set(followsPairs.map(([a, b]) => `${a.id}>${b.id}`));
  const known = new Set(people.filter((p) => p.known).map((p) => p.id));
  const out: { postId: number; userId: number; createdAt: Date }[] = [];
  for (const post of posts) {
    if (post.visibility === "Private") continue;
    for (const fan of people) {
      if (fan.id === post.userId || !follows.has(`${fan.id}>${post.userId}`)) continue;
      if (post.visibility === "Friends" && !follows.has(`${post.userId}>${fan.id}`)) continue;
      if (!r.chance(known.has(post.userId) ? 0.5 : 0.3)) continue;
      const at = post.createdAt.getTime() + r.int(5, 20 * 60) * 60_000;
      out.push({ postId: post.id, userId: fan.id, createdAt: new Date(Math.min(at, now.getTime())) });
    }
  }
  return out;
}
