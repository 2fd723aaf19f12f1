import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { defaultPrivacySettings } from "../../src/common/schemas/settings";
import { type UserSearchResult, userMessages } from "../../src/common/schemas/users";
import { blocks, follows, users } from "../../src/db/schema";
import { insertFollow } from "../../src/server/features/users/queries";
import { listFriends, profileView, searchUsers } from "../../src/server/features/users/service";
import { GUEST } from "../../src/server/policy/viewer";
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

const db = () => t.app.context.database.db;
const as = (m: Member) => ({ cookie: m.cookie });
const get = (path: string, m?: Member) => t.request(path, { headers: m ? as(m) : {} });
const send = (method: string, path: string, m: Member | undefined, body?: unknown) =>
  t.json(method, path, body, m ? as(m) : {});
const member = (m: Member) => ({ kind: "member" as const, id: m.id });
const count = async (sql: string, args: number[]) =>
  Number((await t.app.context.database.client.execute({ sql, args })).rows[0]?.[0]);

/** Members straight into the table (no password hashing): search only needs their names. */
async function insertUsers(names: string[]) {
  const rows = await db()
    .insert(users)
    .values(
      names.map((username) => ({
        username,
        email: `${username.toLowerCase()}@search.example.com`,
        passwordHash: "-",
        createdAt: new Date(),
      })),
    )
    .returning({ id: users.id, username: users.username });
  return Object.fromEntries(rows.map((r) => [r.username, r.id]));
}

describe("guards and validation", () => {
  let m: Member;
  beforeAll(async () => {
    m = await registerMember(t);
  });

  it.each([
    ["GET", "/api/users/1"],
    ["GET", "/api/users/search?q=a"],
    ["GET", "/api/users/friends"],
    ["GET", "/api/users/blocked"],
    ["GET", "/api/users/follow-status/1"],
    ["POST", "/api/users/follow"],
    ["DELETE", "/api/users/unfollow/1"],
    ["POST", "/api/users/block"],
    ["DELETE", "/api/users/block/1"],
    ["PATCH", "/api/users/profile"],
  ])("%s %s is 401 for a guest, before the body is read", async (method, path) => {
    const body = method === "GET" || method === "DELETE" ? undefined : { bogus: "not a valid body" };
    const res = await send(method, path, undefined, body);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Not authenticated");
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", "9999999999999"])(
    "a path id of %p is 400 on every route that takes one",
    async (id) => {
      for (const [method, path] of [
        ["GET", `/api/users/${id}`],
        ["GET", `/api/users/follow-status/${id}`],
        ["DELETE", `/api/users/unfollow/${id}`],
        ["DELETE", `/api/users/block/${id}`],
        ["GET", `/api/settings/${id}`],
      ] as const) {
        const res = await send(method, path, m);
        expect([path, res.status]).toEqual([path, 400]);
        expect((await res.json()).message).toBe("User id must be a positive whole number");
      }
    },
  );

  it.each([
    ["followingId", "/api/users/follow"],
    ["userId", "/api/users/block"],
  ])("%s in a body must be a positive whole number", async (field, path) => {
    for (const value of ["1", 0, -1, 1.5, 1e13, null]) {
      const res = await send("POST", path, m, { [field]: value });
      expect([value, res.status]).toEqual([value, 400]);
      expect((await res.json()).message).toBe(`${field} must be a positive whole number`);
    }
    const missing = await send("POST", path, m, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe(`${field} must be a positive whole number`);
  });

  it("unknown members are 404 'User Not Found' everywhere", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/users/999999"],
      ["GET", "/api/users/follow-status/999999"],
      ["POST", "/api/users/follow", { followingId: 999999 }],
      ["DELETE", "/api/users/unfollow/999999"],
      ["POST", "/api/users/block", { userId: 999999 }],
      ["DELETE", "/api/users/block/999999"],
      ["GET", "/api/settings/999999"],
      ["GET", "/api/favorites/user/999999"],
    ] as const) {
      const res = await send(method, path, m, body);
      expect([path, res.status]).toEqual([path, 404]);
      expect((await res.json()).message).toBe(userMessages.userNotFound);
    }
  });

  it("profile edit checks each field with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ aboutMe: "x".repeat(201) }, "About me must be 200 characters or less"],
      [{ beltLevel: "Green Belt" }, userMessages.beltInvalid],
      [{ city: "c".repeat(101) }, "City must be 100 characters or less"],
      [{ homeGym: "g".repeat(101) }, "Home gym must be 100 characters or less"],
      [{ email: "x@example.com" }, "Unknown profile field"],
    ];
    for (const [body, message] of cases) {
      const res = await send("PATCH", "/api/users/profile", m, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    // 200 characters is allowed, counted after trimming.
    const ok = await send("PATCH", "/api/users/profile", m, { aboutMe: ` ${"x".repeat(200)} ` });
    expect(ok.status).toBe(200);
  });

  it("a search longer than 100 characters is 400", async () => {
    const res = await get(`/api/users/search?q=${"a".repeat(101)}`, m);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Search must be 100 characters or less");
  });
});

