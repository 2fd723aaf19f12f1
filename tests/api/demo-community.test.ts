import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePins } from "../../src/common/pins-codec";
import type { PostView } from "../../src/common/schemas/posts";
import type { UserSearchResult } from "../../src/common/schemas/users";
import { ruleFilterKeys } from "../../src/common/schemas/visitor-rules";
import { ruleBit } from "../../src/common/visitor-rules";
import { DEMO_EMAIL_DOMAIN, DEMO_MEMBERS } from "../../src/server/features/demo-community/members";
import { DEMO_RATINGS_MAX } from "../../src/server/features/demo-community/ratings";
import { removeDemoCommunity, seedDemoCommunityOnce } from "../../src/server/features/demo-community/service";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

// A fixed clock: the same seed on the same day must plan the same community.
const NOW = new Date("2026-03-14T18:00:00Z");
const main = join(import.meta.dir, "../../src/server/main.ts");
let t: TestApp;
let uploads: string;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), "openmat-demo-uploads-"));
  t = await createTestApp({ DEMO_DATA: "true", UPLOADS_DIR: uploads }, { now: () => NOW });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
const one = async (sql: string, args: (string | number)[] = []) => Number((await rows(sql, args))[0]?.[0]);
const demoUsers = `(SELECT id FROM users WHERE email LIKE '%@${DEMO_EMAIL_DOMAIN}')`;
const line = (row: ArrayLike<unknown>) => Array.from(row).join("|");
const photoFiles = () =>
  existsSync(join(uploads, "photos"))
    ? readdirSync(join(uploads, "photos")).filter((f) => f.endsWith(".webp"))
    : [];

