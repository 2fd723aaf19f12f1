import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createSessionCache } from "../../src/server/features/auth/session-cache";
import { secondCopy } from "../support/second-copy";
import { registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

/** README "Scaling out": a copy reuses a session for SESSION_CACHE_MS; a write on it forgets them. */
const TTL_MS = 400;
let a: TestApp;
let b: Awaited<ReturnType<typeof secondCopy>>;
beforeAll(async () => {
  a = await createTestApp({ SESSION_CACHE_MS: String(TTL_MS) });
  b = await secondCopy(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const me = (copy: Pick<TestApp, "request">, cookie: string) =>
  copy.request("/api/auth/me", { headers: { cookie } }).then((res) => res.status);
const logout = (copy: Pick<TestApp, "request">, cookie: string) =>
  copy.request("/api/auth/logout", { method: "POST", headers: { cookie, "sec-fetch-site": "same-origin" } });

describe("the session cache", () => {
  it("reads a session once per time to live on a copy", async () => {
    const member = await registerMember(a);
    const counter = countStatements(a.app.context.database.client);
    expect(await me(a, member.cookie)).toBe(200);
    const first = counter.n;
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await me(a, member.cookie)).toBe(200);
    expect(counter.n).toBe(first);
  });

  it("a sign-out ends the session at once on its copy, and on another within the time to live", async () => {
    const member = await registerMember(a);
    expect([await me(a, member.cookie), await me(b, member.cookie)]).toEqual([200, 200]);
    const signedOutAt = performance.now();
    expect((await logout(a, member.cookie)).status).toBe(200);
    expect(await me(a, member.cookie)).toBe(401);
    let status = await me(b, member.cookie);
    while (status === 200 && performance.now() - signedOutAt < TTL_MS * 3) {
      await Bun.sleep(25);
      status = await me(b, member.cookie);
    }
    expect(status).toBe(401);
    // The bound is the time to live, plus a scheduling margin on a busy machine.
    expect(performance.now() - signedOutAt).toBeLessThan(TTL_MS + 250);
  });

  it("a write on a copy to sessions makes it read every session again", async () => {
    const [member, other] = [await registerMember(a), await registerMember(a)];
    expect(await me(b, member.cookie)).toBe(200);
    // Ended behind the copy's back (another copy's sign-out, as B would see it)...
    await a.app.context.database.client.execute({
      sql: "delete from sessions where user_id = ?",
      args: [member.id],
    });
    // ...then any write on B, here someone else's sign-out, forgets what B remembered.
    await logout(b, other.cookie);
    expect(await me(b, member.cookie)).toBe(401);
  });

  it("a write to neither sessions nor accounts (a post) keeps what the copy remembered", async () => {
    // A long time to live, so only a write can make the copy forget within the test.
    const t = await createTestApp({ SESSION_CACHE_MS: "60000" });
    const c = await secondCopy(t);
    try {
      const [member, other] = [await registerMember(t), await registerMember(t)];
      expect(await me(c, member.cookie)).toBe(200);
      await t.app.context.database.client.execute({
        sql: "delete from sessions where user_id = ?",
        args: [member.id],
      });
      const post = await c.request("/api/posts", {
        method: "POST",
        headers: {
          cookie: other.cookie,
          "sec-fetch-site": "same-origin",
          "content-type": "application/json",
        },
        body: JSON.stringify({ content: "Open mat at noon", visibility: "Public" }),
      });
      expect(post.status).toBe(201);
      // Still the copy's memory of the session (ended behind its back, within the time to live).
      expect(await me(c, member.cookie)).toBe(200);
      expect((await logout(c, other.cookie)).status).toBe(200);
      expect(await me(c, member.cookie)).toBe(401);
    } finally {
      await c.close();
      await t.close();
    }
  });

  it("with SESSION_CACHE_MS=0 every request reads the database", async () => {
    const t = await createTestApp({ SESSION_CACHE_MS: "0" });
    try {
      const member = await registerMember(t);
      expect(await me(t, member.cookie)).toBe(200);
      await t.app.context.database.client.execute({
        sql: "delete from sessions where user_id = ?",
        args: [member.id],
      });
      expect(await me(t, member.cookie)).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe("createSessionCache", () => {
  const value = { session: { id: "s", expiresAt: new Date(0) }, user: {} as never };

  it("forgets an entry after its time to live", () => {
    let now = 0;
    const cache = createSessionCache(100, () => now);
    cache.set("t", value, cache.generation);
    now = 99;
    expect(cache.get("t")).toBe(value);
    now = 100;
    expect(cache.get("t")).toBeUndefined();
  });

  it("shares a lookup between requests that ask while it runs, but not across a write", async () => {
    const cache = createSessionCache(1000, () => 0);
    let reads = 0;
    const read = async () => {
      const n = ++reads;
      await Bun.sleep(5);
      return n;
    };
    expect(await Promise.all([cache.lookUp("t", read), cache.lookUp("t", read)])).toEqual([1, 1]);
    const before = cache.lookUp("t", read);
    cache.forgetAll();
    const after = cache.lookUp("t", read);
    expect([await before, await after]).toEqual([2, 3]);
    // Another token is its own lookup.
    expect(await Promise.all([cache.lookUp("t", read), cache.lookUp("u", read)])).toEqual([4, 5]);
  });

  it("does not keep a lookup that a write overlapped", () => {
    const cache = createSessionCache(1000, () => 0);
    const before = cache.generation;
    cache.forgetAll();
    cache.set("t", value, before);
    expect(cache.get("t")).toBeUndefined();
  });
});