describe("profile", () => {
  let owner: Member;
  let viewer: Member;
  beforeAll(async () => {
    [owner, viewer] = [await registerMember(t), await registerMember(t)];
  });

  it("edits: omitted fields stay, an empty string clears, the answer is the user as /api/auth/me shows it", async () => {
    const first = await send("PATCH", "/api/users/profile", owner, {
      beltLevel: "Purple Belt",
      aboutMe: "  Leg locks.  ",
      city: "Austin",
      homeGym: "Eastside",
    });
    expect(first.status).toBe(200);
    const self = await first.json();
    const me = (await (await get("/api/auth/me", owner)).json()).user;
    expect(self).toEqual(me);
    expect(self).toMatchObject({ beltLevel: "Purple Belt", aboutMe: "Leg locks.", city: "Austin" });

    const second = await (
      await send("PATCH", "/api/users/profile", owner, { city: "", aboutMe: "Guard." })
    ).json();
    expect(second).toMatchObject({
      beltLevel: "Purple Belt",
      aboutMe: "Guard.",
      city: null,
      homeGym: "Eastside",
    });
    const cleared = await (await send("PATCH", "/api/users/profile", owner, { beltLevel: "" })).json();
    expect(cleared.beltLevel).toBeNull();
    const unchanged = await (await send("PATCH", "/api/users/profile", owner, {})).json();
    expect(unchanged).toMatchObject({ aboutMe: "Guard.", homeGym: "Eastside" });
    await send("PATCH", "/api/users/profile", owner, { beltLevel: "Brown Belt", city: "Austin" });
  });

  it("another member sees each field only while its flag is on; the owner always; never the e-mail", async () => {
    const hidden = await (await get(`/api/users/${owner.id}`, viewer)).json();
    expect(hidden).toEqual({
      id: owner.id,
      username: owner.username,
      profilePhoto: null,
      beltLevel: null,
      aboutMe: null,
      city: null,
      homeGym: null,
      badgeCount: null,
    });
    const own = await (await get(`/api/users/${owner.id}`, owner)).json();
    expect(own).toMatchObject({
      beltLevel: "Brown Belt",
      aboutMe: "Guard.",
      city: "Austin",
      homeGym: "Eastside",
    });
    expect(own.badgeCount).toBe(0);
    expect(own.email).toBeUndefined();

    const flags = [
      ["showBeltLevel", "beltLevel", "Brown Belt"],
      ["showAboutMe", "aboutMe", "Guard."],
      ["showCity", "city", "Austin"],
      ["showHomeGym", "homeGym", "Eastside"],
      ["showBadgeCount", "badgeCount", 0],
    ] as const;
    for (const [flag, field, value] of flags) {
      await send("PATCH", "/api/settings", owner, { [flag]: true });
      const seen = await (await get(`/api/users/${owner.id}`, viewer)).json();
      expect([field, seen[field]]).toEqual([field, value]);
      await send("PATCH", "/api/settings", owner, { [flag]: false });
      const again = await (await get(`/api/users/${owner.id}`, viewer)).json();
      expect([field, again[field]]).toEqual([field, null]);
    }
  });

  it("profileView: owner, follower, saved gyms through favorites.read, null for guests and unknown ids", async () => {
    const ownView = await profileView(db(), member(owner), owner.id);
    expect(ownView).toMatchObject({ isOwner: true, isFollowing: false, canInteract: false, savedGyms: null });
    await send("POST", "/api/favorites", owner, { schoolId: schoolIds["Aloha Grappling"] });
    await send("POST", "/api/users/follow", viewer, { followingId: owner.id });
    const seen = await profileView(db(), member(viewer), owner.id);
    expect(seen).toMatchObject({ isOwner: false, isFollowing: true, canInteract: true });
    expect(seen?.user.beltLevel).toBeNull();
    expect(seen?.savedGyms).toEqual([
      {
        schoolId: schoolIds["Aloha Grappling"] as number,
        name: "Aloha Grappling",
        city: expect.any(String),
        slug: expect.any(String),
      },
    ]);
    await send("PATCH", "/api/settings", owner, { showSavedGymNames: false });
    expect((await profileView(db(), member(viewer), owner.id))?.savedGyms).toBeNull();
    expect((await profileView(db(), member(owner), owner.id))?.savedGyms).toHaveLength(1);
    await send("PATCH", "/api/settings", owner, { showSavedGymNames: true });
    expect(await profileView(db(), GUEST, owner.id)).toBeNull();
    expect(await profileView(db(), member(viewer), 999999)).toBeNull();
  });
});

