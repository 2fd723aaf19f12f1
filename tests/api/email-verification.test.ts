import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { accountMessages } from "../../src/common/schemas/account";
import { authMessages } from "../../src/common/schemas/auth";
import {
  confirmEmail,
  forgotFor,
  jsonFrom,
  mailsTo,
  newMember,
  nextPeerIp,
  openVerifyLink,
  registerMember,
  resetTokenCount,
  sessionCookieFrom,
  verifyTokenFor,
} from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN = "boss@example.com";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
});
afterAll(() => t.close());

const me = async (cookie: string) =>
  (await (await t.request("/api/auth/me", { headers: { cookie } })).json()).user;

const login = async (identifier: string, password: string) =>
  sessionCookieFrom(await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/login", { identifier, password }));

const changeEmail = (cookie: string, newEmail: string, currentPassword: string) =>
  t.json(
    "POST",
    "/api/account/change-email",
    { newEmail, confirmEmail: newEmail, currentPassword },
    { cookie },
  );

describe("e-mail verification at sign-up", () => {
  it("sign-up queues a link to the address; opening it verifies the address once", async () => {
    const m = await registerMember(t);
    expect((await me(m.cookie)).emailVerified).toBe(false);
    const [mail] = await mailsTo(t, m.email);
    expect(mail?.subject).toBe("Confirm your OpenMat email address");
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[a-z0-9]+/);
    const token = await verifyTokenFor(t, m.email);
    // Only the token's hash is stored.
    const stored = await t.app.context.database.client.execute(
      "select token_hash from email_verification_tokens",
    );
    expect(stored.rows.map((r) => r[0])).not.toContain(token);

    // Opening the link (GET) only shows the button: scanners that fetch links use nothing up.
    const page = await t.request(`/verify-email?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Confirm your email address");
    expect(html).toContain('<form action="/verify-email" method="post">');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect((await me(m.cookie)).emailVerified).toBe(false);

    const done = await openVerifyLink(t, token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(authMessages.emailVerified);
    expect((await me(m.cookie)).emailVerified).toBe(true);

    const again = await openVerifyLink(t, token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Invalid Email Link");
  });

  it("a missing, unknown or expired link is refused", async () => {
    expect(await (await t.request("/verify-email")).text()).toContain("Invalid Email Link");
    expect((await openVerifyLink(t, "")).status).toBe(400);
    expect((await openVerifyLink(t, "not-a-real-token")).status).toBe(400);
    let now = new Date("2026-03-01T10:00:00Z");
    const clock = await createTestApp({}, { now: () => now });
    const m = await registerMember(clock);
    const token = await verifyTokenFor(clock, m.email);
    now = new Date("2026-03-02T10:00:01Z");
    const late = await openVerifyLink(clock, token);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(authMessages.verifyLinkInvalid);
    await clock.close();
  });
});

describe("ADMIN_EMAILS count only for a verified address", () => {
  it("signing up with an admin's address gives no admin rights until its link is opened", async () => {
    const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
      username: "claimer",
      email: ADMIN,
      password: "claimer password",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.user).toMatchObject({ role: "member", emailVerified: false });
    const cookie = sessionCookieFrom(res) ?? "";
    expect((await t.request("/api/feedback", { headers: { cookie } })).status).toBe(403);

    await confirmEmail(t, ADMIN);
    expect(await me(cookie)).toMatchObject({ role: "admin", emailVerified: true });
    expect((await t.request("/api/feedback", { headers: { cookie } })).status).toBe(200);
  });

  it("changing to an admin's address gives nothing until the new address's link is opened", async () => {
    const admins = await createTestApp({ ADMIN_EMAILS: "chief@example.com" });
    const m = await registerMember(admins);
    const asked = await admins.json(
      "POST",
      "/api/account/change-email",
      { newEmail: "chief@example.com", confirmEmail: "chief@example.com", currentPassword: m.password },
      { cookie: m.cookie },
    );
    expect(asked.status).toBe(200);
    const self = async () =>
      (await (await admins.request("/api/auth/me", { headers: { cookie: m.cookie } })).json()).user;
    expect(await self()).toMatchObject({ email: m.email, role: "member" });
    await confirmEmail(admins, "chief@example.com", m.cookie);
    expect(await self()).toMatchObject({ email: "chief@example.com", role: "admin", emailVerified: true });
    await admins.close();
  });
});

describe("changing the e-mail address", () => {
  it("takes effect only when the link sent to the new address is opened", async () => {
    const m = await registerMember(t);
    const fresh = `new.${m.email}`;
    const res = await changeEmail(m.cookie, fresh, m.password);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(accountMessages.emailChangeSent);
    const [mail] = await mailsTo(t, fresh);
    expect(mail?.subject).toBe("Confirm your new OpenMat email address");

    // Until then the old address stays and the new one signs nobody in.
    expect((await me(m.cookie)).email).toBe(m.email);
    expect(await login(fresh, m.password)).toBeNull();
    expect(await login(m.email, m.password)).not.toBeNull();
    const account = await (await t.request("/account", { headers: { cookie: m.cookie } })).text();
    expect(account).toContain(fresh);

    const done = await openVerifyLink(t, await verifyTokenFor(t, fresh), m.cookie);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(accountMessages.emailChanged);
    expect(await me(m.cookie)).toMatchObject({ email: fresh, emailVerified: true });
    expect(await login(fresh, m.password)).not.toBeNull();
    expect(await login(m.email, m.password)).toBeNull();
  });

  it("signs out every other session, keeps the one that opened the link, and ends reset links", async () => {
    const m = await registerMember(t);
    const other = (await login(m.username, m.password)) ?? "";
    await forgotFor(t, m.email);
    expect(await resetTokenCount(t, m.id)).toBe(1);
    const fresh = `moved.${m.email}`;
    await changeEmail(m.cookie, fresh, m.password);
    await confirmEmail(t, fresh, m.cookie);
    expect((await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).status).toBe(200);
    expect((await t.request("/api/auth/me", { headers: { cookie: other } })).status).toBe(401);
    expect(await resetTokenCount(t, m.id)).toBe(0);
  });

  it("opened in another browser (no session of the user), it signs out every session", async () => {
    const m = await registerMember(t);
    const fresh = `elsewhere.${m.email}`;
    await changeEmail(m.cookie, fresh, m.password);
    await confirmEmail(t, fresh);
    expect((await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).status).toBe(401);
  });

  it("only the newest requested address can take effect; the old address's links die with the change", async () => {
    const m = await registerMember(t);
    const signUpToken = await verifyTokenFor(t, m.email);
    await changeEmail(m.cookie, `first.${m.email}`, m.password);
    const firstToken = await verifyTokenFor(t, `first.${m.email}`);
    await changeEmail(m.cookie, `second.${m.email}`, m.password);
    expect((await openVerifyLink(t, firstToken, m.cookie)).status).toBe(400);
    await confirmEmail(t, `second.${m.email}`, m.cookie);
    // The sign-up link named the old address: it must not move the account back.
    expect((await openVerifyLink(t, signUpToken, m.cookie)).status).toBe(400);
    expect((await me(m.cookie)).email).toBe(`second.${m.email}`);
  });

  it("an address taken before the link is opened answers 409 and changes nothing", async () => {
    const m = await registerMember(t);
    const wanted = newMember("wanted").email;
    await changeEmail(m.cookie, wanted, m.password);
    const token = await verifyTokenFor(t, wanted);
    const thief = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
      ...newMember("thief"),
      email: wanted,
    });
    expect(thief.status).toBe(201);
    const res = await openVerifyLink(t, token, m.cookie);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(authMessages.emailTaken);
    expect((await me(m.cookie)).email).toBe(m.email);
  });
});

describe("the account page and 'Send the link again'", () => {
  it("shows the note with its button until the address is verified", async () => {
    const m = await registerMember(t);
    const before = await (await t.request("/account", { headers: { cookie: m.cookie } })).text();
    expect(before).toContain(accountMessages.emailNotVerified);
    expect(before).toContain("Send the link again");
    await confirmEmail(t, m.email);
    const after = await (await t.request("/account", { headers: { cookie: m.cookie } })).text();
    expect(after).not.toContain(accountMessages.emailNotVerified);
    expect(after).not.toContain("Send the link again");
  });

  it("sends a new link, at most 3 an hour per member; a verified address needs none", async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 3; i++) {
      const res = await t.json("POST", "/api/account/resend-verification", undefined, { cookie: m.cookie });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe(accountMessages.verificationSent);
    }
    const refused = await t.json("POST", "/api/account/resend-verification", undefined, { cookie: m.cookie });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ limit: 3, remaining: 0, retryAfter: expect.any(Number) });
    expect(await mailsTo(t, m.email)).toHaveLength(4);
    await confirmEmail(t, m.email);
    const verified = await registerMember(t);
    await confirmEmail(t, verified.email);
    const none = await t.json("POST", "/api/account/resend-verification", undefined, {
      cookie: verified.cookie,
    });
    expect(none.status).toBe(200);
    expect((await none.json()).message).toBe(accountMessages.emailAlreadyVerified);
    expect((await t.json("POST", "/api/account/resend-verification")).status).toBe(401);
  });
});
