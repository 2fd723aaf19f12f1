import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import { LOGIN_FAILURE_LIMIT } from "../../src/server/features/auth/service";
import { jsonFrom, newMember, nextPeerIp, registerMember, sessionCookieFrom } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forbiddenKeys = ["passwordHash", "password_hash", "token", "password"];
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const key of forbiddenKeys) expect(text).not.toContain(`"${key}"`);
}

describe("register", () => {
  it("creates the account, signs in and never returns the hash", async () => {
    const m = newMember();
    const res = await t.json("POST", "/api/auth/register", m);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe(authMessages.registered);
    expect(body.user).toMatchObject({
      username: m.username,
      email: m.email,
      role: "member",
      emailVerified: false,
    });
    expectNoSecrets(body);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("om_session="));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain("Path=/");
    const me = await t.request("/api/auth/me", { headers: { cookie: sessionCookieFrom(res) ?? "" } });
    expect((await me.json()).user.username).toBe(m.username);
  });

  it.each([
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "a".repeat(50) }, "Username must be less than 50 characters"],
    [{ username: "bad name!" }, authMessages.usernameChars],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ password: "short" }, "Password must be at least 8 characters"],
  ])("rejects %o with the spec's message", async (override, message) => {
    const res = await t.json("POST", "/api/auth/register", { ...newMember(), ...override });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(body.issues.length).toBeGreaterThan(0);
  });

  it("keeps usernames unique regardless of case and e-mails after normalising", async () => {
    const m = await registerMember(t);
    const sameName = await t.json("POST", "/api/auth/register", {
      ...newMember(),
      username: m.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect((await sameName.json()).message).toBe(authMessages.usernameTaken);
    const sameEmail = await t.json("POST", "/api/auth/register", {
      ...newMember(),
      email: ` ${m.email.toUpperCase()} `,
    });
    expect(sameEmail.status).toBe(409);
    expect((await sameEmail.json()).message).toBe(authMessages.emailTaken);
  });

  it("refuses a malformed JSON body with 400 and changes nothing", async () => {
    const res = await t.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: "{oops",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Request body is not valid JSON");
  });
});

