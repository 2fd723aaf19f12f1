/**
 * The member pages' one-statement loaders (issue 25) answer exactly what the separate
 * services answered for the same page, for every pair of viewer and member this sets up
 * (self, a follower, a stranger, each side of a block, an unknown id) under each set of
 * privacy flags: the policy stays the one judge, whichever way the rows are read.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { FEED_PAGE_SIZE } from "../../src/common/schemas/posts";
import * as badges from "../../src/server/features/badges/service";
import * as checkins from "../../src/server/features/checkins/service";
import { checkinsFromSql, checkinsSql } from "../../src/server/features/checkins/service";
import { savedGymSummaries } from "../../src/server/features/favorites/service";
import {
  type CheckinsPanel,
  communityFor,
  feedFor,
  feedPageData,
  postsOfUser,
} from "../../src/server/features/posts/service";

const CHECKINS_PANEL: CheckinsPanel = { sql: checkinsSql, read: checkinsFromSql };

import { getSettings } from "../../src/server/features/settings/service";
import { profilePageData, profileView } from "../../src/server/features/users/service";
import type { PolicyViewer } from "../../src/server/policy/viewer";
import { addSchool, insertVerifiedCheckins } from "../support/checkins";
import { registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
type Member = Awaited<ReturnType<typeof registerMember>>;
let owner: Member;
let follower: Member;
let stranger: Member;
let blocked: Member;
let newcomer: Member;

const db = () => t.app.context.database.db;
const client = () => t.app.context.database.client;
const asViewer = (m: Member): PolicyViewer & { id: number } => ({ kind: "member", id: m.id });
const now = new Date();

const send = async (method: string, path: string, body: unknown, m: Member) => {
  const res = await t.json(method, path, body, { cookie: m.cookie });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
};

beforeAll(async () => {
  t = await createTestApp();
  const members = await Promise.all(["own", "fol", "str", "blk", "new"].map((p) => registerMember(t, p)));
  [owner, follower, stranger, blocked, newcomer] = members as [Member, Member, Member, Member, Member];
  await send(
    "PATCH",
    "/api/users/profile",
    { beltLevel: "Blue Belt", aboutMe: "Hi", city: "Austin", homeGym: "Gym" },
    owner,
  );
  await send("POST", "/api/users/follow", { followingId: owner.id }, follower);
  await send("POST", "/api/users/follow", { followingId: follower.id }, owner);
  await send("POST", "/api/users/block", { userId: blocked.id }, owner);
  for (const visibility of ["Public", "Friends", "Private", "Public"]) {
    await send("POST", "/api/posts", { content: `a ${visibility} post`, visibility }, owner);
  }
  await send("POST", "/api/posts", { content: "the follower's post", visibility: "Friends" }, follower);
  const schools = await Promise.all([
    addSchool(t, { state: "NY" }),
    addSchool(t, { gym: "Zen Gym", state: "TX" }),
  ]);
  await insertVerifiedCheckins(
    t,
    owner.id,
    schools.map((s) => s.id),
  );
  await client().execute({
    sql: "INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified) VALUES (?, ?, ?, '2001-02-03', 0)",
    args: [owner.id, schools[0]?.id ?? 0, now.getTime() - 86_400_000 * 400],
  });
  for (const [i, s] of schools.entries()) {
    await client().execute({
      sql: "INSERT INTO favorites (user_id, school_id, created_at) VALUES (?, ?, ?)",
      args: [owner.id, s.id, 1000 + i],
    });
  }
  await badges.awardEarnedBadges(db(), owner.id, now);
});
afterAll(() => t.close());

/** Calls to the client (execute or batch: on sqld, one round trip each) while `run` runs. */
async function callsOf(run: () => Promise<unknown>) {
  const c = client();
  const { execute, batch } = c;
  let calls = 0;
  c.execute = ((...args: Parameters<typeof execute>) => {
    calls++;
    return execute.apply(c, args);
  }) as typeof execute;
  c.batch = ((...args: Parameters<typeof batch>) => {
    calls++;
    return batch.apply(c, args);
  }) as typeof batch;
  try {
    await run();
  } finally {
    c.execute = execute;
    c.batch = batch;
  }
  return calls;
}

