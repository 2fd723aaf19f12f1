import { localDateAt } from "../../../common/schedule/open-now";
import type { Db } from "../../../db/client";
import { seededRandom } from "../../../db/seed/random";
import { HttpError } from "../../http/errors";
import type { Storage } from "../../storage";
import { createCheckin } from "../checkins/service";
import { attachPhotos, savePostPhoto } from "../posts/service";
import { bumpSchoolsVersionIfChanged } from "../schools/service";
import { demoPhoto } from "./images";
import { DEMO_EMAIL_DOMAIN, DEMO_MEMBERS } from "./members";
import { DAY_MS, type DemoEvent, followGraph, likes, type Person, settle, timeline } from "./plan";
import * as q from "./queries";
import { addDemoRatings } from "./ratings";
import { removeDemoCommunity } from "./remove";

export interface DemoCommunityDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
}

export interface DemoCommunitySummary {
  /** How long loading took, for the start-up log. */
  ms?: number;
  members: number;
  follows: number;
  posts: number;
  photos: number;
  checkins: number;
  likes: number;
  /** Ratings of gyms the raters checked in at (issue 22). */
  ratings: number;
}

const DEMO_COMMUNITY_SEED = 20_240_611;
/** Members are spread over the cities with the most demo open mats. */
const CITY_COUNT = 5;
/**
 * Not a hash any password can match: `Bun.password.verify` refuses it as malformed, so
 * sign-in fails as it does for a wrong password, and nothing reveals a demo account.
 */
export const UNUSABLE_PASSWORD_HASH = "!demo-member-no-password";

const HOUR_MS = 3_600_000;
const emailOf = (username: string) => `${username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`;

/**
 * Loads the demo community once per database, into the demo schools' busiest cities:
 * members, follows, three weeks of posts (some with photos) and check-ins, likes, and a few
 * ratings of gyms they checked in at.
 * Nothing is loaded when there are no demo schools (removed, or a database seeded
 * otherwise); the mark is set then too, so the community never arrives later on its own.
 * A start that stopped half way (the member list written, no mark) is cleaned up and done
 * again.
 */
export async function seedDemoCommunityOnce(deps: DemoCommunityDeps): Promise<DemoCommunitySummary | null> {
  const { db } = deps;
  if (await q.readMeta(db, q.SEEDED_KEY)) return null;
  if (await q.readMeta(db, q.MEMBERS_KEY)) await removeDemoCommunity(deps);
  const started = performance.now();
  const cities = await q.demoGymsByCity(db, CITY_COUNT);
  const summary = cities.length
    ? { ...(await seed(deps, cities)), ms: Math.round(performance.now() - started) }
    : null;
  await q.writeMeta(db, q.SEEDED_KEY, deps.now().toISOString());
  return summary;
}

async function seed(deps: DemoCommunityDeps, cities: q.DemoGym[][]): Promise<DemoCommunitySummary> {
  const { db } = deps;
  const now = deps.now();
  const r = seededRandom(DEMO_COMMUNITY_SEED);
  // A real member may already hold one of the names; that demo member stays out.
  const taken = await q.takenUsernames(
    db,
    DEMO_MEMBERS.map((m) => m.username),
  );
  const cast = settle(
    r,
    DEMO_MEMBERS.filter((m) => !taken.has(m.username.toLowerCase())),
    cities,
  );
  const joined = now.getTime() - 120 * DAY_MS;
  const inserted = await q.insertMembers(
    db,
    cast.map((m) => ({
      username: m.username,
      email: emailOf(m.username),
      passwordHash: UNUSABLE_PASSWORD_HASH,
      beltLevel: m.belt,
      aboutMe: m.aboutMe,
      city: `${m.home.city}, ${m.home.state}`,
      homeGym: m.home.gym,
      createdAt: new Date(joined + r.int(0, 90) * DAY_MS),
    })),
  );
  await q.writeMeta(db, q.MEMBERS_KEY, JSON.stringify(inserted.map((m) => m.id)));
  const people: Person[] = cast.map((m, i) => ({ ...m, id: (inserted[i] as { id: number }).id }));
  const pairs = followGraph(r, people);
  await db.batch([
    q.settingsInsert(
      db,
      people.map((p) => ({
        userId: p.id,
        showBeltLevel: p.shares.includes("belt"),
        showAboutMe: p.shares.includes("about"),
        showCity: p.shares.includes("city"),
        showHomeGym: p.shares.includes("gym"),
        showBadgeCount: p.shares.includes("badges"),
      })),
    ),
    q.followsInsert(
      db,
      pairs.map(([a, b]) => ({
        followerId: a.id,
        followingId: b.id,
        // After everyone joined (30 to 120 days ago) and before the posts.
        createdAt: new Date(now.getTime() - r.int(22 * 24, 29 * 24) * HOUR_MS),
      })),
    ),
  ]);
  await addDemoOwners(db, people, now);
  const events = timeline(r, people, cities, now);
  const written = await writeTimeline(deps, events);
  const cards = await q.cardsOf(
    db,
    people.map((p) => p.id),
  );
  const liked = likes(r, [...written.posts, ...cards], people, pairs, now);
  for (let i = 0; i < liked.length; i += 500) await q.likesInsert(db, liked.slice(i, i + 500));
  // Its own generator: the community above is the same with or without the ratings.
  const ratings = await addDemoRatings(db, events, now, DEMO_COMMUNITY_SEED + 2);
  return {
    members: people.length,
    follows: pairs.length,
    posts: written.posts.length,
    photos: written.photos,
    checkins: written.checkins,
    likes: liked.length,
    ratings,
  };
}

