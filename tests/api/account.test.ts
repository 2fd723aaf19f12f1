import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { accountMessages } from "../../src/common/schemas/account";
import { defaultOwnSettings } from "../../src/common/schemas/settings";
import { forgotFor, registerMember, resetTokenCount, sessionCookieFrom } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = async (identifier: string, password: string) =>
  sessionCookieFrom(await t.json("POST", "/api/auth/login", { identifier, password }));

describe("account changes need a session", () => {
  it.each([
    ["POST", "/api/account/change-password"],
    ["POST", "/api/account/change-username"],
    ["POST", "/api/account/change-email"],
    ["DELETE", "/api/account/delete"],
    ["GET", "/api/settings"],
    ["PATCH", "/api/settings"],
    ["GET", "/api/settings/1"],
  ])("%s %s is 401 for a guest", async (method, path) => {
    const res = await t.json(method, path, method === "GET" || method === "DELETE" ? undefined : {});
    expect(res.status).toBe(401);
  });
});

describe("change password", () => {
  it("checks the current password, then ends every other session", async () => {
    const m = await registerMember(t);
    const other = await login(m.username, m.password);
    const wrong = await t.json(
      "POST",
      "/api/account/change-password",
      { currentPassword: "not it at all", newPassword: "a new password", confirmPassword: "a new password" },
      { cookie: m.cookie },
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(accountMessages.currentPasswordWrong);
    const ok = await t.json(
      "POST",
      "/api/account/change-password",
      { currentPassword: m.password, newPassword: "a new password", confirmPassword: "a new password" },
      { cookie: m.cookie },
    );
    expect(ok.status).toBe(200);
    expect((await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).status).toBe(200);
    expect((await t.request("/api/auth/me", { headers: { cookie: other ?? "" } })).status).toBe(401);
    expect(await login(m.username, "a new password")).not.toBeNull();
  });

  it.each([
    [
      { currentPassword: "", newPassword: "abcdefgh", confirmPassword: "abcdefgh" },
      "Current password is required",
    ],
    [
      { currentPassword: "x", newPassword: "short", confirmPassword: "short" },
      // Spec §5's wording for change password; registration's ends at "characters".
      "Password must be at least 8 characters long",
    ],
    [{ currentPassword: "x", newPassword: "abcdefgh", confirmPassword: "abcdefgX" }, "Passwords don't match"],
  ])("validates %o", async (body, message) => {
    const m = await registerMember(t);
    const res = await t.json("POST", "/api/account/change-password", body, { cookie: m.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });
});

describe("change username and e-mail", () => {
  it("changes the username; a taken one is refused", async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const taken = await t.json(
      "POST",
      "/api/account/change-username",
      {
        newUsername: b.username.toUpperCase(),
        confirmUsername: b.username.toUpperCase(),
        currentPassword: a.password,
      },
      { cookie: a.cookie },
    );
    expect(taken.status).toBe(409);
    const ok = await t.json(
      "POST",
      "/api/account/change-username",
      { newUsername: `${a.username}x`, confirmUsername: `${a.username}x`, currentPassword: a.password },
      { cookie: a.cookie },
    );
    expect(ok.status).toBe(200);
    const me = await (await t.request("/api/auth/me", { headers: { cookie: a.cookie } })).json();
    expect(me.user.username).toBe(`${a.username}x`);
  });

  it.each([
    [{ newUsername: "", confirmUsername: "", currentPassword: "x" }, "Username is required"],
    [
      { newUsername: "x".repeat(50), confirmUsername: "x".repeat(50), currentPassword: "x" },
      "Username must be less than 50 characters",
    ],
    [{ newUsername: "someone", confirmUsername: "someone2", currentPassword: "x" }, "Usernames don't match"],
    [
      { newUsername: "someone", confirmUsername: "someone", currentPassword: "" },
      "Current password is required",
    ],
    [{ newUsername: "someone", confirmUsername: "someone" }, "Current password is required"],
  ])("validates username change %o", async (body, message) => {
    const m = await registerMember(t);
    const res = await t.json("POST", "/api/account/change-username", body, { cookie: m.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("two members racing for one free username: one 200, one 409, never 500", async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const wanted = `${a.username}race`;
    const answers = await Promise.all(
      [a, b].map((m) =>
        t.json(
          "POST",
          "/api/account/change-username",
          { newUsername: wanted, confirmUsername: wanted, currentPassword: m.password },
          { cookie: m.cookie },
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("asks for the e-mail change's address and confirmation to match and the address to be free", async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const mismatch = await t.json(
      "POST",
      "/api/account/change-email",
      { newEmail: "x@example.com", confirmEmail: "y@example.com", currentPassword: a.password },
      { cookie: a.cookie },
    );
    expect((await mismatch.json()).message).toBe("Email addresses don't match");
    const taken = await t.json(
      "POST",
      "/api/account/change-email",
      { newEmail: b.email, confirmEmail: b.email, currentPassword: a.password },
      { cookie: a.cookie },
    );
    expect(taken.status).toBe(409);
  });
});

describe("sensitive changes ask for the current password", () => {
  const changes = (m: { username: string; email: string }, currentPassword: string) =>
    [
      [
        "POST",
        "/api/account/change-username",
        { newUsername: `${m.username}z`, confirmUsername: `${m.username}z`, currentPassword },
      ],
      [
        "POST",
        "/api/account/change-email",
        { newEmail: `z.${m.email}`, confirmEmail: `z.${m.email}`, currentPassword },
      ],
      ["DELETE", "/api/account/delete", { currentPassword }],
    ] as const;

  it("username, e-mail and deletion: 400 without it and 400 with a wrong one; nothing changes", async () => {
    const m = await registerMember(t);
    for (const [method, path, body] of changes(m, "")) {
      const res = await t.json(method, path, body, { cookie: m.cookie });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(accountMessages.currentPasswordRequired);
    }
    for (const [method, path, body] of changes(m, "not the password")) {
      const res = await t.json(method, path, body, { cookie: m.cookie });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(accountMessages.currentPasswordWrong);
    }
    const deleteWithoutBody = await t.json("DELETE", "/api/account/delete", undefined, { cookie: m.cookie });
    expect(deleteWithoutBody.status).toBe(400);
    const me = await (await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).json();
    expect(me.user).toMatchObject({ username: m.username, email: m.email });
    const mails = await t.app.context.database.client.execute({
      sql: 'select count(*) from mail_outbox where "to" = ?',
      args: [`z.${m.email}`],
    });
    expect(Number(mails.rows[0]?.[0])).toBe(0);
  });
});

describe("reset links end with a password change", () => {
  it("a password change deletes every reset link the user had asked for", async () => {
    const m = await registerMember(t);
    await forgotFor(t, m.email);
    await forgotFor(t, m.email);
    expect(await resetTokenCount(t, m.id)).toBe(2);
    const ok = await t.json(
      "POST",
      "/api/account/change-password",
      { currentPassword: m.password, newPassword: "a new password", confirmPassword: "a new password" },
      { cookie: m.cookie },
    );
    expect(ok.status).toBe(200);
    expect(await resetTokenCount(t, m.id)).toBe(0);
  });
});

describe("delete account", () => {
  it("removes the user, their sessions, settings and links", async () => {
    const m = await registerMember(t);
    const other = await login(m.username, m.password);
    await t.json("PATCH", "/api/settings", { showCity: true }, { cookie: m.cookie });
    const res = await t.json(
      "DELETE",
      "/api/account/delete",
      { currentPassword: m.password },
      { cookie: m.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/Max-Age=0/i);
    expect((await t.request("/api/auth/me", { headers: { cookie: other ?? "" } })).status).toBe(401);
    expect(await login(m.username, m.password)).toBeNull();
    const db = t.app.context.database.client;
    for (const table of ["users", "sessions", "user_settings", "email_verification_tokens"]) {
      const column = table === "users" ? "id" : "user_id";
      const left = await db.execute({
        sql: `select count(*) from ${table} where ${column} = ?`,
        args: [m.id],
      });
      expect(Number(left.rows[0]?.[0])).toBe(0);
    }
  });
});

describe("settings", () => {
  it("returns the defaults, saves a patch and keeps the rest", async () => {
    const m = await registerMember(t);
    const initial = await (await t.request("/api/settings", { headers: { cookie: m.cookie } })).json();
    expect(initial).toEqual(defaultOwnSettings);
    const patched = await t.json(
      "PATCH",
      "/api/settings",
      { showCity: true, showSavedGymNames: false },
      { cookie: m.cookie },
    );
    expect(patched.status).toBe(200);
    expect((await patched.json()).message).toBe("Your privacy preferences have been saved.");
    const after = await (await t.request("/api/settings", { headers: { cookie: m.cookie } })).json();
    expect(after).toEqual({ ...defaultOwnSettings, showCity: true, showSavedGymNames: false });
  });

  it.each([[{}], [{ showCity: "yes" }], [{ isAdmin: true }]])(
    "rejects %o and changes nothing",
    async (body) => {
      const m = await registerMember(t);
      const res = await t.json("PATCH", "/api/settings", body, { cookie: m.cookie });
      expect(res.status).toBe(400);
      const after = await (await t.request("/api/settings", { headers: { cookie: m.cookie } })).json();
      expect(after).toEqual(defaultOwnSettings);
    },
  );

  it("shows another member every privacy flag, the false ones too (a missing one reads as true)", async () => {
    const owner = await registerMember(t);
    const viewer = await registerMember(t);
    await t.json(
      "PATCH",
      "/api/settings",
      { showCity: true, showCheckInGymNames: false },
      { cookie: owner.cookie },
    );
    const res = await t.request(`/api/settings/${owner.id}`, { headers: { cookie: viewer.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      showBeltLevel: false,
      showAboutMe: false,
      showCity: true,
      showHomeGym: false,
      showBadgeCount: false,
      showCheckInGymNames: false,
      showSavedGymNames: true,
      shareBadgeProgressPublic: true,
    });
    expect((await t.request("/api/settings/999999", { headers: { cookie: viewer.cookie } })).status).toBe(
      404,
    );
    expect((await t.request("/api/settings/abc", { headers: { cookie: viewer.cookie } })).status).toBe(400);
  });
});

describe("pages", () => {
  it("a guest on a members-only page gets the sign-in screen in the first HTML", async () => {
    for (const path of [
      "/feed",
      "/account",
      "/profile",
      "/users",
      "/messages",
      "/admin",
      "/users/5",
      "/messages/3",
    ]) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-island="AuthForms"');
      expect(html).toContain(`&quot;next&quot;:&quot;${path}&quot;`.replaceAll("&quot;", '"'));
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("a member sees the account page with their name in the header", async () => {
    const m = await registerMember(t);
    const html = await (await t.request("/account", { headers: { cookie: m.cookie } })).text();
    expect(html).toContain('data-island="AccountSettings"');
    expect(html).toContain(`Welcome, ${m.username}`);
    expect(html).toContain("Logout");
    expect(html).not.toContain(">Sign In</a>");
    expect(html).not.toContain("password_hash");
    // Password, username and e-mail cards and the delete dialog each ask for the current password.
    expect(html.match(/<label[^>]*>Current Password<\/label>/g)).toHaveLength(4);
  });

  it("a member never gets the guests' cached copy of a static page", async () => {
    await t.request("/about");
    const m = await registerMember(t);
    const html = await (await t.request("/about", { headers: { cookie: m.cookie } })).text();
    expect(html).toContain(`Welcome, ${m.username}`);
    expect(await (await t.request("/about")).text()).not.toContain(m.username);
  });

  it("/auth and /login render the sign-in forms and are noindex", async () => {
    for (const path of ["/auth", "/login"]) {
      const html = await (await t.request(path)).text();
      expect(html).toContain("Email or Username");
      expect(html).toContain("Forgot your password?");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("/reset-password without a token shows the invalid link notice", async () => {
    const html = await (await t.request("/reset-password")).text();
    expect(html).toContain("Invalid Reset Link");
    expect(html).toContain("Password reset links expire after 30 minutes");
  });
});
