import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { generateDemoSchools } from "../../src/db/seed/demo-schools";
import { FAVORITES_PAGE } from "../../src/server/features/favorites/service";
import { loadGazetteer } from "../../src/server/features/geo/gazetteer";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { insertSchools } from "../../src/server/features/schools/ingest";
import { registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

const MANY = 300;
let t: TestApp;
let statements: { n: number };
let few: Awaited<ReturnType<typeof registerMember>>;
let many: Awaited<ReturnType<typeof registerMember>>;
let viewer: Awaited<ReturnType<typeof registerMember>>;

/** Saves the first `count` schools (by id) for a member, one second apart, the last newest. */
async function saveSchools(userId: number, count: number) {
  await t.app.context.database.client.execute({
    sql: `INSERT INTO favorites (user_id, school_id, created_at)
          SELECT ?, id, ? + id * 1000 FROM schools ORDER BY id LIMIT ?`,
    args: [userId, Date.UTC(2026, 0, 1), count],
  });
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" });
  const db = t.app.context.database.db;
  await insertSchools(
    { db, now: () => new Date(), timeZoneAt },
    generateDemoSchools(loadGazetteer().cities, MANY + 20),
  );
  few = await registerMember(t, "few");
  many = await registerMember(t, "many");
  viewer = await registerMember(t, "viewer");
  await saveSchools(few.id, 3);
  await saveSchools(many.id, MANY);
  statements = countStatements(t.app.context.database.client);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ headers: { cookie, "x-forwarded-for": "198.51.100.9" } });

/** Statements one request sends, and its response. */
async function measured(path: string, cookie: string) {
  statements.n = 0;
  const res = await t.request(path, as(cookie));
  const body = await res.text();
  return { res, body, statements: statements.n };
}

describe("favourites with many saved gyms", () => {
  it("answers the list a page at a time, with the total in X-Total-Count", async () => {
    const { res, body } = await measured("/api/favorites", many.cookie);
    expect(res.status).toBe(200);
    const items = JSON.parse(body);
    expect(items).toHaveLength(FAVORITES_PAGE.default);
    expect(res.headers.get("x-total-count")).toBe(String(MANY));
    expect(items[0]).toMatchObject({
      schoolId: expect.any(Number),
      savedAt: expect.any(String),
      school: { id: items[0].schoolId, gym: expect.any(String), sessions: expect.any(Array) },
    });
    expect(items.some((i: { school: { sessions: unknown[] } }) => i.school.sessions.length > 0)).toBe(true);
  });

  it("pages cover the whole list once, newest first", async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < MANY; offset += FAVORITES_PAGE.max) {
      const res = await t.request(
        `/api/favorites/user/${many.id}?limit=${FAVORITES_PAGE.max}&offset=${offset}`,
        as(viewer.cookie),
      );
      expect(res.status).toBe(200);
      seen.push(...(await res.json()).map((i: { schoolId: number }) => i.schoolId));
    }
    expect(seen).toHaveLength(MANY);
    expect(new Set(seen).size).toBe(MANY);
    expect(seen).toEqual(seen.toSorted((a, b) => b - a)); // saved in id order, so newest = highest id
    const tail = await t.request(`/api/favorites?limit=50&offset=${MANY - 20}`, as(many.cookie));
    expect(await tail.json()).toHaveLength(20);
  });

  it.each([`limit=${FAVORITES_PAGE.max + 1}`, "limit=0", "limit=abc", "offset=-1", "offset=1.5"])(
    "rejects ?%s with a 400",
    async (query) => {
      const res = await t.request(`/api/favorites?${query}`, as(many.cookie));
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^(limit|offset) must be/);
    },
  );

  it("gives every saved id in one answer, for the map", async () => {
    const res = await t.request("/api/favorites/ids", as(many.cookie));
    const { ids } = await res.json();
    expect(ids).toHaveLength(MANY);
    expect(ids).toEqual(ids.toSorted((a: number, b: number) => b - a)); // newest first, as the pages
    expect((await (await t.request("/api/favorites/ids", as(few.cookie))).json()).ids).toHaveLength(3);
    expect((await t.request("/api/favorites/ids")).status).toBe(401);
  });

  it.each([
    ["GET /api/favorites", () => "/api/favorites", () => ""],
    ["GET /api/favorites/ids", () => "/api/favorites/ids", () => ""],
    ["GET /api/favorites/user/{own id}", (m: { id: number }) => `/api/favorites/user/${m.id}`, () => ""],
    [
      "GET /api/favorites/user/{id} by another member",
      (m: { id: number }) => `/api/favorites/user/${m.id}`,
      () => viewer.cookie,
    ],
    ["GET / signed in", () => "/", () => ""],
  ])("%s sends as many SQL statements for 300 saved gyms as for 3", async (_, path, cookieOf) => {
    const counts: number[] = [];
    for (const member of [few, many]) {
      const cookie = cookieOf() || member.cookie;
      await measured(path(member), cookie); // warm: the first request may refresh the session
      const { res, statements: n } = await measured(path(member), cookie);
      expect(res.status).toBe(200);
      counts.push(n);
    }
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBe(counts[0] as number);
  });

  it("the home page marks every saved gym without loading the schools", async () => {
    const { body } = await measured("/", many.cookie);
    const id = body.match(/data-island="HomeScreen" data-island-id="(island-\d+)"/)?.[1];
    const block = body.match(new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`));
    const props = JSON.parse(block?.[1] ?? "{}");
    expect(props.favoriteIds).toHaveLength(MANY);
  });
});