describe("login, me and logout", () => {
  it("signs in by username or e-mail, with a new session each time", async () => {
    const m = await registerMember(t);
    const byName = await t.json("POST", "/api/auth/login", { identifier: m.username, password: m.password });
    expect(byName.status).toBe(200);
    expect((await byName.json()).message).toBe(authMessages.loggedIn);
    const byEmail = await t.json("POST", "/api/auth/login", {
      identifier: m.email.toUpperCase(),
      password: m.password,
    });
    expect(byEmail.status).toBe(200);
    const a = sessionCookieFrom(byName);
    const b = sessionCookieFrom(byEmail);
    expect(a).not.toBeNull();
    expect(a).not.toBe(b);
    expect(a).not.toBe(m.cookie);
  });

  it("session fixation: signing in replaces the cookie and ends the session it came with", async () => {
    const m = await registerMember(t);
    const res = await t.json(
      "POST",
      "/api/auth/login",
      { identifier: m.username, password: m.password },
      { cookie: m.cookie },
    );
    const fresh = sessionCookieFrom(res);
    expect(fresh).not.toBe(m.cookie);
    expect((await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).status).toBe(401);
    expect((await t.request("/api/auth/me", { headers: { cookie: fresh ?? "" } })).status).toBe(200);
  });

  it("says only 'Invalid credentials' for a wrong password or an unknown account", async () => {
    const m = await registerMember(t);
    for (const identifier of [m.username, "nobody-here"]) {
      const res = await t.json("POST", "/api/auth/login", { identifier, password: "wrong password" });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid credentials" });
    }
  });

  it.each([
    [{ identifier: "", password: "x" }, "Email or username is required"],
    [{ identifier: "someone", password: "" }, "Password is required"],
  ])("validates %o", async (body, message) => {
    const res = await t.json("POST", "/api/auth/login", body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("me is 401 without a session", async () => {
    const res = await t.request("/api/auth/me");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Not authenticated" });
  });

  it("a replayed cookie after logout is refused", async () => {
    const m = await registerMember(t);
    const out = await t.json("POST", "/api/auth/logout", undefined, { cookie: m.cookie });
    expect(out.status).toBe(200);
    expect((await out.json()).message).toBe(authMessages.loggedOut);
    expect(out.headers.getSetCookie().join()).toMatch(/om_session=;.*Max-Age=0/i);
    expect((await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).status).toBe(401);
  });

  it("a forged cookie is refused and cleared", async () => {
    const res = await t.request("/api/auth/me", { headers: { cookie: "om_session=forged-token-value" } });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().join()).toMatch(/Max-Age=0/i);
  });

  it("throttles failed logins per account with the spec's 429 body", async () => {
    const own = await createTestApp({ TRUST_PROXY: "true" });
    const m = await registerMember(own);
    for (let i = 0; i < 10; i++) {
      // Each try from another address, so only the per-account counter can trip.
      const from = { "x-forwarded-for": `198.51.100.${i}` };
      const res = await own.json(
        "POST",
        "/api/auth/login",
        { identifier: m.username, password: "nope nope" },
        from,
      );
      expect(res.status).toBe(401);
    }
    const res = await own.json("POST", "/api/auth/login", { identifier: m.username, password: m.password });
    await own.close();
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body).toEqual({
      message: "Too many requests. Please try again later.",
      retryAfter: expect.any(Number),
      limit: 10,
      remaining: 0,
    });
    expect(Number(res.headers.get("retry-after"))).toBe(body.retryAfter);
    expect(res.headers.get("x-ratelimit-limit")).toBe("10");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
  }, 30_000);

  it("throttles failed logins per client IP across accounts", async () => {
    const ipApp = await createTestApp({ TRUST_PROXY: "true" });
    const from = { "x-forwarded-for": "203.0.113.50" };
    for (let i = 0; i < 10; i++) {
      await ipApp.json("POST", "/api/auth/login", { identifier: `ghost${i}`, password: "whatever1" }, from);
    }
    const blocked = await ipApp.json(
      "POST",
      "/api/auth/login",
      { identifier: "ghost-new", password: "x1234567" },
      from,
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await ipApp.json(
      "POST",
      "/api/auth/login",
      { identifier: "ghost-new", password: "x1234567" },
      {
        "x-forwarded-for": "203.0.113.51",
      },
    );
    expect(elsewhere.status).toBe(401);
    await ipApp.close();
  });
});

describe("registration races and limits", () => {
  it("10 sign-ups with one username at once: exactly one 201, the rest 409, none 500", async () => {
    const name = newMember("race").username;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
          ...newMember(),
          username: i % 2 ? name : name.toUpperCase(),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect((await res.json()).message).toBe(authMessages.usernameTaken);
    }
  }, 30_000);

  it("sign-ups with one e-mail at once: one 201, the rest 409 with the e-mail message", async () => {
    const email = newMember("racemail").email;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", { ...newMember(), email }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect((await res.json()).message).toBe(authMessages.emailTaken);
    }
  }, 30_000);

  it("limits sign-ups per client IP, counted atomically, with the spec's 429 body; other addresses still sign up", async () => {
    const own = await createTestApp({ TRUST_PROXY: "true" });
    const from = { "x-forwarded-for": "203.0.113.77" };
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => own.json("POST", "/api/auth/register", newMember("burst"), from)),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const refused = burst.find((r) => r.status === 429) as Response;
    expect(await refused.json()).toEqual({
      message: "Too many requests. Please try again later.",
      retryAfter: expect.any(Number),
      limit: 5,
      remaining: 0,
    });
    expect(refused.headers.get("retry-after")).not.toBeNull();
    const users = await own.app.context.database.client.execute("select count(*) from users");
    expect(Number(users.rows[0]?.[0])).toBe(5);
    const other = await own.json("POST", "/api/auth/register", newMember("burst"), {
      "x-forwarded-for": "203.0.113.78",
    });
    expect(other.status).toBe(201);
    await own.close();
  }, 30_000);

  it("SIGNUP_LIMIT sets the limit (the e2e suite signs up many members from one address)", async () => {
    const roomy = await createTestApp({ SIGNUP_LIMIT: "7" });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => roomy.json("POST", "/api/auth/register", newMember("roomy"))),
    );
    expect(statuses.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 201, 201, 429]);
    await roomy.close();
  }, 30_000);
});