describe("follows", () => {
  let a: Member;
  let b: Member;
  let c: Member;
  beforeAll(async () => {
    [a, b, c] = [await registerMember(t), await registerMember(t), await registerMember(t)];
  });

  it("follow and unfollow are idempotent and answer isFollowing; follow-status is a boolean", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await send("POST", "/api/users/follow", a, { followingId: b.id });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ isFollowing: true });
    }
    expect(await (await get(`/api/users/follow-status/${b.id}`, a)).json()).toBe(true);
    expect(await (await get(`/api/users/follow-status/${a.id}`, b)).json()).toBe(false);
    expect(
      await count("select count(*) from follows where follower_id = ? and following_id = ?", [a.id, b.id]),
    ).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await send("DELETE", `/api/users/unfollow/${b.id}`, a);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ isFollowing: false });
    }
    expect(await (await get(`/api/users/follow-status/${b.id}`, a)).json()).toBe(false);
  });

  it("following or unfollowing yourself is 400", async () => {
    for (const res of [
      await send("POST", "/api/users/follow", a, { followingId: a.id }),
      await send("DELETE", `/api/users/unfollow/${a.id}`, a),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(userMessages.followSelf);
    }
  });

  it("follows of one pair sent at once leave one row", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send("POST", "/api/users/follow", c, { followingId: b.id })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(
      await count("select count(*) from follows where follower_id = ? and following_id = ?", [c.id, b.id]),
    ).toBe(1);
  });

  it("friends are the people one follows, newest first, with when", async () => {
    await db().delete(follows);
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await db()
      .insert(follows)
      .values([
        { followerId: a.id, followingId: b.id, createdAt: at(1) },
        { followerId: a.id, followingId: c.id, createdAt: at(2) },
        { followerId: b.id, followingId: a.id, createdAt: at(3) },
      ]);
    const res = await get("/api/users/friends", a);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: c.id,
        followedAt: at(2).toISOString(),
        following: { id: c.id, username: c.username, profilePhoto: null },
      },
      {
        id: b.id,
        followedAt: at(1).toISOString(),
        following: { id: b.id, username: b.username, profilePhoto: null },
      },
    ]);
    expect((await listFriends(db(), member(c))).length).toBe(0);
  });
});

