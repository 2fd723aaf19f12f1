import { and, count, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  appMeta,
  checkins,
  follows,
  openMatSessions,
  postLikes,
  postPhotos,
  posts,
  schoolOwners,
  schoolRatings,
  schools,
  userSettings,
  users,
} from "../../../db/schema";
import { DEMO_EMAIL_DOMAIN } from "./members";

/** Set once the community was loaded (or found nothing to load into); it stays after removal. */
export const SEEDED_KEY = "demo_community_seeded_at";
/** The demo members' ids as a JSON array, written as soon as they exist. */
export const MEMBERS_KEY = "demo_community_members";

export const readMeta = async (db: Db, key: string) =>
  (await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)))[0]?.value ?? null;

export const writeMeta = (db: Db, key: string, value: string) =>
  db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });

export const deleteMeta = (db: Db, key: string) => db.delete(appMeta).where(eq(appMeta.key, key));

export interface DemoGym {
  id: number;
  gym: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  sessions: { weekday: number; startMinute: number }[];
}

/**
 * The demo schools of the `cityCount` cities with the most demo schools that list an open
 * mat, with their sessions: the community lives there. Two queries.
 */
export async function demoGymsByCity(db: Db, cityCount: number): Promise<DemoGym[][]> {
  const cities = await db
    .select({ city: schools.city, state: schools.state })
    .from(schools)
    .where(
      and(
        eq(schools.isDemo, true),
        sql`EXISTS (SELECT 1 FROM ${openMatSessions} WHERE school_id = ${schools.id})`,
      ),
    )
    .groupBy(schools.city, schools.state)
    .having(sql`count(*) >= 3`)
    .orderBy(sql`count(*) DESC`, schools.state, schools.city)
    .limit(cityCount);
  if (!cities.length) return [];
  const rows = await db
    .select({
      id: schools.id,
      gym: schools.gym,
      city: schools.city,
      state: schools.state,
      latitude: schools.latitude,
      longitude: schools.longitude,
      timeZone: schools.timeZone,
      weekday: openMatSessions.weekday,
      startMinute: openMatSessions.startMinute,
    })
    .from(schools)
    .innerJoin(openMatSessions, eq(openMatSessions.schoolId, schools.id))
    .where(
      and(
        eq(schools.isDemo, true),
        or(...cities.map((c) => and(eq(schools.city, c.city), eq(schools.state, c.state)))),
      ),
    )
    .orderBy(schools.id, openMatSessions.weekday, openMatSessions.startMinute);
  const byId = new Map<number, DemoGym>();
  for (const { weekday, startMinute, ...school } of rows) {
    const gym = byId.get(school.id) ?? { ...school, sessions: [] };
    gym.sessions.push({ weekday, startMinute });
    byId.set(school.id, gym);
  }
  return cities.map((c) => [...byId.values()].filter((g) => g.city === c.city && g.state === c.state));
}

export async function takenUsernames(db: Db, names: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        names.map((n) => n.toLowerCase()),
      ),
    );
  return new Set(rows.map((r) => r.name));
}

export const insertMembers = (db: Db, rows: (typeof users.$inferInsert)[]) =>
  db.insert(users).values(rows).returning({ id: users.id, username: users.username });

export const settingsInsert = (db: Db, rows: (typeof userSettings.$inferInsert)[]) =>
  db.insert(userSettings).values(rows);

export const followsInsert = (db: Db, rows: (typeof follows.$inferInsert)[]) =>
  db.insert(follows).values(rows).onConflictDoNothing();

/** Demo coaches who keep their home gym's listing (issue 21); they go with their members by cascade. */
export const ownersInsert = (db: Db, rows: (typeof schoolOwners.$inferInsert)[]) =>
  db.insert(schoolOwners).values(rows).onConflictDoNothing();

/** An owned demo gym's schedule is the gym's own, updated `at` (the provenance line says so). */
export const updatedByGym = (db: Db, schoolIds: number[], at: Date) =>
  db
    .update(schools)
    .set({ scheduleSource: "gym", scheduleSourceAt: at })
    .where(and(inArray(schools.id, schoolIds), eq(schools.isDemo, true)));

/** The posts go in as one statement; ids come back in the order given. */
export const insertPosts = (db: Db, rows: (typeof posts.$inferInsert)[]) =>
  db.insert(posts).values(rows).returning({ id: posts.id });

/** The activity cards the check-ins made, with their authors, for the likes. */
export const cardsOf = (db: Db, userIds: number[]) =>
  db
    .select({ id: posts.id, userId: posts.userId, visibility: posts.visibility, createdAt: posts.createdAt })
    .from(posts)
    .where(and(inArray(posts.userId, userIds), eq(posts.kind, "checkin")));

export const likesInsert = (db: Db, rows: (typeof postLikes.$inferInsert)[]) =>
  db.insert(postLikes).values(rows).onConflictDoNothing();

/** The listed ids that are still demo members: both the list and the reserved domain must agree. */
export async function demoMemberIds(db: Db, listed: number[]): Promise<number[]> {
  if (!listed.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, listed), like(users.email, `%@${DEMO_EMAIL_DOMAIN}`)));
  return rows.map((r) => r.id);
}

/** What removing these members takes with it, counted before it goes. */
export async function contentCounts(db: Db, ids: number[]) {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [postCount, photoCount, likeCount, followCount, checkinCount] = await Promise.all([
    n(db.select({ n: count() }).from(posts).where(inArray(posts.userId, ids))),
    n(db.select({ n: count() }).from(postPhotos).where(inArray(postPhotos.userId, ids))),
    n(
      db
        .select({ n: count() })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .where(or(inArray(postLikes.userId, ids), inArray(posts.userId, ids))),
    ),
    n(
      db
        .select({ n: count() })
        .from(follows)
        .where(or(inArray(follows.followerId, ids), inArray(follows.followingId, ids))),
    ),
    n(db.select({ n: count() }).from(checkins).where(inArray(checkins.userId, ids))),
  ]);
  return {
    posts: postCount,
    photos: photoCount,
    likes: likeCount,
    follows: followCount,
    checkins: checkinCount,
  };
}

/** Removes the members; their posts, photos' rows, likes, follows, check-ins and sessions go by cascade. */
export const deleteMembers = (db: Db, ids: number[]) => db.delete(users).where(inArray(users.id, ids));

/** The demo members among `ids` who rated a gym. */
export const ratersAmong = async (db: Db, ids: readonly number[]) =>
  ids.length
    ? (
        await db
          .selectDistinct({ userId: schoolRatings.userId })
          .from(schoolRatings)
          .where(inArray(schoolRatings.userId, [...ids]))
          .orderBy(schoolRatings.userId)
      ).map((r) => r.userId)
    : [];

/** One member's ratings, as a statement for the batch that makes their schools' ratings again. */
export const deleteRatingsOf = (db: Db, userId: number) =>
  db.delete(schoolRatings).where(eq(schoolRatings.userId, userId));
