import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { ConversationView } from "../../src/common/schemas/messages";
import { registerMember } from "../support/session";
import { startSmtpServer } from "../support/smtp";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

/**
 * The unread-message mail: one mail about a message left unread for an hour, to members who
 * allow it, with an RFC 8058 one-click unsubscribe that works without a session and that a
 * GET of the link (a mail scanner) does not trigger.
 */

const MINUTE = 60_000;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let clock = Date.parse("2026-06-10T12:00:00Z");
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { now: () => new Date(clock) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const sql = (text: string, args: (string | number)[] = []) =>
  t.app.context.database.client.execute({ sql: text, args });
const as = (m: Member) => ({ cookie: m.cookie });

/** A member whose address is confirmed (only those are mailed). */
async function verifiedMember(prefix: string) {
  const m = await registerMember(t, prefix);
  await sql("update users set email_verified_at = 0 where id = ?", [m.id]);
  return m;
}

async function conversation(a: Member, b: Member) {
  return (await (
    await t.json("POST", `/api/conversations/with/${b.id}`, undefined, as(a))
  ).json()) as ConversationView;
}
async function say(m: Member, id: number, body: string) {
  const res = await t.json("POST", `/api/conversations/${id}/messages`, { body }, as(m));
  expect(res.status).toBe(201);
}

/** Lets `minutes` pass and runs every job due, twice, so mail the first run queued is delivered too. */
async function after(minutes: number) {
  clock += minutes * MINUTE;
  await t.app.jobs.runDue();
  await t.app.outbox.drain();
}

const unreadMailsTo = (m: Member) =>
  smtp.inbox.filter((mail) => mail.to.includes(m.email) && /Subject: Unread message/.test(mail.raw));
const unfold = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/\r?\n[ \t]+/g, " ");
const tokenIn = (raw: string) =>
  unfold(raw).match(/List-Unsubscribe: <[^>]*\/unsubscribe\?token=([a-z2-7]+)>/)?.[1];
const mailSetting = async (m: Member) =>
  ((await (await t.request("/api/settings", { headers: as(m) })).json()) as { emailUnreadMessages: boolean })
    .emailUnreadMessages;

describe("the unread-message mail", () => {
  let a: Member;
  let b: Member;
  let token: string;

  beforeAll(async () => {
    a = await verifiedMember("maila");
    b = await verifiedMember("mailb");
    await after(0);
  });

  it("waits an hour, then sends one mail with the one-click unsubscribe headers", async () => {
    const c = await conversation(a, b);
    await say(a, c.id, "Rolling Saturday?");
    await after(59);
    expect(unreadMailsTo(b)).toHaveLength(0);
    await after(6);
    await smtp.waitFor(1);
    const mails = unreadMailsTo(b);
    expect(mails).toHaveLength(1);
    const raw = unfold(mails[0]?.raw ?? "");
    expect(raw).toContain(`Subject: Unread message from @${a.username} on OpenMat`);
    expect(raw).toMatch(new RegExp(`List-Unsubscribe: <${TEST_ORIGIN}/unsubscribe\\?token=[a-z2-7]{32}>`));
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw).toContain(`${TEST_ORIGIN}/messages/${c.id}`);
    // The message body is not mailed; neither is the sender told anything.
    expect(raw).not.toContain("Rolling Saturday?");
    expect(unreadMailsTo(a)).toHaveLength(0);
    token = tokenIn(mails[0]?.raw ?? "") ?? "";
    expect(token).not.toBe("");
    // Once sent, the outbox forgets the link along with the body.
    const rows = await sql("select text, headers from mail_outbox where \"to\" = ? and status = 'sent'", [
      b.email,
    ]);
    expect(rows.rows.every((r) => r.text === "" && r.headers === null)).toBe(true);
  });

  it("never mails twice about the same message", async () => {
    await after(10);
    await after(120);
    expect(unreadMailsTo(b)).toHaveLength(1);
  });

  it("a GET of the link only shows a button; nothing changes", async () => {
    const res = await t.request(`/unsubscribe?token=${token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<form action="\/unsubscribe" method="post">/);
    expect(html).toContain(">Unsubscribe</button>");
    expect(html).toContain(`value="${token}"`);
    expect(await mailSetting(b)).toBe(true);
  });

  it("an unknown token changes nothing", async () => {
    const res = await t.request("/unsubscribe?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(400);
    expect(await mailSetting(b)).toBe(true);
  });

  it("the one-click POST (a mail provider's, no session, no browser headers) turns the mail off", async () => {
    const res = await t.request(`/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You are unsubscribed");
    expect(await mailSetting(b)).toBe(false);
    // Other settings are untouched.
    expect(
      (
        (await (await t.request("/api/settings", { headers: as(b) })).json()) as {
          showCheckInGymNames: boolean;
        }
      ).showCheckInGymNames,
    ).toBe(true);
    // And no more mail.
    const c = await conversation(a, b);
    await say(a, c.id, "Still there?");
    await after(61);
    expect(unreadMailsTo(b)).toHaveLength(1);
  });

  it("the page's button posts the token as a form field, and the account switch turns it back on", async () => {
    expect((await t.json("PATCH", "/api/settings", { emailUnreadMessages: true }, as(b))).status).toBe(200);
    expect(await mailSetting(b)).toBe(true);
    const res = await t.request("/unsubscribe", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await mailSetting(b)).toBe(false);
  });
});

describe("who is not mailed", () => {
  it("a message read within the hour, an unverified address, a block, and a member who turned it off", async () => {
    const sender = await verifiedMember("mailsender");
    const reader = await verifiedMember("mailreader");
    const unverified = await registerMember(t, "mailunver");
    const blocker = await verifiedMember("mailblocker");
    const off = await verifiedMember("mailoff");
    expect((await t.json("PATCH", "/api/settings", { emailUnreadMessages: false }, as(off))).status).toBe(
      200,
    );
    for (const m of [reader, unverified, blocker, off]) {
      const c = await conversation(sender, m);
      await say(sender, c.id, "hello");
      if (m === reader) {
        expect((await t.json("POST", `/api/conversations/${c.id}/mark-read`, undefined, as(m))).status).toBe(
          200,
        );
      }
    }
    expect((await t.json("POST", "/api/users/block", { userId: sender.id }, as(blocker))).status).toBe(200);
    const before = smtp.inbox.length;
    await after(61);
    await after(10);
    expect(smtp.inbox.slice(before).filter((m) => /Subject: Unread message/.test(m.raw))).toEqual([]);
  });

  it("one mail per recipient even with several unread conversations", async () => {
    const r = await verifiedMember("mailmany");
    const s1 = await verifiedMember("mailone");
    const s2 = await verifiedMember("mailtwo");
    for (const s of [s1, s2]) await say(s, (await conversation(s, r)).id, "hi");
    await after(61);
    await smtp.waitFor(smtp.inbox.length);
    const mails = smtp.inbox.filter((m) => m.to.includes(r.email) && /Unread messages? /.test(m.raw));
    expect(mails).toHaveLength(1);
    expect(unfold(mails[0]?.raw ?? "")).toContain("Subject: Unread messages on OpenMat");
  });
});