/** The profile loader as page-routes.ts had it: the services one by one. */
async function before(viewer: PolicyViewer & { id: number }, userId: number) {
  const view = await profileView(db(), viewer, userId);
  if (!view) return null;
  const orNull = <T>(p: Promise<T>) => p.catch(() => null);
  const [awards, progress, activity, ownerSettings, posts] = await Promise.all([
    orNull(view.isOwner ? badges.myBadges(db(), userId) : badges.badgesOfUser(db(), viewer, userId)),
    view.isOwner ? orNull(badges.badgeProgress(db(), userId)) : null,
    orNull(
      view.isOwner
        ? checkins.myCheckins(db(), userId, now)
        : checkins.checkinsOfUser(db(), viewer, userId, now),
    ),
    view.isOwner ? getSettings(db(), userId) : null,
    orNull(postsOfUser(db(), viewer, userId, { limit: FEED_PAGE_SIZE, beforeId: undefined })),
  ]);
  return { view, ownerSettings, badges: { awards, progress }, activity, posts };
}

const flagSets: Record<string, Record<string, boolean>> = {
  "all shown": {
    showBeltLevel: true,
    showAboutMe: true,
    showCity: true,
    showHomeGym: true,
    showBadgeCount: true,
    showCheckInGymNames: true,
    showSavedGymNames: true,
    shareBadgeProgressPublic: true,
  },
  "all kept private": {
    showBeltLevel: false,
    showAboutMe: false,
    showCity: false,
    showHomeGym: false,
    showBadgeCount: false,
    showCheckInGymNames: false,
    showSavedGymNames: false,
    shareBadgeProgressPublic: false,
  },
};

describe("profilePageData", () => {
  it("answers as the services did, for every viewer, under the defaults and each set of flags", async () => {
    const viewers = () => [owner, follower, stranger, blocked, newcomer];
    const compare = async () => {
      for (const viewer of viewers()) {
        for (const userId of [owner.id, follower.id, blocked.id, 999_999]) {
          const expected = await before(asViewer(viewer), userId);
          const actual = await profilePageData(db(), asViewer(viewer), userId, now);
          expect({ viewer: viewer.id, userId, page: actual as unknown }).toEqual({
            viewer: viewer.id,
            userId,
            page: expected,
          });
        }
      }
    };
    await compare();
    for (const flags of Object.values(flagSets)) {
      await send("PATCH", "/api/settings", flags, owner);
      await compare();
    }
  });

  it("sees what the setup made: the owner's own page has everything, a blocked member's is not found", async () => {
    const own = await profilePageData(db(), asViewer(owner), owner.id, now);
    expect(own?.posts).toHaveLength(4);
    expect(own?.activity?.length).toBe(3);
    expect(own?.view.savedGyms?.map((g) => g.name)[0]).toBe("Zen Gym");
    expect(own?.badges.progress?.totalCheckins).toBe(2);
    expect(own?.badges.awards?.length).toBeGreaterThan(0);
    expect(await profilePageData(db(), asViewer(blocked), owner.id, now)).toBeNull();
    const strangers = await profilePageData(db(), asViewer(stranger), owner.id, now);
    expect(strangers?.posts?.map((p) => p.visibility)).toEqual(["Public", "Public"]);
  });

  it("reads the page in one statement", async () => {
    expect(await callsOf(() => profilePageData(db(), asViewer(follower), owner.id, now))).toBe(1);
  });
});

