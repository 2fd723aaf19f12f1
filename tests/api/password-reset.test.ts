import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import { forgotFor, jsonFrom, mailsTo, registerMember, resetTokenCount } from "../support/session";
import { resetLinkIn, startSmtpServer } from "../support/smtp";
import { createTestApp, type TestApp } from "../support/test-app";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://openmat.example" });
  t.app.startWorkers();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const same = { "sec-fetch-site": "same-origin" };
const post = (path: string, body: unknown, cookie?: string) =>
  t.app.handle(
    new Request(`https://openmat.example${path}`, {
      method: "POST",
      headers: { ...same, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );

describe("password reset by e-mail through a real SMTP server", () => {
  it("register → forgot → mail → open link → reset → sign in; the old link and sessions die", async () => {
    const reg = await post("/api/auth/register", {
      username: "resetter",
      email: "resetter@example.com",
      password: "original password",
    });
    expect(reg.status).toBe(201);
    const oldCookie = reg.headers.getSetCookie()[0]?.split(";")[0] ?? "";

    const forgot = await post("/api/auth/forgot-password", { email: "Resetter@Example.com" }, undefined);
    expect(forgot.status).toBe(200);
    expect((await forgot.json()).message).toBe(authMessages.resetSent);

    // The first mail is the sign-up's e-mail link, the second the reset link.
    const mail = (await smtp.waitFor(2)).find((m) => m.raw.includes("Reset your OpenMat password"));
    expect(mail?.to).toEqual(["resetter@example.com"]);
    const link = resetLinkIn(mail?.raw ?? "");
    // The link is built from PUBLIC_URL, never from the request's Host header.
    expect(link.startsWith("https://openmat.example/reset-password?token=")).toBe(true);
    const token = new URL(link).searchParams.get("token") ?? "";

    const page = await t.app.handle(new Request(link));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-island="ResetPasswordForm"');

    expect((await post("/api/auth/verify-reset-token", { token })).status).toBe(200);
    const reset = await post("/api/auth/reset-password", { token, newPassword: "brand new password" });
    expect(reset.status).toBe(200);

    const oldLogin = await post("/api/auth/login", { identifier: "resetter", password: "original password" });
    expect(oldLogin.status).toBe(401);
    const newLogin = await post("/api/auth/login", {
      identifier: "resetter",
      password: "brand new password",
    });
    expect(newLogin.status).toBe(200);

    const reused = await post("/api/auth/reset-password", { token, newPassword: "another password" });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toBe(authMessages.resetTokenInvalid);
    expect((await post("/api/auth/verify-reset-token", { token })).status).toBe(400);

    const me = await t.app.handle(
      new Request("https://openmat.example/api/auth/me", { headers: { cookie: oldCookie } }),
    );
    expect(me.status).toBe(401);
  });

  it("answers the same sentence for an unknown address and sends nothing", async () => {
    await t.app.outbox.drain();
    const before = smtp.inbox.length;
    const res = await post("/api/auth/forgot-password", { email: "nobody@example.com" });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(authMessages.resetSent);
    await t.app.outbox.drain();
    expect(smtp.inbox.length).toBe(before);
  });

  it("limits reset mails per address with the 429 body", async () => {
    for (let i = 0; i < 3; i++)
      expect((await post("/api/auth/forgot-password", { email: "limit@example.com" })).status).toBe(200);
    const res = await post("/api/auth/forgot-password", { email: "limit@example.com" });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ limit: 3, remaining: 0, retryAfter: expect.any(Number) });
  });

  it.each([
    ["/api/auth/verify-reset-token", { token: "" }, authMessages.resetTokenMissing],
    [
      "/api/auth/reset-password",
      { token: "abc", newPassword: "short" },
      "Password must be at least 8 characters",
    ],
    ["/api/auth/forgot-password", { email: "nope" }, "Please enter a valid email address"],
  ])("%s validates its body", async (path, body, message) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("an expired link is refused", async () => {
    let now = new Date("2026-05-01T12:00:00Z");
    const clock = await createTestApp({}, { now: () => now });
    const { email } = await registerMember(clock, "expiry");
    await clock.json("POST", "/api/auth/forgot-password", { email });
    // Read from the outbox before delivery: without SMTP a delivered mail keeps no body.
    // The sign-up's e-mail link comes first.
    const [mail] = (await mailsTo(clock, email)).filter((m) => m.subject === "Reset your OpenMat password");
    const token = new URL(resetLinkIn(mail?.text ?? "")).searchParams.get("token");
    now = new Date("2026-05-01T12:31:00Z");
    const res = await clock.json("POST", "/api/auth/reset-password", { token, newPassword: "late password" });
    expect(res.status).toBe(400);
    await clock.close();
  });
});

describe("reset links end when they should", () => {
  it("a successful reset uses up every other reset link of the user too", async () => {
    const own = await createTestApp();
    const m = await registerMember(own, "twolinks");
    await forgotFor(own, m.email);
    await forgotFor(own, m.email);
    const tokens = (await mailsTo(own, m.email))
      .filter((mail) => mail.subject === "Reset your OpenMat password")
      .map((mail) => new URL(resetLinkIn(mail.text)).searchParams.get("token") ?? "");
    expect(tokens).toHaveLength(2);
    const reset = await own.json("POST", "/api/auth/reset-password", {
      token: tokens[0],
      newPassword: "first link password",
    });
    expect(reset.status).toBe(200);
    expect(await resetTokenCount(own, m.id)).toBe(0);
    const second = await own.json("POST", "/api/auth/reset-password", {
      token: tokens[1],
      newPassword: "second link password",
    });
    expect(second.status).toBe(400);
    await own.close();
  });
});

describe("forgot-password limits", () => {
  it("counts the client IP first: requests it refuses add no per-address counter", async () => {
    const own = await createTestApp({ TRUST_PROXY: "true" });
    const from = { "x-forwarded-for": "203.0.113.60" };
    for (let i = 0; i < 10; i++) {
      const res = await own.json(
        "POST",
        "/api/auth/forgot-password",
        { email: `fill${i}@example.com` },
        from,
      );
      expect(res.status).toBe(200);
    }
    const refused = await own.json(
      "POST",
      "/api/auth/forgot-password",
      { email: "victim@example.com" },
      from,
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ limit: 10, remaining: 0 });
    const rows = await own.app.context.database.client.execute(
      "select count(*) from rate_counters where key like 'reset-mail:email:victim@%'",
    );
    expect(Number(rows.rows[0]?.[0])).toBe(0);
    // The address itself was never counted, so from elsewhere it still gets its three mails.
    for (let i = 0; i < 3; i++) {
      const res = await own.json(
        "POST",
        "/api/auth/forgot-password",
        { email: "victim@example.com" },
        { "x-forwarded-for": `203.0.113.${61 + i}` },
      );
      expect(res.status).toBe(200);
    }
    await own.close();
  });

  it("known and unknown addresses run the same database statements: as many, in the same order of reads and writes", async () => {
    const own = await createTestApp();
    const m = await registerMember(own, "timing");
    const client = own.app.context.database.client;
    const seen: string[] = [];
    const execute = client.execute.bind(client) as (statement: string | { sql: string }) => unknown;
    // Every drizzle query of this app goes through the client's execute.
    client.execute = ((statement: string | { sql: string }) => {
      const text = typeof statement === "string" ? statement : statement.sql;
      seen.push(/^\s*(insert|update|delete)/i.test(text) ? "write" : "read");
      return execute(statement);
    }) as typeof client.execute;
    const statementsFor = async (email: string, peer: string) => {
      seen.length = 0;
      const res = await jsonFrom(own, peer, "POST", "/api/auth/forgot-password", { email });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe(authMessages.resetSent);
      return [...seen];
    };
    const known = await statementsFor(m.email, "10.99.0.1");
    const unknown = await statementsFor("no-such-member@example.com", "10.99.0.2");
    client.execute = execute as typeof client.execute;
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    // And only the known address got a link.
    expect(await mailsTo(own, "no-such-member@example.com")).toEqual([]);
    expect((await mailsTo(own, m.email)).map((mail) => mail.subject)).toContain(
      "Reset your OpenMat password",
    );
    await own.close();
  });
});

describe("mail outbox", () => {
  it("keeps mail when the SMTP server is down and delivers it later", async () => {
    const down = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" });
    await registerMember(down, "outage");
    const email = (await down.app.context.database.client.execute("select email from users")).rows[0]?.[0];
    const res = await down.json("POST", "/api/auth/forgot-password", { email });
    expect(res.status).toBe(200);
    // The request only queued the mail: no delivery was tried inside it.
    const queued = (await down.app.context.database.client.execute("select attempts from mail_outbox"))
      .rows[0];
    expect(Number(queued?.attempts)).toBe(0);
    await down.app.outbox.drain();
    const row = (
      await down.app.context.database.client.execute("select status, attempts, last_error from mail_outbox")
    ).rows[0];
    expect(row?.status).toBe("pending");
    expect(Number(row?.attempts)).toBe(1);
    expect(String(row?.last_error)).not.toBe("");
    await down.close();
  });
});
