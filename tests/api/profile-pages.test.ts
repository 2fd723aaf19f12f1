/**
 * The member pages on the server: /profile, /users/{id} and /users. What a viewer sees is
 * the policy's answer (through the users service); these tests read the HTML as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { userMessages } from "../../src/common/schemas/users";
import { seedFixtureSchools } from "../support/schools";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let schoolIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  schoolIds = await seedFixtureSchools(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

const page = (path: string, member?: Member) =>
  t.request(path, { headers: member ? { cookie: member.cookie } : {} });

async function html(path: string, member?: Member, status = 200) {
  const res = await page(path, member);
  expect(res.status).toBe(status);
  return res.text();
}

/** The props JSON of the first island named `name` on the page, or null. */
function islandProps(body: string, name: string): Record<string, unknown> | null {
  const id = body.match(new RegExp(`data-island="${name}" data-island-id="(island-\\d+)"`))?.[1];
  if (!id) return null;
  const json = body.match(new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`))?.[1];
  return json ? JSON.parse(json) : null;
}

async function ok(res: Response | Promise<Response>) {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return answer;
}

/** A member with every profile field filled in and only city and belt shown publicly. */
async function memberWithProfile() {
  const m = await registerMember(t, "prof");
  await ok(
    t.json(
      "PATCH",
      "/api/users/profile",
      { beltLevel: "Purple Belt", aboutMe: "Pressure passer", city: "Austin", homeGym: "Secret Gym" },
      { cookie: m.cookie },
    ),
  );
  await ok(
    t.json(
      "PATCH",
      "/api/settings",
      { showBeltLevel: true, showCity: true, showAboutMe: false, showHomeGym: false, showBadgeCount: false },
      { cookie: m.cookie },
    ),
  );
  return m;
}

describe("guests", () => {
  it.each(["/profile", "/users", "/users/1", "/users/not-a-number"])(
    "%s gives a guest the sign-in form that comes back here",
    async (path) => {
      const body = await html(path);
      expect(body).toContain('data-island="AuthForms"');
      expect(islandProps(body, "AuthForms")).toMatchObject({ next: path });
      expect(body).not.toContain("User Not Found");
    },
  );
});

describe("/users/{id} for another member", () => {
  it("shows only the fields the member made public, with Follow and Message", async () => {
    const a = await memberWithProfile();
    const b = await registerMember(t, "viewer");
    const body = await html(`/users/${a.id}`, b);
    expect(body).toContain(`@${a.username}`);
    expect(body).toContain("Purple Belt");
    expect(body).toContain("Austin");
    expect(body).not.toContain("Pressure passer");
    expect(body).not.toContain("Secret Gym");
    expect(body).not.toContain("<dt>Badges</dt>");
    expect(body).not.toContain(userMessages.bjjPractitioner);
    expect(body).not.toContain("Edit Profile");
    expect(body).not.toContain('data-island="EditProfile"');
    // Follow, Message and the block menu are rendered on the server, before any script.
    expect(islandProps(body, "ProfileActions")).toEqual({
      userId: a.id,
      username: a.username,
      isFollowing: false,
    });
    expect(body).toMatch(/<button[^>]*>Follow<span class="visually-hidden">/);
    expect(body).toContain(`href="/messages?to=${a.id}"`);
    expect(body).toContain(`Block @<!-- -->${a.username}`);
  });

  it("says 'BJJ Practitioner' when nothing is public, and never leaks the e-mail", async () => {
    const a = await registerMember(t, "quiet");
    await ok(t.json("PATCH", "/api/users/profile", { city: "Hidden City" }, { cookie: a.cookie }));
    const b = await registerMember(t, "viewer");
    const body = await html(`/users/${a.id}`, b);
    expect(body).toContain(userMessages.bjjPractitioner);
    expect(body).not.toContain("Hidden City");
    expect(body).not.toContain(a.email);
  });

  it("shows 'Following' once the viewer follows", async () => {
    const a = await registerMember(t, "followed");
    const b = await registerMember(t, "follower");
    await ok(t.json("POST", "/api/users/follow", { followingId: a.id }, { cookie: b.cookie }));
    const body = await html(`/users/${a.id}`, b);
    expect(islandProps(body, "ProfileActions")).toMatchObject({ isFollowing: true });
    expect(body).toContain(">Following</span>");
    expect(body).toMatch(/<button[^>]*>Unfollow/);
  });

  it("lists saved gyms, each linking to its school page, when the member shares them", async () => {
    const a = await registerMember(t, "saver");
    const b = await registerMember(t, "viewer");
    const schoolId = schoolIds["Capital City Grappling"] as number;
    expect((await t.json("POST", "/api/favorites", { schoolId }, { cookie: a.cookie })).status).toBeLessThan(
      300,
    );
    const slug = (await (await t.request(`/api/schools/${schoolId}`)).json()).slug;
    const body = await html(`/users/${a.id}`, b);
    expect(body).toContain("Saved Gyms");
    expect(body).toContain(`href="/schools/${slug}"`);
    expect(body).toContain("Capital City Grappling");

    await ok(t.json("PATCH", "/api/settings", { showSavedGymNames: false }, { cookie: a.cookie }));
    const hidden = await html(`/users/${a.id}`, b);
    expect(hidden).not.toContain("Saved Gyms");
    expect(hidden).not.toContain("Capital City Grappling");
  });

  it("has no Saved Gyms section when there are none", async () => {
    const a = await registerMember(t, "nosaves");
    const b = await registerMember(t, "viewer");
    expect(await html(`/users/${a.id}`, b)).not.toContain("Saved Gyms");
  });
});

describe("the owner's profile", () => {
  it("/profile shows every own field, marks the private ones, and offers Edit Profile and See Friends", async () => {
    const a = await memberWithProfile();
    const body = await html("/profile", a);
    expect(body).toContain(`@${a.username}`);
    for (const text of ["Purple Belt", "Austin", "Secret Gym", "Pressure passer"])
      expect(body).toContain(text);
    expect(body).toContain("Only you");
    expect(body).toContain("Edit Profile");
    expect(body).toContain("See Friends");
    expect(body).not.toContain('data-island="ProfileActions"');
    expect(islandProps(body, "EditProfile")).toEqual({
      username: a.username,
      profile: {
        profilePhoto: null,
        beltLevel: "Purple Belt",
        aboutMe: "Pressure passer",
        city: "Austin",
        homeGym: "Secret Gym",
      },
      settings: {
        showBeltLevel: true,
        showAboutMe: false,
        showCity: true,
        showHomeGym: false,
        showBadgeCount: false,
      },
    });
    // Never the e-mail, even to the owner, on this page.
    expect(body).not.toContain(a.email);
  });

  it("/users/{own id} is the same owner view", async () => {
    const a = await registerMember(t, "self");
    const body = await html(`/users/${a.id}`, a);
    expect(body).toContain("Edit Profile");
    expect(body).toContain(userMessages.bjjPractitioner);
    expect(body).not.toContain('data-island="ProfileActions"');
  });

  it("the header links to the profile with the member's initial", async () => {
    const a = await registerMember(t, "head");
    const body = await html("/users", a);
    expect(body).toMatch(/<a href="\/profile" class="icon-button header-avatar" aria-label="Your profile">/);
    expect(body).toContain(`>${a.username.slice(0, 1).toUpperCase()}</span></a>`);
    // The side menu links there too: on the narrowest phones the header has no room for the avatar.
    expect(body).toContain('<a href="/profile">Your Profile</a>');
    expect(body).toContain('<a href="/users">Find Users</a>');
  });
});

describe("User Not Found", () => {
  it.each(["/users/999999999", "/users/abc", "/users/0", "/users/1.5", "/users/-3", "/users/1234567890123"])(
    "%s is a 404 page with Back to Feed",
    async (path) => {
      const b = await registerMember(t, "lost");
      const body = await html(path, b, 404);
      expect(body).toContain(`<h1>${userMessages.userNotFound}</h1>`);
      expect(body).toMatch(/<a class="button" href="\/feed">Back to Feed<\/a>/);
      expect(body).toContain('name="robots" content="noindex');
    },
  );

  it("a member in a block either way is not found", async () => {
    const a = await registerMember(t, "blocker");
    const b = await registerMember(t, "blocked");
    await ok(t.json("POST", "/api/users/block", { userId: b.id }, { cookie: a.cookie }));
    await html(`/users/${a.id}`, b, 404);
    await html(`/users/${b.id}`, a, 404);
  });
});

describe("/users", () => {
  it("starts empty with 'Start searching'", async () => {
    const b = await registerMember(t, "finder");
    const body = await html("/users", b);
    expect(body).toContain("Find Users");
    expect(body).toContain('placeholder="Search by username..."');
    expect(body).toContain("Start searching");
    expect(islandProps(body, "UserSearch")).toEqual({ q: "", results: null, viewerId: b.id });
  });

  it("searches ?q= on the server: View Profile for all, Message hidden for oneself", async () => {
    const a = await registerMember(t, "zebra");
    const body = await html(`/users?q=${encodeURIComponent(a.username)}`, a);
    expect(body).toContain(`href="/users/${a.id}"`);
    expect(body).toContain("View Profile");
    expect(body).not.toContain(`href="/messages?to=${a.id}"`);
    const other = await registerMember(t, "zebra");
    const seen = await html(`/users?q=${encodeURIComponent(a.username)}`, other);
    expect(seen).toContain(`href="/messages?to=${a.id}"`);
    expect(islandProps(seen, "UserSearch")).toMatchObject({
      q: a.username,
      results: [{ id: a.id, username: a.username, profilePhoto: null, isFollowing: false }],
    });
  });

  it("says 'No users found' when nobody matches", async () => {
    const b = await registerMember(t, "finder");
    const body = await html("/users?q=nobody-by-this-name", b);
    expect(body).toContain("No users found");
  });
});

describe("Badges and Activity sections", () => {
  it("the owner gets Badges, Next Closest Badges and Activity islands as owner", async () => {
    const a = await registerMember(t, "badgeowner");
    const body = await html("/profile", a);
    expect(islandProps(body, "ProfileBadges")).toMatchObject({ userId: a.id, isOwner: true, awards: [] });
    expect(islandProps(body, "ProfileActivity")).toEqual({ userId: a.id, isOwner: true, checkins: [] });
    expect(body).toContain(">Badges</h2>");
    // Rendered on the server from the badges service: the first badges with their progress bars.
    expect(body).toContain(">Next Closest Badges</h2>");
    expect(body).toContain("<progress");
    expect(body).toContain(">Activity</h2>");
    expect(body).toContain("No check-ins yet.");
  });

  it("another member sees Badges and Activity, but no Next Closest Badges", async () => {
    const a = await registerMember(t, "badgeother");
    const b = await registerMember(t, "badgeviewer");
    const body = await html(`/users/${a.id}`, b);
    expect(islandProps(body, "ProfileBadges")).toEqual({
      userId: a.id,
      isOwner: false,
      awards: [],
      progress: null,
      shared: false,
    });
    expect(islandProps(body, "ProfileActivity")).toEqual({ userId: a.id, isOwner: false, checkins: [] });
    expect(body).not.toContain("Next Closest Badges");
  });
});