describe("login throttle under parallel guessing", () => {
  it("40 wrong passwords at once from 40 addresses: at most 10 are checked, then even the right one is refused", async () => {
    // A clock stopped a minute into a throttle window: the guesses take seconds, and a window
    // ending between them and the right password would start a fresh count.
    const window = LOGIN_FAILURE_LIMIT.windowMs;
    const stopped = new Date(Math.floor(Date.now() / window) * window + 60_000);
    const own = await createTestApp({ TRUST_PROXY: "true" }, { now: () => stopped });
    const m = await registerMember(own);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        own.json(
          "POST",
          "/api/auth/login",
          { identifier: m.username, password: `wrong guess ${i}` },
          { "x-forwarded-for": `198.51.100.${i + 1}` },
        ),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const right = await own.json(
      "POST",
      "/api/auth/login",
      { identifier: m.username, password: m.password },
      { "x-forwarded-for": "198.51.100.200" },
    );
    expect(right.status).toBe(429);
    expect(sessionCookieFrom(right)).toBeNull();
    await own.close();
  }, 60_000);

  it("the lock is on the account: failures by username also lock its e-mail, in any case", async () => {
    const own = await createTestApp({ TRUST_PROXY: "true" });
    const m = await registerMember(own);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        own.json(
          "POST",
          "/api/auth/login",
          { identifier: i % 2 ? m.username : m.username.toUpperCase(), password: "not the password" },
          { "x-forwarded-for": `192.0.2.${i + 1}` },
        ),
      ),
    );
    const byEmail = await own.json(
      "POST",
      "/api/auth/login",
      { identifier: m.email.toUpperCase(), password: m.password },
      { "x-forwarded-for": "192.0.2.100" },
    );
    expect(byEmail.status).toBe(429);
    await own.close();
  }, 60_000);

  it("unknown names are throttled too, by the name as typed in any case", async () => {
    const own = await createTestApp({ TRUST_PROXY: "true" });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        own.json(
          "POST",
          "/api/auth/login",
          { identifier: i % 2 ? "Nobody-Here" : "nobody-here", password: "whatever1" },
          { "x-forwarded-for": `192.0.2.${i + 1}` },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    await own.close();
  }, 60_000);

  it("successful sign-ins do not use up the allowance", async () => {
    const own = await createTestApp({ TRUST_PROXY: "true" });
    const m = await registerMember(own);
    const from = { "x-forwarded-for": "192.0.2.9" };
    for (let i = 0; i < 11; i++) {
      const ok = await own.json(
        "POST",
        "/api/auth/login",
        { identifier: m.username, password: m.password },
        from,
      );
      expect(ok.status).toBe(200);
    }
    await own.close();
  }, 60_000);
});

describe("sessions", () => {
  it("extends a session used in its second half and expires an old one", async () => {
    let now = new Date("2026-01-01T00:00:00Z");
    const clock = await createTestApp({}, { now: () => now });
    const m = await registerMember(clock);
    now = new Date("2026-01-20T00:00:00Z");
    const renewed = await clock.request("/api/auth/me", { headers: { cookie: m.cookie } });
    expect(renewed.status).toBe(200);
    const expires = renewed.headers.getSetCookie().find((c) => c.startsWith("om_session="));
    expect(expires).toContain("Expires=");
    expect(new Date(expires?.match(/Expires=([^;]+)/)?.[1] ?? 0).getTime()).toBe(
      new Date("2026-02-19T00:00:00Z").getTime(),
    );
    now = new Date("2026-03-01T00:00:00Z");
    expect((await clock.request("/api/auth/me", { headers: { cookie: m.cookie } })).status).toBe(401);
    await clock.close();
  });

  it("uses a __Host- Secure cookie when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://openmat.example" });
    const res = await secure.app.handle(
      new Request("https://openmat.example/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify(newMember()),
      }),
    );
    const cookie = res.headers.getSetCookie().join();
    expect(cookie).toContain("__Host-om_session=");
    expect(cookie).toContain("Secure");
    await secure.close();
  });
});
