import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { appendEvent, latestEventId } from "../../src/server/events/store";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * A member's static page is put together from parts kept per page around their own header
 * (src/server/render/member-page-cache.ts). `?x=1` takes the page rendered whole, which
 * must be the same HTML.
 */
describe("a member's static page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (path: string, cookie: string, encoding = "gzip") => {
    const res = await t.request(path, { headers: { cookie, "accept-encoding": encoding } });
    expect(res.status).toBe(200);
    const gzipped = res.headers.get("content-encoding") === "gzip";
    expect(gzipped).toBe(encoding === "gzip");
    const bytes = new Uint8Array(await res.arrayBuffer());
    return new TextDecoder().decode(gzipped ? Bun.gunzipSync(bytes) : bytes);
  };

  it("is the whole render, with each member's own header and stream position, gzipped or not", async () => {
    const a = await registerMember(t, "shellA");
    const b = await registerMember(t, "shellB");
    const db = t.app.context.database.db;
    for (const path of ["/about", "/shop", "/donate"]) {
      for (const member of [a, b, a]) {
        await db.batch([...appendEvent(db, { type: "badge.earned", actorId: member.id, at: new Date() })]);
        const newest = await latestEventId(db);
        const kept = await get(path, member.cookie);
        expect(kept).toContain(`<body data-live-from="${newest}">`);
        expect(kept).toContain(`Welcome, ${member.username}`);
        const other = member === a ? b : a;
        expect(kept).not.toContain(other.username);
        expect(await get(`${path}?x=1`, member.cookie)).toBe(kept);
        expect(await get(path, member.cookie, "identity")).toBe(kept);
      }
    }
  });

  it("shows the member's unread counts as they are at each request", async () => {
    const a = await registerMember(t, "shellCounts");
    const b = await registerMember(t, "shellFollower");
    const before = await get("/about", a.cookie);
    const follow = await t.json("POST", "/api/users/follow", { followingId: a.id }, { cookie: b.cookie });
    expect(follow.status).toBeLessThan(300);
    const after = await get("/about", a.cookie);
    // The follow is a notification: the bell's count moved, so the header did.
    expect(after).not.toBe(before);
    expect(after).toBe(await get("/about?x=1", a.cookie));
  });
});
