/**
 * Member pages kept per member (issue 25; src/server/render/page-renderer.ts `forViewer`):
 * a repeated request is served from memory, yet what anyone writes shows on the next
 * request on this copy, another copy's write within the versions' refresh, one member's
 * page never reaches another, and the header's counts are always read fresh.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { gunzipSync } from "node:zlib";
import { TABLE_VERSIONS_REFRESH_MS } from "../../src/db/table-versions";
import { messageClient } from "../support/messages";
import { seedFixtureSchools } from "../support/schools";
import { secondCopy } from "../support/second-copy";
import { registerMember } from "../support/session";
import { countStatements, type SqlCounter } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let counter: SqlCounter;
let schoolId: number;
type Member = Awaited<ReturnType<typeof registerMember>>;
let a: Member;
let b: Member;

beforeAll(async () => {
  t = await createTestApp();
  counter = countStatements(t.app.context.database.client);
  schoolId = Object.values(await seedFixtureSchools(t))[0] as number;
  a = await registerMember(t, "keptreader");
  b = await registerMember(t, "keptauthor");
  expect(
    (await t.json("POST", "/api/users/follow", { followingId: b.id }, { cookie: a.cookie })).status,
  ).toBeLessThan(300);
});
afterAll(() => t.close());

const page = async (path: string, m: Member, init: Record<string, string> = {}) => {
  const res = await t.request(path, { headers: { cookie: m.cookie, ...init } });
  expect(res.status).toBe(200);
  return res.text();
};
const post = async (m: Member, content: string) =>
  expect(
    (await t.json("POST", "/api/posts", { content, photos: [], visibility: "Public" }, { cookie: m.cookie }))
      .status,
  ).toBe(201);

describe("a member's kept pages", () => {
  it("serves a repeated /feed without reading the feed again", async () => {
    await post(b, "A post that makes the next /feed a miss");
    counter.reset();
    await page("/feed", a);
    const missed = counter.n;
    counter.reset();
    await page("/feed", a);
    // The session, the header and (after a write here) the tables' versions: the feed's reads are not made again.
    expect(missed).toBeGreaterThan(5);
    expect(counter.n).toBeLessThanOrEqual(3);
  });

  it("shows a followed member's new post on the reader's next request", async () => {
    await page("/feed", a);
    await post(b, "Open mat at noon, kept-page check");
    expect(await page("/feed", a)).toContain("Open mat at noon, kept-page check");
  });

  it("shows the member's own profile edit on their next request", async () => {
    await page("/profile", a);
    expect(
      (await t.json("PATCH", "/api/users/profile", { city: "Kept City" }, { cookie: a.cookie })).status,
    ).toBe(200);
    expect(await page("/profile", a)).toContain("Kept City");
    await page(`/users/${a.id}`, b);
    await post(a, "A post the profile's visitors see next");
    expect(await page(`/users/${a.id}`, b)).toContain("A post the profile&#x27;s visitors see next");
  });

  it("never gives one member's page to another", async () => {
    const mine = await page("/feed", a);
    const theirs = await page("/feed", b);
    expect(mine).toContain(`"id":${a.id}`);
    expect(theirs).not.toContain(`"id":${a.id},"username"`);
    expect(theirs).toContain(`"id":${b.id}`);
  });

  it("reads the header's unread count on every request, kept page or not", async () => {
    const m = messageClient(t);
    await page("/messages", a);
    const conversation = await m.open(b, a);
    await m.say(b, conversation.id, "kept-page hello");
    const body = await page("/feed", a);
    expect(body).toContain('aria-label="Messages, 1 unread"');
    expect(await page("/messages", a)).toContain("kept-page hello");
  });

  it("sends the same page gzipped or not", async () => {
    await page("/feed", a);
    const plain = await page("/feed", a, { "accept-encoding": "identity" });
    const res = await t.request("/feed", { headers: { cookie: a.cookie, "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const zipped = new TextDecoder().decode(gunzipSync(new Uint8Array(await res.arrayBuffer())));
    // Asked again with nothing moved, the same bytes come back (put together once).
    const again = await t.request("/feed", { headers: { cookie: a.cookie, "accept-encoding": "gzip" } });
    expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await again.arrayBuffer())))).toBe(zipped);
    // Only the request's CSP nonce differs between two responses.
    const noNonce = (s: string) => s.replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(noNonce(zipped)).toBe(noNonce(plain));
  });

  it("shows another copy's write within the versions' refresh", async () => {
    const other = await secondCopy(t);
    try {
      await page("/feed", a);
      const res = await other.request("/api/posts", {
        method: "POST",
        headers: { cookie: b.cookie, "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ content: "Written on the other copy", photos: [], visibility: "Public" }),
      });
      expect(res.status).toBe(201);
      await Bun.sleep(TABLE_VERSIONS_REFRESH_MS + 100);
      expect(await page("/feed", a)).toContain("Written on the other copy");
    } finally {
      await other.close();
    }
  });
});

describe("a member's kept answers", () => {
  const getJson = async (path: string, m: Member) => {
    const res = await t.request(path, { headers: { cookie: m.cookie } });
    expect(res.status).toBe(200);
    return { body: (await res.json()) as unknown, total: res.headers.get("x-total-count") };
  };

  it("answers the feed API from memory, and shows a like on the next request", async () => {
    const { body } = await getJson("/api/posts/feed?limit=10", a);
    const first = (body as { id: number; likedByMe?: boolean; likes?: number }[])[0];
    expect(first).toBeDefined();
    counter.reset();
    await getJson("/api/posts/feed?limit=10", a);
    expect(counter.n).toBeLessThanOrEqual(2);
    expect(
      (await t.json("POST", `/api/posts/${first?.id}/like`, undefined, { cookie: a.cookie })).status,
    ).toBeLessThan(300);
    const after = (await getJson("/api/posts/feed?limit=10", a)).body as { id: number }[];
    expect(JSON.stringify(after[0])).not.toBe(JSON.stringify(first));
  });

  it("keeps a list's X-Total-Count with it, and moves when another member saves a gym", async () => {
    const before = await getJson(`/api/favorites/user/${b.id}`, a);
    expect(before.total).toBe("0");
    expect((await t.json("POST", "/api/favorites", { schoolId }, { cookie: b.cookie })).status).toBeLessThan(
      300,
    );
    const after = await getJson(`/api/favorites/user/${b.id}`, a);
    expect(after.total).toBe("1");
  });

  it("drops a member from a search as soon as they block the searcher", async () => {
    const term = b.username.slice(0, 8);
    const found = (await getJson(`/api/users/search?q=${term}`, a)).body as { id: number }[];
    expect(found.map((u) => u.id)).toContain(b.id);
    expect(
      (await t.json("POST", "/api/users/block", { userId: a.id }, { cookie: b.cookie })).status,
    ).toBeLessThan(300);
    const after = (await getJson(`/api/users/search?q=${term}`, a)).body as { id: number }[];
    expect(after.map((u) => u.id)).not.toContain(b.id);
  });
});
