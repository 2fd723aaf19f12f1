import { expect } from "bun:test";
import type { NotificationView } from "../../src/common/schemas/notifications";
import { confirmEmail, jsonFrom, nextPeerIp, sessionCookieFrom } from "./session";
import { startSmtpServer } from "./smtp";
import { createTestApp, type TestApp } from "./test-app";

export interface Member {
  id: number;
  email: string;
  username: string;
  cookie: string;
}

export const CLAIMS_ADMIN_EMAIL = "claims.admin@openmat-admin.org";
/** High enough that a member's requests sent at once all get past it before one is stored. */
export const CLAIM_LIMIT = 10;

let seq = 0;

/**
 * An app for the claims tests (issue 21), with a real SMTP peer and a confirmed admin, and
 * the helpers they share: members at addresses of their choosing, schools with a website,
 * requests, the tables, the bell.
 */
export async function startClaimsApp() {
  const smtp = await startSmtpServer();
  const t: TestApp = await createTestApp({
    ADMIN_EMAILS: CLAIMS_ADMIN_EMAIL,
    SMTP_URL: smtp.url,
    LIMIT_CLAIMS_PER_DAY: String(CLAIM_LIMIT),
  });

  /** A member at the given address (free mail by default), confirmed unless told otherwise. */
  async function register(prefix: string, email?: string, confirmed = true): Promise<Member> {
    seq++;
    const details = {
      username: `${prefix}${seq}`,
      email: email ?? `${prefix}${seq}@gmail.com`,
      password: "claims password 1",
    };
    const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", details);
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    const { user } = (await res.json()) as { user: { id: number } };
    const cookie = sessionCookieFrom(res) ?? "";
    if (confirmed) await confirmEmail(t, details.email, cookie);
    return { id: user.id, email: details.email, username: details.username, cookie };
  }

  /** A school with the given website, straight into the table. */
  async function addSchool(website: string | null) {
    seq++;
    const res = await t.app.context.database.client.execute({
      sql: `INSERT INTO schools (slug, source_key, gym, location, address, city, state, latitude, longitude,
              time_zone, day_and_time, website, created_at, updated_at)
            VALUES (?, ?, ?, 'Austin', '1 Main St', 'Austin', 'TX', 30.27, -97.74, 'America/Chicago',
              'Sat 10am-12pm', ?, 0, 0) RETURNING id`,
      args: [`claim-gym-${seq}`, `claims|${seq}`, `Claim Gym ${seq}`, website],
    });
    return { id: Number(res.rows[0]?.[0]), slug: `claim-gym-${seq}`, gym: `Claim Gym ${seq}` };
  }

  const send = (method: string, path: string, who?: Member, body?: unknown) =>
    t.json(method, path, body, who ? { cookie: who.cookie } : {});
  const claim = (schoolId: number, who: Member, message?: string) =>
    send("POST", `/api/schools/${schoolId}/claims`, who, message === undefined ? {} : { message });
  const rows = async (query: string, args: (string | number)[] = []) =>
    (await t.app.context.database.client.execute({ sql: query, args })).rows;
  const count = async (query: string, args: (string | number)[] = []) =>
    Number((await rows(query, args))[0]?.[0]);

  /** The bell, once the jobs have run (which also sends the outbox: a sent mail keeps no text). */
  async function bell(who: Member) {
    await t.app.jobs.runDue();
    const res = await send("GET", "/api/notifications", who);
    expect(res.status).toBe(200);
    return ((await res.json()) as NotificationView[]).map((n) => [n.type, n.title, n.body, n.link]);
  }

  const admin = await register("claimsadmin", CLAIMS_ADMIN_EMAIL);
  return {
    t,
    smtp,
    admin,
    register,
    addSchool,
    send,
    claim,
    rows,
    count,
    bell,
    ownerCount: (schoolId: number, userId: number) =>
      count("SELECT count(*) FROM school_owners WHERE school_id = ? AND user_id = ?", [schoolId, userId]),
    audits: (action: string, subjectId: number) =>
      rows("SELECT actor_id, before, after FROM admin_audit_log WHERE action = ? AND subject_id = ?", [
        action,
        subjectId,
      ]),
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

export type ClaimsApp = Awaited<ReturnType<typeof startClaimsApp>>;