describe("the demo community", () => {
  it("is loaded once at first start: members, follows, three weeks of posts, photos, check-ins and likes", async () => {
    const members = await one(`SELECT count(*) FROM users WHERE id IN ${demoUsers}`);
    expect(members).toBe(DEMO_MEMBERS.length);
    expect(await one(`SELECT count(*) FROM follows WHERE follower_id IN ${demoUsers}`)).toBeGreaterThan(
      members * 4,
    );
    // Some follows are returned.
    expect(
      await one(
        "SELECT count(*) FROM follows a JOIN follows b ON a.follower_id = b.following_id AND a.following_id = b.follower_id",
      ),
    ).toBeGreaterThan(40);
    const byVisibility = Object.fromEntries(
      (await rows("SELECT visibility, count(*) FROM posts WHERE kind = 'post' GROUP BY visibility")).map(
        (r) => [r[0], Number(r[1])],
      ),
    );
    expect(byVisibility.Public).toBeGreaterThan(60);
    expect(byVisibility.Friends).toBeGreaterThan(5);
    expect(byVisibility.Private).toBeGreaterThan(2);
    expect(byVisibility.Public).toBeGreaterThan((byVisibility.Friends ?? 0) + (byVisibility.Private ?? 0));
    const oldest = await one("SELECT min(created_at) FROM posts");
    expect(NOW.getTime() - oldest).toBeLessThan(22 * 86_400_000);
    expect(await one("SELECT max(created_at) FROM posts")).toBeLessThan(NOW.getTime());
    // Verified check-ins at demo schools, each with its activity card.
    const checkins = await one(
      "SELECT count(*) FROM checkins c JOIN schools s ON s.id = c.school_id WHERE c.verified = 1 AND s.is_demo = 1",
    );
    expect(checkins).toBeGreaterThan(30);
    expect(await one("SELECT count(*) FROM posts WHERE kind = 'checkin'")).toBe(checkins);
    expect(await one("SELECT count(*) FROM post_likes")).toBeGreaterThan(150);
    const photos = await one("SELECT count(*) FROM post_photos WHERE post_id IS NOT NULL");
    expect(photos).toBeGreaterThanOrEqual(5);
    expect(await one("SELECT count(*) FROM post_photos WHERE post_id IS NULL")).toBe(0);
    expect(photoFiles().length).toBe(photos);
    // Some profiles are shared, some not.
    expect(await one("SELECT count(*) FROM user_settings WHERE show_belt_level = 1")).toBeGreaterThan(20);
    expect(await one("SELECT count(*) FROM user_settings WHERE show_city = 0")).toBeGreaterThan(5);
  });

  it("rates a few gyms, each rating from a demo member with a verified check-in there, and the schools show them", async () => {
    const rated = await rows(
      `SELECT r.school_id, r.user_id, r.stars, r.review, r.created_at,
         (SELECT min(c.checked_in_at) FROM checkins c WHERE c.user_id = r.user_id AND c.school_id = r.school_id AND c.verified = 1)
       FROM school_ratings r ORDER BY r.id`,
    );
    expect(rated.length).toBeGreaterThanOrEqual(5);
    expect(rated.length).toBeLessThanOrEqual(DEMO_RATINGS_MAX);
    for (const [, userId, stars, , createdAt, visited] of rated.map((r) => Array.from(r))) {
      expect(
        await one(`SELECT count(*) FROM users WHERE id = ? AND id IN ${demoUsers}`, [Number(userId)]),
      ).toBe(1);
      expect([3, 4, 5]).toContain(Number(stars));
      // Rated after the visit, and before now.
      expect(Number(visited)).toBeGreaterThan(0);
      expect(Number(createdAt)).toBeGreaterThan(Number(visited));
      expect(Number(createdAt)).toBeLessThan(NOW.getTime());
    }
    expect(rated.filter((r) => typeof r[3] === "string" && r[3].length > 10).length).toBeGreaterThan(2);
    // Each rated school's rating and count are its demo ratings' own; no other school has one.
    const schools = await rows(
      `SELECT s.id, s.rating, s.review_count, round(avg(r.stars), 1), count(r.id)
       FROM schools s LEFT JOIN school_ratings r ON r.school_id = s.id GROUP BY s.id HAVING s.review_count > 0 OR count(r.id) > 0`,
    );
    expect(schools.length).toBeGreaterThanOrEqual(3);
    for (const [, rating, reviewCount, avg, n] of schools.map((r) => Array.from(r)))
      expect([rating, reviewCount]).toEqual([avg, n]);
    // The school's page shows it: the rating, and JSON-LD's aggregateRating.
    const [first] = schools;
    const slug = String((await rows("SELECT slug FROM schools WHERE id = ?", [Number(first?.[0])]))[0]?.[0]);
    const html = await (await t.request(`/schools/${slug}`)).text();
    const count = Number(first?.[2]);
    expect(html).toContain(
      `Rating ${Number(first?.[1]).toFixed(1)} (${count} ${count === 1 ? "review" : "reviews"})`,
    );
    expect(html).toContain('"aggregateRating"');
  });

  it("is not loaded twice", async () => {
    const posts = await one("SELECT count(*) FROM posts");
    const deps = { db: t.app.context.database.db, storage: t.app.context.storage, now: () => NOW };
    expect(await seedDemoCommunityOnce(deps)).toBeNull();
    expect(await one("SELECT count(*) FROM posts")).toBe(posts);
  });

  it("is the same community on every machine (a seeded generator)", async () => {
    const other = await createTestApp(
      { DEMO_DATA: "true", UPLOADS_DIR: join(uploads, "other") },
      { now: () => NOW },
    );
    const sql =
      "SELECT u.username, p.kind, p.content, p.visibility, p.created_at FROM posts p JOIN users u ON u.id = p.user_id ORDER BY p.id";
    const theirs = (await other.app.context.database.client.execute(sql)).rows.map(line);
    const ratings =
      "SELECT u.username, s.slug, r.stars, r.review, r.created_at FROM school_ratings r JOIN users u ON u.id = r.user_id JOIN schools s ON s.id = r.school_id ORDER BY r.id";
    const theirRatings = (await other.app.context.database.client.execute(ratings)).rows.map(line);
    // Removing the community alone (the schools stay) takes the ratings and makes the schools' again.
    const removed = await removeDemoCommunity({
      db: other.app.context.database.db,
      storage: other.app.context.storage,
    });
    expect(removed?.ratings).toBe(theirRatings.length);
    const left = await other.app.context.database.client.execute(
      "SELECT (SELECT count(*) FROM school_ratings), (SELECT count(*) FROM schools WHERE rating IS NOT NULL OR review_count <> 0), (SELECT count(*) FROM schools WHERE is_demo = 1)",
    );
    expect(
      Array.from(left.rows[0] ?? [])
        .map(Number)
        .slice(0, 2),
    ).toEqual([0, 0]);
    expect(Number(left.rows[0]?.[2])).toBeGreaterThan(0);
    await other.close();
    expect((await rows(sql)).map(line)).toEqual(theirs);
    expect((await rows(ratings)).map(line)).toEqual(theirRatings);
  });

  it("cannot be signed into: no password works, and the e-mails are on a reserved domain", async () => {
    for (const identifier of ["coach_dani", `kimura_kate@${DEMO_EMAIL_DOMAIN}`]) {
      for (const password of ["", "correct horse battery", "!demo-member-no-password"]) {
        const res = await t.json("POST", "/api/auth/login", { identifier, password });
        expect(res.status).not.toBe(200);
      }
    }
  });
});