/** Demo owners: at most this many coaches keep their home gym's listing. */
const DEMO_OWNERS = 2;

/**
 * Fictional owners (issue 21): the first known black belts (or coral), each at a gym of their
 * own, keep their home gym's listing, and its schedule reads as updated by the gym a few days
 * ago; so a fresh start shows an owned gym and its provenance line.
 */
async function addDemoOwners(db: Db, people: Person[], now: Date) {
  const owners: Person[] = [];
  for (const p of people) {
    const coach = p.known && (p.belt === "Black Belt" || p.belt === "Coral Belt");
    if (coach && !owners.some((o) => o.home.id === p.home.id)) owners.push(p);
    if (owners.length === DEMO_OWNERS) break;
  }
  if (!owners.length) return;
  const since = new Date(now.getTime() - 20 * DAY_MS);
  await db.batch([
    q.ownersInsert(
      db,
      owners.map((o) => ({ schoolId: o.home.id, userId: o.id, createdAt: since })),
    ),
    q.updatedByGym(
      db,
      owners.map((o) => o.home.id),
      new Date(now.getTime() - 3 * DAY_MS),
    ),
    bumpSchoolsVersionIfChanged(db),
  ]);
}

/**
 * Writes the events in the order they happened, so post ids rise with time as they do for
 * real ones: the posts between two check-ins as one INSERT, each check-in through the
 * check-ins service (which judges it, awards badges and confirms the listing as for
 * anyone). The pictures are made and stored while the rows go in.
 */
async function writeTimeline(deps: DemoCommunityDeps, events: DemoEvent[]) {
  const { db } = deps;
  const r = seededRandom(DEMO_COMMUNITY_SEED + 1);
  const posts: {
    id: number;
    userId: number;
    visibility: "Private" | "Friends" | "Public";
    createdAt: Date;
  }[] = [];
  const withPhotos: { postId: number; author: Person; paths: Promise<string[]> }[] = [];
  let pending: Extract<DemoEvent, { kind: "post" }>[] = [];
  let checkins = 0;
  const days = new Set<string>();
  const flush = async () => {
    if (!pending.length) return;
    const rows = pending.map((e) => ({
      userId: e.author.id,
      content: e.content,
      visibility: e.visibility,
      createdAt: e.at,
    }));
    const ids = await q.insertPosts(db, rows);
    pending.forEach((e, i) => {
      const id = (ids[i] as { id: number }).id;
      posts.push({ id, userId: e.author.id, visibility: e.visibility, createdAt: e.at });
      if (!e.photos.length) return;
      const paths = store(e);
      paths.catch(() => {}); // awaited below; this only keeps an early failure from being "unhandled"
      withPhotos.push({ postId: id, author: e.author, paths });
    });
    pending = [];
  };
  // Each picture is painted here, in order (so the same seed paints the same ones); its
  // encoding and storing run on Bun's threads while the next rows are written.
  const store = (e: Extract<DemoEvent, { kind: "post" }>) =>
    Promise.all(
      e.photos.map((theme) => savePostPhoto({ ...deps, now: () => e.at }, e.author.id, demoPhoto(r, theme))),
    );
  for (const event of events) {
    if (event.kind === "post") {
      pending.push(event);
      continue;
    }
    const key = `${event.author.id}:${event.gym.id}:${localDateAt(event.at, event.gym.timeZone)}`;
    if (days.has(key)) continue;
    days.add(key);
    await flush();
    const { gym } = event;
    try {
      await createCheckin(
        db,
        event.author.id,
        { schoolId: gym.id, latitude: gym.latitude, longitude: gym.longitude },
        event.at,
        // History, not a member's request: no limit counts it.
        null,
      );
      checkins++;
    } catch (error) {
      // A time the check-in rules judge otherwise (a clock change at the gym): leave it out.
      if (!(error instanceof HttpError)) throw error;
    }
  }
  await flush();
  let photos = 0;
  for (const post of withPhotos) {
    const paths = await post.paths;
    await attachPhotos(db, post.author.id, post.postId, paths);
    photos += paths.length;
  }
  return { posts, photos, checkins };
}