describe("search", () => {
  let me: Member;
  let ids: Record<string, number>;
  beforeAll(async () => {
    me = await registerMember(t, "seeker");
    ids = await insertUsers(["xgripx", "gripper", "Grip_Fighter", "bjjgrip", "grip", "g.rip", "other"]);
  });

  const search = async (q: string, who = me) => {
    const res = await get(`/api/users/search?q=${encodeURIComponent(q)}`, who);
    expect(res.status).toBe(200);
    return (await res.json()) as UserSearchResult[];
  };

  it("exact match first, then prefixes, then other matches, alphabetically; case does not matter", async () => {
    const expected = ["grip", "Grip_Fighter", "gripper", "bjjgrip", "xgripx"];
    expect((await search("grip")).map((u) => u.username)).toEqual(expected);
    expect((await search("GRIP")).map((u) => u.username)).toEqual(expected);
    expect((await search("  grip ")).map((u) => u.username)).toEqual(expected);
  });

  it("empty or blank queries find nobody", async () => {
    expect(await search("")).toEqual([]);
    expect(await search("   ")).toEqual([]);
    expect(await (await get("/api/users/search", me)).json()).toEqual([]);
  });

  it("% and _ match themselves only", async () => {
    expect((await search("_")).map((u) => u.username)).toContain("Grip_Fighter");
    expect((await search("_")).every((u) => u.username.includes("_"))).toBe(true);
    expect(await search("g_ip")).toEqual([]);
    expect(await search("%")).toEqual([]);
    expect(await search("gr%p")).toEqual([]);
    expect((await search("g.rip")).map((u) => u.username)).toEqual(["g.rip"]);
  });

  it("includes the caller and says whom they follow", async () => {
    await send("POST", "/api/users/follow", me, { followingId: ids.gripper });
    const found = await search("seeker");
    expect(found.map((u) => u.id)).toContain(me.id);
    const grips = await search("grip");
    expect(grips.find((u) => u.username === "gripper")?.isFollowing).toBe(true);
    expect(grips.find((u) => u.username === "grip")?.isFollowing).toBe(false);
    expect(grips[0]).toEqual({
      id: ids.grip as number,
      username: "grip",
      profilePhoto: null,
      isFollowing: false,
    });
  });

  it("answers at most 20", async () => {
    await insertUsers(Array.from({ length: 25 }, (_, i) => `capped${String(i).padStart(2, "0")}`));
    const found = await search("capped");
    expect(found).toHaveLength(20);
    expect(found[0]?.username).toBe("capped00");
    expect(await searchUsers(db(), member(me), "capped")).toHaveLength(20);
  });

  it("with a page of names that start with the term, those are the answer, less anyone in a block", async () => {
    const rollers = await insertUsers([
      ...Array.from({ length: 22 }, (_, i) => `Rolls${String(i).padStart(2, "0")}`),
      "arolls",
      "xrollsx",
    ]);
    const blocked = rollers.Rolls03 as number;
    expect((await send("POST", "/api/users/block", me, { userId: blocked })).status).toBe(200);
    await send("POST", "/api/users/follow", me, { followingId: rollers.Rolls05 });
    const found = await search("rolls");
    const expected = Array.from({ length: 22 }, (_, i) => `Rolls${String(i).padStart(2, "0")}`).filter(
      (name) => name !== "Rolls03",
    );
    expect(found.map((u) => u.username)).toEqual(expected.slice(0, 20));
    expect(found.filter((u) => u.isFollowing).map((u) => u.username)).toEqual(["Rolls05"]);
    // Fewer than a page start with it: the names that hold it follow the prefixes.
    expect((await search("rolls2")).map((u) => u.username)).toEqual(["Rolls20", "Rolls21"]);
    expect((await search("olls2")).map((u) => u.username)).toEqual(["Rolls20", "Rolls21"]);
    expect((await search("rollsx")).map((u) => u.username)).toEqual(["xrollsx"]);
  });
});