describe("owners and visitor rules in the demo (issue 21)", () => {
  it("one or two demo coaches keep their home gym, whose schedule reads as the gym's own", async () => {
    const owned = await rows(
      `SELECT o.school_id, s.schedule_source, s.schedule_source_at, s.is_demo FROM school_owners o
       JOIN schools s ON s.id = o.school_id WHERE o.user_id IN ${demoUsers}`,
    );
    expect(owned.length).toBeGreaterThanOrEqual(1);
    expect(owned.length).toBeLessThanOrEqual(2);
    for (const row of owned) {
      expect([row[1], row[3]]).toEqual(["gym", 1]);
      expect(NOW.getTime() - Number(row[2])).toBe(3 * 86_400_000);
    }
    const page = await t.request(`/api/schools/${owned[0]?.[0]}`);
    expect(((await page.json()) as { provenance: { kind: string } }).provenance.kind).toBe("gym");
  });

  it("demo schools have fictional visitor rules, so every rule filter finds some", async () => {
    const demo = await one("SELECT count(*) FROM schools WHERE is_demo = 1");
    const ruled = await one("SELECT count(*) FROM schools WHERE is_demo = 1 AND visitor_rules <> '{}'");
    expect(ruled / demo).toBeGreaterThan(0.5);
    expect(ruled).toBeLessThan(demo);
    const pins = decodePins(new Uint8Array(await (await t.request("/api/schools/pins")).arrayBuffer()));
    for (const key of ruleFilterKeys) {
      const found = pins.filter((p) => ((p.rules ?? 0) & ruleBit[key]) !== 0).length;
      expect([key, found > 5]).toEqual([key, true]);
    }
  });
});

describe("a newcomer", () => {
  it("finds demo members, and after following one sees their posts in the feed", async () => {
    const me = await registerMember(t, "newcomer");
    const feed = async () => {
      const res = await t.request("/api/posts/feed?limit=50", { headers: { cookie: me.cookie } });
      expect(res.status).toBe(200);
      return (await res.json()) as PostView[];
    };
    expect(await feed()).toEqual([]);
    // The empty feed shows the community's recent Public posts instead, demo members' among them.
    const community = await t.request("/api/posts/community", { headers: { cookie: me.cookie } });
    const shown = (await community.json()) as PostView[];
    expect(shown.length).toBe(10);
    expect(shown.every((p) => p.visibility === "Public" && p.user.id !== me.id)).toBe(true);
    const search = await t.request("/api/users/search?q=kimura", { headers: { cookie: me.cookie } });
    const found = ((await search.json()) as UserSearchResult[]).find((u) => u.username === "kimura_kate");
    expect(found?.isFollowing).toBe(false);
    const follow = await t.json(
      "POST",
      "/api/users/follow",
      { followingId: found?.id },
      { cookie: me.cookie },
    );
    expect(follow.status).toBe(200);
    const posts = await feed();
    expect(posts.length).toBeGreaterThan(2);
    expect(posts.every((p) => p.user.username === "kimura_kate")).toBe(true);
    // Only her Public posts: she does not follow the newcomer, so Friends posts stay hers.
    expect(posts.every((p) => p.visibility === "Public")).toBe(true);
    expect(
      await one("SELECT count(*) FROM posts WHERE user_id = ? AND visibility = 'Public'", [found?.id ?? 0]),
    ).toBe(posts.length);
    // The newcomer likes one, so removal has a real member's row to take with it.
    const like = await t.json("POST", `/api/posts/${posts[0]?.id}/like`, undefined, { cookie: me.cookie });
    expect(like.status).toBe(200);
  });
});

describe("openmat demo --remove", () => {
  it("removes the demo members with their posts, photos, likes, follows and check-ins, and the schools", async () => {
    const members = await one(`SELECT count(*) FROM users WHERE id IN ${demoUsers}`);
    const proc = Bun.spawnSync([process.execPath, main, "demo", "--remove"], {
      env: {
        ...process.env,
        DATABASE_URL: t.env.DATABASE_URL,
        UPLOADS_DIR: uploads,
        LOG_LEVEL: "error",
        GEOCODER_URL: "",
      },
    });
    const stdout = proc.stdout.toString();
    expect(proc.exitCode).toBe(0);
    expect(stdout).toMatch(
      new RegExp(
        `^Removed ${members} demo member\\(s\\) with \\d+ post\\(s\\), \\d+ photo\\(s\\), \\d+ like\\(s\\), \\d+ follow\\(s\\) and \\d+ check-in\\(s\\)\\.$`,
        "m",
      ),
    );
    expect(stdout).toMatch(/^Removed \d+ demo school\(s\)\.$/m);
    expect(await one(`SELECT count(*) FROM users WHERE email LIKE '%@${DEMO_EMAIL_DOMAIN}'`)).toBe(0);
    for (const table of [
      "posts",
      "post_photos",
      "post_likes",
      "follows",
      "checkins",
      "badge_awards",
      "school_ratings",
    ]) {
      expect(await one(`SELECT count(*) FROM ${table}`)).toBe(0);
    }
    expect(await one("SELECT count(*) FROM schools WHERE is_demo = 1")).toBe(0);
    expect(await one("SELECT count(*) FROM users")).toBe(1); // the newcomer stays
    expect(photoFiles()).toEqual([]);
    // The mark stays: nothing comes back at the next start.
    const deps = { db: t.app.context.database.db, storage: t.app.context.storage, now: () => NOW };
    expect(await seedDemoCommunityOnce(deps)).toBeNull();
    expect(await one("SELECT count(*) FROM users")).toBe(1);
  });
});