describe("feedPageData", () => {
  it("answers as the services did, and in one round trip when the feed has posts", async () => {
    for (const viewer of [owner, follower, newcomer]) {
      const v = asViewer(viewer);
      const posts = await feedFor(db(), v, { limit: FEED_PAGE_SIZE, beforeId: undefined });
      const expected = {
        posts,
        settings: await getSettings(db(), viewer.id),
        progress: await badges.badgeProgress(db(), viewer.id),
        savedSchools: await savedGymSummaries(db(), viewer.id, 50),
        checkins: await checkins.myCheckins(db(), viewer.id, now),
        community: posts.length === 0 ? await communityFor(db(), v, { limit: FEED_PAGE_SIZE }) : null,
      };
      expect(await feedPageData(db(), v, now, CHECKINS_PANEL)).toEqual(expected);
    }
    const counter = countStatements(client());
    counter.reset();
    expect(await callsOf(() => feedPageData(db(), asViewer(follower), now, CHECKINS_PANEL))).toBe(1);
    // Two statements (the feed page; the member's panels, with the community when the feed
    // is empty for sure), sent as one batch.
    expect(counter.n).toBe(2);
  });

  it("folds a newcomer's community into the same batch, as communityFor answers it for each viewer", async () => {
    const newest = Number(
      (
        await client().execute({
          sql: "SELECT max(id) FROM posts WHERE user_id = ? AND visibility = 'Public'",
          args: [owner.id],
        })
      ).rows[0]?.[0],
    );
    const checkinId = (
      await client().execute({ sql: "SELECT min(id) FROM checkins WHERE user_id = ?", args: [owner.id] })
    ).rows[0]?.[0];
    await client().batch(
      [
        {
          sql: "INSERT INTO posts (user_id, kind, visibility, checkin_id, created_at) VALUES (?, 'checkin', 'Public', ?, ?)",
          args: [owner.id, Number(checkinId), now.getTime()],
        },
        {
          sql: "INSERT INTO post_photos (id, user_id, post_id, position, created_at) VALUES ('photob', ?1, ?2, 1, 0), ('photoa', ?1, ?2, 0, 0)",
          args: [owner.id, newest],
        },
      ],
      "write",
    );
    await send("POST", `/api/posts/${newest}/like`, undefined, newcomer);
    const compare = async () => {
      const pages = new Map<number, Awaited<ReturnType<typeof feedPageData>>>();
      for (const viewer of [newcomer, blocked, follower, owner]) {
        const v = asViewer(viewer);
        const page = await feedPageData(db(), v, now, CHECKINS_PANEL);
        const empty = (await feedFor(db(), v, { limit: FEED_PAGE_SIZE, beforeId: undefined })).length === 0;
        const community = empty ? await communityFor(db(), v, { limit: FEED_PAGE_SIZE }) : null;
        expect({ viewer: viewer.id, community: page.community }).toEqual({ viewer: viewer.id, community });
        pages.set(viewer.id, page);
      }
      return pages;
    };
    for (const flags of Object.values(flagSets)) {
      await send("PATCH", "/api/settings", flags, owner);
      const pages = await compare();
      const seen = pages.get(newcomer.id)?.community ?? [];
      const card = seen.find((p) => p.kind === "checkin");
      expect(card?.checkin?.school === null).toBe(!flags.showCheckInGymNames);
      const liked = seen.find((p) => p.id === newest);
      expect([liked?.likeCount, liked?.isLikedByCurrentUser, liked?.photos.length]).toEqual([1, true, 2]);
      expect(liked?.photos[0]).toContain("photoa");
      // The owner blocked this member: none of the owner's posts reach them.
      expect(pages.get(blocked.id)?.community).toEqual([]);
      expect(pages.get(follower.id)?.community).toBeNull();
    }
    expect(await callsOf(() => feedPageData(db(), asViewer(newcomer), now, CHECKINS_PANEL))).toBe(1);
  });

  it("asks communityFor after the batch for a member whose authors have nothing they may read", async () => {
    const lurker = await registerMember(t, "lurk");
    await send("POST", "/api/users/follow", { followingId: blocked.id }, lurker);
    const v = asViewer(lurker);
    const page = await feedPageData(db(), v, now, CHECKINS_PANEL);
    expect(page.posts).toEqual([]);
    expect(page.community).toEqual(await communityFor(db(), v, { limit: FEED_PAGE_SIZE }));
    expect(page.community?.length).toBeGreaterThan(0);
    // The batch, then communityFor's own calls, as before this work.
    const community = await callsOf(() => communityFor(db(), v, { limit: FEED_PAGE_SIZE }));
    expect(await callsOf(() => feedPageData(db(), v, now, CHECKINS_PANEL))).toBe(1 + community);
  });
});
