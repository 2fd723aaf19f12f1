/**
 * /feed on the server (spec §2 "Feed page"): the sign-in screen for guests; for a member the
 * first page of the feed and every panel's data in the HTML, with island props that carry
 * nothing private. The profile's Posts section is rendered the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  type CheckinView,
  FEED_RECENT_CHECKINS,
  type RecentCheckins,
} from "../../src/common/schemas/checkins";
import type { PostView } from "../../src/common/schemas/posts";
import { badgePrivacyTexts } from "../../src/common/schemas/privacy-texts";
import { insertVerifiedCheckins } from "../support/checkins";
import { seedFixtureSchools } from "../support/schools";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let schoolIds: Record<string, number>;
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp();
  schoolIds = await seedFixtureSchools(t);
});
afterAll(() => t.close());

async function html(path: string, member?: Member) {
  const res = await t.request(path, { headers: member ? { cookie: member.cookie } : {} });
  expect(res.status).toBe(200);
  return res.text();
}

/** Every island on the page: its name and its props JSON as sent. */
function islands(body: string): { name: string; json: string }[] {
  return [...body.matchAll(/data-island="(\w+)" data-island-id="(island-\d+)"/g)].map(([, name, id]) => ({
    name: name as string,
    json:
      body.match(new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`))?.[1] ?? "",
  }));
}
const propsOf = (body: string, name: string) => {
  const found = islands(body).find((i) => i.name === name);
  return found ? (JSON.parse(found.json) as Record<string, unknown>) : null;
};

async function post(m: Member, content: string, visibility = "Public"): Promise<PostView> {
  const res = await t.json("POST", "/api/posts", { content, photos: [], visibility }, { cookie: m.cookie });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
}

describe("/feed", () => {
  it.each(["/feed", "/feed?postId=3"])(
    "gives a guest the sign-in screen that comes back to %s",
    async (path) => {
      const body = await html(path);
      expect(propsOf(body, "AuthForms")).toMatchObject({ next: path });
      expect(body).not.toContain('data-island="Newsfeed"');
    },
  );

  it("renders a member's first 10 posts, newest first, and the posts of people they follow", async () => {
    const a = await registerMember(t, "feedauthor");
    const b = await registerMember(t, "feedreader");
    for (let i = 1; i <= 12; i++) await post(b, `Own post ${i}`);
    await t.json("POST", "/api/users/follow", { followingId: a.id }, { cookie: b.cookie });
    await post(a, "Followed public post");
    await post(a, "Followed private post", "Private");

    const body = await html("/feed", b);
    const posts = propsOf(body, "Newsfeed")?.posts as PostView[];
    expect(posts.map((p) => p.content)).toEqual([
      "Followed public post",
      ...[12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `Own post ${i}`),
    ]);
    // In the HTML itself, before any script runs.
    expect(body).toContain("Followed public post");
    expect(body).toContain("Own post 4");
    expect(body).not.toContain("Own post 3<");
    expect(body).not.toContain("Followed private post");
    expect(body).toContain(`href="/users/${a.id}"`);
    expect(body).toContain("Create Post");
  });

  it("fills the three columns: progress, saved schools and check-ins, Find Users and See Friends", async () => {
    const m = await registerMember(t, "feedpanels");
    const schoolId = Object.values(schoolIds)[0] as number;
    await t.json("POST", "/api/favorites", { schoolId }, { cookie: m.cookie });
    const body = await html("/feed", m);
    expect(islands(body).map((i) => i.name)).toEqual(
      expect.arrayContaining(["FeedProgress", "FeedSaved", "UserSearch", "SeeFriends", "Newsfeed"]),
    );
    // Issue 23: the toggle shows what others see, and a new member's badges are hidden (showBadgeCount).
    expect(propsOf(body, "FeedProgress")).toMatchObject({
      shareBadgeProgressPublic: false,
      progress: { totalCheckins: 0 },
    });
    expect(body).toContain(badgePrivacyTexts.ownerPrivate);
    expect(body).not.toContain(badgePrivacyTexts.ownerShared);
    expect(propsOf(body, "FeedSaved")).toMatchObject({
      savedSchools: [{ schoolId }],
      checkins: { items: [], total: 0 },
    });
    expect(body).toContain("Badge Progress");
    expect(body).toContain("Keep my badge progress private");
    expect(body).toContain("Saved Schools");
    expect(body).toContain("Capital City Grappling");
    expect(body).toContain("Past Check-ins");
    expect(body).toContain("Find Users");
    expect(body).toContain("See Friends");
    expect(body).toContain(`href="/users/${m.id}"`);
    expect(propsOf(body, "Newsfeed")).toMatchObject({ posts: [] });
  });

  it("sends the newest 10 check-ins and the count of all of them, not the whole list", async () => {
    const m = await registerMember(t, "feedcheckins");
    const schoolId = Object.values(schoolIds)[0] as number;
    await insertVerifiedCheckins(
      t,
      m.id,
      Array.from({ length: 12 }, () => schoolId),
    );
    const all = (await (
      await t.request("/api/checkins", { headers: { cookie: m.cookie } })
    ).json()) as CheckinView[];
    expect(all).toHaveLength(12);

    const body = await html("/feed", m);
    const recent = propsOf(body, "FeedSaved")?.checkins as RecentCheckins | undefined;
    expect(recent?.items).toHaveLength(FEED_RECENT_CHECKINS);
    expect(recent?.total).toBe(12);
    // The newest, as GET /api/checkins lists them.
    expect(recent?.items.map((c) => c.id)).toEqual(all.slice(0, 10).map((c) => c.id));
    expect(body.match(/class="checkin-item"/g)).toHaveLength(10);
    expect(body).toContain("Show all 12 check-ins");
  });

  it("puts no secret in the islands' props: no e-mail, session token or password", async () => {
    const m = await registerMember(t, "feedsecret");
    await post(m, "Hello feed");
    const body = await html("/feed", m);
    const token = decodeURIComponent(m.cookie.split("=")[1] ?? "");
    const allProps = islands(body)
      .map((i) => i.json)
      .join("\n");
    expect(token.length).toBeGreaterThan(10);
    for (const secret of [m.email, token, m.password, "passwordHash", "password_hash", "email"]) {
      expect(allProps).not.toContain(secret);
    }
    expect(propsOf(body, "Newsfeed")?.viewer).toEqual({ id: m.id, username: m.username, profilePhoto: null });
  });
});

describe("profile Posts", () => {
  it("shows 'Your Posts' to the owner and 'Posts by @name' to others, with what each may see", async () => {
    const a = await registerMember(t, "profposter");
    const b = await registerMember(t, "profreader");
    await post(a, "Public on profile");
    await post(a, "Private on profile", "Private");

    const own = await html("/profile", a);
    expect(own).toContain("Your Posts");
    expect(own).toContain("Private on profile");
    expect(propsOf(own, "ProfilePosts")).toMatchObject({ userId: a.id, isOwner: true, viewerId: a.id });

    const theirs = await html(`/users/${a.id}`, b);
    expect(theirs).toContain(`Posts by @${a.username}</h2>`);
    expect(theirs).toContain("Public on profile");
    expect(theirs).not.toContain("Private on profile");
    expect(propsOf(theirs, "ProfilePosts")).toMatchObject({ isOwner: false, viewerId: b.id });
  });
});
