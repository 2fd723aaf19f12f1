import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { seedFixtureSchools } from "../support/schools";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true", SEARCH_LIMIT_GUEST: "5", SEARCH_LIMIT_MEMBER: "15" });
  ids = await seedFixtureSchools(t);
});
afterAll(() => t.close());

const from = (ip: string, cookie?: string) => ({
  headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
});

describe("daily search quota", () => {
  it("allows a guest 5 searches a day, then answers the spec's 429", async () => {
    const guest = from("198.51.100.20");
    const paths = [
      "/api/schools/search?q=Austin",
      "/api/schools/radius?lat=30.26&lng=-97.74&radius=5",
      "/api/schools/city/Austin",
      "/api/schools/search?q=Dallas",
      "/api/schools/search?q=Phoenix",
    ];
    for (const [i, path] of paths.entries()) {
      const res = await t.request(path, guest);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("5");
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(4 - i));
    }
    const res = await t.request("/api/schools/search?q=Honolulu", guest);
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body).toEqual({
      message: "Daily search limit reached",
      retryAfter: expect.any(Number),
      limit: 5,
      remaining: 0,
    });
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(86_400);
    expect(res.headers.get("retry-after")).toBe(String(body.retryAfter));
    expect(res.headers.get("x-ratelimit-limit")).toBe("5");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("does not count pins, suggestions, school details or bad input", async () => {
    const guest = from("198.51.100.21");
    for (let i = 0; i < 8; i++) {
      expect((await t.request("/api/schools/pins", guest)).status).toBe(200);
      expect((await t.request("/api/suggestions?query=au", guest)).status).toBe(200);
      expect((await t.request(`/api/schools/${ids["Aloha Grappling"]}`, guest)).status).toBe(200);
      expect((await t.request("/api/schools/radius?lat=999&lng=0&radius=1", guest)).status).toBe(400);
    }
    const res = await t.request("/api/schools/search?q=Austin", guest);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("4");
  });

  it("gives a member 15 searches, counted per member rather than per address", async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 15; i++) {
      const res = await t.request("/api/schools/search?q=Austin", from(`203.0.113.${i}`, m.cookie));
      expect(res.status).toBe(200);
    }
    const res = await t.request("/api/schools/search?q=Austin", from("203.0.113.99", m.cookie));
    expect(res.status).toBe(429);
    expect((await res.json()).limit).toBe(15);
  });

  it("starts again the next day", async () => {
    let now = new Date("2026-06-01T23:59:00Z");
    const clock = await createTestApp({ SEARCH_LIMIT_GUEST: "1" }, { now: () => now });
    expect((await clock.request("/api/schools/search?q=Austin")).status).toBe(200);
    const blocked = await clock.request("/api/schools/search?q=Austin");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).retryAfter).toBe(60);
    now = new Date("2026-06-02T00:00:01Z");
    expect((await clock.request("/api/schools/search?q=Austin")).status).toBe(200);
    await clock.close();
  });
});

describe("favourites", () => {
  it.each([
    ["GET", "/api/favorites"],
    ["GET", "/api/favorites/check/1"],
    ["POST", "/api/favorites"],
    ["DELETE", "/api/favorites/1"],
    ["GET", "/api/favorites/user/1"],
  ])("%s %s is 401 for a guest", async (method, path) => {
    const res = await t.json(method, path, method === "POST" ? { schoolId: 1 } : undefined);
    expect(res.status).toBe(401);
  });

  it("adds and removes idempotently and reports the state", async () => {
    const m = await registerMember(t);
    const schoolId = ids["Desert Heat BJJ"];
    const as = { cookie: m.cookie };
    for (let i = 0; i < 2; i++) {
      const res = await t.json("POST", "/api/favorites", { schoolId }, as);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ isFavorite: true });
    }
    const list = await (await t.request("/api/favorites", { headers: as })).json();
    expect(list).toHaveLength(1);
    expect(list[0].school.gym).toBe("Desert Heat BJJ");
    expect(await (await t.request(`/api/favorites/check/${schoolId}`, { headers: as })).json()).toEqual({
      isFavorite: true,
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.json("DELETE", `/api/favorites/${schoolId}`, undefined, as);
      expect(await res.json()).toEqual({ isFavorite: false });
    }
    expect(await (await t.request("/api/favorites", { headers: as })).json()).toEqual([]);
  });

  it("rejects unknown schools and bad ids without changing anything", async () => {
    const m = await registerMember(t);
    const as = { cookie: m.cookie };
    expect((await t.json("POST", "/api/favorites", { schoolId: 999999 }, as)).status).toBe(404);
    expect((await t.json("POST", "/api/favorites", { schoolId: "1" }, as)).status).toBe(400);
    expect((await t.json("POST", "/api/favorites", {}, as)).status).toBe(400);
    expect((await t.request("/api/favorites/check/abc", { headers: as })).status).toBe(400);
    expect(await (await t.request("/api/favorites", { headers: as })).json()).toEqual([]);
  });

  it("shows another member's saved gyms only while they share them", async () => {
    const owner = await registerMember(t);
    const viewer = await registerMember(t);
    await t.json("POST", "/api/favorites", { schoolId: ids["Aloha Grappling"] }, { cookie: owner.cookie });
    const seen = await t.request(`/api/favorites/user/${owner.id}`, { headers: { cookie: viewer.cookie } });
    expect(seen.status).toBe(200);
    expect((await seen.json())[0].school.gym).toBe("Aloha Grappling");
    await t.json("PATCH", "/api/settings", { showSavedGymNames: false }, { cookie: owner.cookie });
    const hidden = await t.request(`/api/favorites/user/${owner.id}`, { headers: { cookie: viewer.cookie } });
    expect(hidden.status).toBe(403);
    expect((await hidden.json()).message).toBe("This member keeps their saved gyms private.");
    const own = await t.request(`/api/favorites/user/${owner.id}`, { headers: { cookie: owner.cookie } });
    expect(await own.json()).toHaveLength(1);
    expect(
      (await t.request("/api/favorites/user/999999", { headers: { cookie: viewer.cookie } })).status,
    ).toBe(404);
  });

  it("a deleted account takes its favourites with it", async () => {
    const m = await registerMember(t);
    await t.json("POST", "/api/favorites", { schoolId: ids["Aloha Grappling"] }, { cookie: m.cookie });
    const deleted = await t.json(
      "DELETE",
      "/api/account/delete",
      { currentPassword: m.password },
      { cookie: m.cookie },
    );
    expect(deleted.status).toBe(200);
    const left = await t.app.context.database.client.execute({
      sql: "select count(*) from favorites where user_id = ?",
      args: [m.id],
    });
    expect(Number(left.rows[0]?.[0])).toBe(0);
  });
});
