import { afterEach, describe, expect, it } from "bun:test";
import { createLogger } from "../../src/server/log";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

async function appWith(env: Record<string, string>) {
  const lines: string[] = [];
  const t = await createTestApp(env, { logger: createLogger("info", (line) => lines.push(line)) });
  opened.push(t);
  return { t, lines };
}

/** Asks for a reset mail, delivers it, then reads the mailbox as a client at `ip`. */
async function mailboxAs(t: TestApp, ip: string, headers: Record<string, string> = {}) {
  await t.json("POST", "/api/auth/register", {
    username: "mailbox",
    email: "mailbox@example.com",
    password: "a long password",
  });
  await t.json("POST", "/api/auth/forgot-password", { email: "mailbox@example.com" });
  await t.app.outbox.drain();
  return t.app.handle(new Request(`${t.env.PUBLIC_URL}/dev/mailbox.json`, { headers }), ip);
}

describe("dev mailbox", () => {
  it("is there only for NODE_ENV=development, for loopback clients, on an http origin", async () => {
    const { t } = await appWith({ NODE_ENV: "development" });
    const res = await mailboxAs(t, "127.0.0.1");
    expect(res.status).toBe(200);
    const { mails } = await res.json();
    expect(mails.some((m: { text: string }) => m.text.includes("/reset-password?token="))).toBe(true);
    expect((await t.app.handle(new Request(`${TEST_ORIGIN}/dev/mailbox`), "::1")).status).toBe(200);
  });

  it.each([
    ["production (the default)", {}, "127.0.0.1", {}],
    ["test", { NODE_ENV: "test" }, "127.0.0.1", {}],
    ["development, another machine", { NODE_ENV: "development" }, "203.0.113.9", {}],
    ["development, IPv6 elsewhere", { NODE_ENV: "development" }, "2001:db8::1", {}],
    [
      "development, relayed by a local proxy",
      { NODE_ENV: "development" },
      "127.0.0.1",
      { "x-forwarded-for": "203.0.113.9" },
    ],
    [
      "development on an https origin",
      { NODE_ENV: "development", PUBLIC_URL: "https://openmat.example" },
      "127.0.0.1",
      {},
    ],
  ])("is not served: %s", async (_name, env, ip, headers) => {
    const { t } = await appWith({ NODE_ENV: "production", ...env });
    const res = await mailboxAs(t, ip, headers);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("reset-password?token=");
  });
});

describe("mail without SMTP_URL", () => {
  it("outside development: the start-up log says mail is not delivered, and no link is logged", async () => {
    const { t, lines } = await appWith({ NODE_ENV: "production" });
    expect(lines.some((l) => l.includes("mail is not delivered"))).toBe(true);
    await mailboxAs(t, "127.0.0.1");
    expect(lines.some((l) => l.includes("token="))).toBe(false);
  });

  it("in development the mail is printed for the developer", async () => {
    const { t, lines } = await appWith({ NODE_ENV: "development" });
    expect(lines.some((l) => l.includes("mail is not delivered"))).toBe(false);
    await mailboxAs(t, "127.0.0.1");
    expect(lines.some((l) => l.includes("/reset-password?token="))).toBe(true);
  });
});