describe("blocks", () => {
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    [a, b] = [await registerMember(t, "blocker"), await registerMember(t, "blocked")];
  });

  it("blocking yourself is 400", async () => {
    for (const res of [
      await send("POST", "/api/users/block", a, { userId: a.id }),
      await send("DELETE", `/api/users/block/${a.id}`, a),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(userMessages.blockSelf);
    }
  });

  it("a block removes the follows both ways and hides each from the other; lifting it shows them again", async () => {
    await send("POST", "/api/users/follow", a, { followingId: b.id });
    await send("POST", "/api/users/follow", b, { followingId: a.id });
    await send("POST", "/api/favorites", b, { schoolId: schoolIds["Aloha Grappling"] });
    for (let i = 0; i < 2; i++) {
      const res = await send("POST", "/api/users/block", a, { userId: b.id });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ isBlocked: true });
    }
    expect(
      await count("select count(*) from blocks where blocker_id = ? and blocked_id = ?", [a.id, b.id]),
    ).toBe(1);
    expect(
      await count("select count(*) from follows where follower_id in (?, ?) and following_id in (?, ?)", [
        a.id,
        b.id,
        a.id,
        b.id,
      ]),
    ).toBe(0);

    // Both directions: the blocker and the blocked member each lose sight of the other.
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const path of [
        `/api/users/${other.id}`,
        `/api/users/follow-status/${other.id}`,
        `/api/settings/${other.id}`,
        `/api/favorites/user/${other.id}`,
      ]) {
        const res = await get(path, viewer);
        expect([path, res.status]).toEqual([path, 404]);
        expect((await res.json()).message).toBe(userMessages.userNotFound);
      }
      const followed = await send("POST", "/api/users/follow", viewer, { followingId: other.id });
      expect(followed.status).toBe(404);
      expect((await followed.json()).message).toBe(userMessages.userNotFound);
      const found = await (await get(`/api/users/search?q=${other.username}`, viewer)).json();
      expect(found).toEqual([]);
      expect(await (await get("/api/users/friends", viewer)).json()).toEqual([]);
      expect(await profileView(db(), member(viewer), other.id)).toBeNull();
    }
    expect(await count("select count(*) from follows where follower_id in (?, ?)", [a.id, b.id])).toBe(0);
    expect((await (await get("/api/users/blocked", a)).json()).map((u: { id: number }) => u.id)).toEqual([
      b.id,
    ]);
    expect(await (await get("/api/users/blocked", b)).json()).toEqual([]);

    // The blocked member may not lift the blocker's block.
    await send("DELETE", `/api/users/block/${a.id}`, b);
    expect((await get(`/api/users/${b.id}`, a)).status).toBe(404);

    for (let i = 0; i < 2; i++) {
      const res = await send("DELETE", `/api/users/block/${b.id}`, a);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ isBlocked: false });
    }
    expect((await get(`/api/users/${b.id}`, a)).status).toBe(200);
    expect((await get(`/api/favorites/user/${b.id}`, a)).status).toBe(200);
    expect(await (await get(`/api/settings/${b.id}`, a)).json()).toEqual(defaultPrivacySettings);
    expect(
      (await (await get(`/api/users/search?q=${b.username}`, a)).json()).map((u: { id: number }) => u.id),
    ).toEqual([b.id]);
    // Lifting a block does not bring the follows back.
    expect(await (await get(`/api/users/follow-status/${b.id}`, a)).json()).toBe(false);
  });

  it("a follow that races a block is not written", async () => {
    await db().insert(blocks).values({ blockerId: b.id, blockedId: a.id, createdAt: new Date() });
    expect(await insertFollow(db(), a.id, b.id, new Date())).toBe(false);
    expect(
      await count("select count(*) from follows where follower_id = ? and following_id = ?", [a.id, b.id]),
    ).toBe(0);
    await send("DELETE", `/api/users/block/${a.id}`, b);
  });
});

describe("bounded queries", () => {
  /** Statements sent while `fn` runs (drizzle and raw SQL both go through `execute`). */
  async function statementsOf(fn: () => Promise<unknown>) {
    const client = t.app.context.database.client;
    const execute = client.execute;
    let n = 0;
    client.execute = ((stmt: Parameters<typeof execute>[0]) => {
      n++;
      return execute.call(client, stmt);
    }) as typeof execute;
    try {
      await fn();
    } finally {
      client.execute = execute;
    }
    return n;
  }

  it("friends, search and the profile view cost the same few statements for 2 or 60 people", async () => {
    const few = await registerMember(t, "few");
    const lots = await registerMember(t, "lots");
    const people = await insertUsers(Array.from({ length: 60 }, (_, i) => `bounded${i}`));
    const ids = Object.values(people);
    const follow = (followerId: number, targets: number[]) =>
      db()
        .insert(follows)
        .values(targets.map((followingId) => ({ followerId, followingId, createdAt: new Date() })));
    await follow(few.id, ids.slice(0, 2));
    await follow(lots.id, ids);
    for (const who of [few, lots]) {
      expect(await statementsOf(() => listFriends(db(), member(who)))).toBe(2);
      // 60 names start with it: the prefix statement alone; names that only hold it, two.
      expect(await statementsOf(() => searchUsers(db(), member(who), "bounded"))).toBe(1);
      expect(await statementsOf(() => searchUsers(db(), member(who), "ounded"))).toBe(2);
      expect(await statementsOf(() => profileView(db(), member(who), ids[0] as number))).toBe(3);
    }
    expect(await listFriends(db(), member(lots))).toHaveLength(60);
  });
});
