import { afterAll, afterEach, beforeAll, describe, expect, it } from "bun:test";
import { MAX_ATTEMPTS } from "../../src/server/features/mail/outbox";
import { resetLinkIn, startSmtpServer } from "../support/smtp";
import { createTestApp, type TestApp } from "../support/test-app";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const opened: TestApp[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});
afterAll(() => smtp.close());

async function app(env: Record<string, string>) {
  const t = await createTestApp(env);
  opened.push(t);
  return t;
}

/** Asks for a reset mail the way a visitor would; the request only queues it. */
async function askForReset(t: TestApp) {
  await t.app.context.database.client.execute(
    "insert into users (username, email, password_hash, created_at) values ('mailed', 'mailed@example.com', 'x', 0)",
  );
  expect((await t.json("POST", "/api/auth/forgot-password", { email: "mailed@example.com" })).status).toBe(
    200,
  );
  const queued = await row(t);
  expect(resetLinkIn(String(queued?.text))).toContain("/reset-password?token=");
}

const row = async (t: TestApp) =>
  (await t.app.context.database.client.execute("select status, text, transport from mail_outbox")).rows[0];

describe("the mail job", () => {
  it("delivers through SMTP when the runner runs it, then forgets the body", async () => {
    const t = await app({ SMTP_URL: smtp.url });
    const before = smtp.inbox.length;
    await askForReset(t);
    await t.app.jobs.runDue();
    const mail = (await smtp.waitFor(before + 1))[before];
    expect(mail?.to).toEqual(["mailed@example.com"]);
    expect(resetLinkIn(mail?.raw ?? "")).toContain("/reset-password?token=");
    expect(await row(t)).toMatchObject({ status: "sent", text: "", transport: "smtp" });
  });

  it("keeps the body for the dev mailbox (development without SMTP)", async () => {
    const t = await app({ NODE_ENV: "development" });
    await askForReset(t);
    await t.app.jobs.runDue();
    const sent = await row(t);
    expect(sent).toMatchObject({ status: "sent", transport: "dev" });
    expect(resetLinkIn(String(sent?.text))).toContain("/reset-password?token=");
  });

  it("forgets the body when no SMTP server is set outside development", async () => {
    const t = await app({ NODE_ENV: "production" });
    await askForReset(t);
    await t.app.outbox.drain();
    expect(await row(t)).toMatchObject({ status: "sent", text: "" });
    expect(String((await row(t))?.transport)).not.toBe("dev");
  });

  it("forgets the body of a mail that finally failed", async () => {
    const t = await app({ SMTP_URL: "smtp://127.0.0.1:1" });
    await askForReset(t);
    await t.app.context.database.client.execute(`update mail_outbox set attempts = ${MAX_ATTEMPTS - 1}`);
    await t.app.outbox.drain();
    expect(await row(t)).toMatchObject({ status: "failed", text: "" });
  });
});
