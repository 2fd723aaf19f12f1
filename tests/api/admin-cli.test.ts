/**
 * Issue 24, "Administering": the operator's account and school services behind `openmat admin
 * users|schools`, seen through the API a member uses. A disabled member cannot sign in and their
 * sessions end; a new password or revoked sessions sign them out; a removed school is gone; each
 * change writes one audit row with no actor and `via: "cli"`.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import {
  disableAccount,
  enableAccount,
  findAccount,
  listAccounts,
  resetAccountPassword,
  revokeAccountSessions,
} from "../../src/server/features/auth/service";
import { findSchoolByRef, removeSchool, schoolFootprint } from "../../src/server/features/schools/removal";
import { seedFixtureSchools } from "../support/schools";
import {
  forgotFor,
  jsonFrom,
  mailsTo,
  nextPeerIp,
  registerMember,
  sessionCookieFrom,
} from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.context.database.db;
const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
const count = async (sql: string, args: (string | number)[] = []) => Number((await rows(sql, args))[0]?.[0]);
const login = (identifier: string, password: string) =>
  jsonFrom(t, nextPeerIp(), "POST", "/api/auth/login", { identifier, password });
const me = (cookie: string) => t.request("/api/auth/me", { headers: { cookie } });
const account = async (ref: string) => {
  const user = await findAccount(db(), ref);
  if (!user) throw new Error(`no account ${ref}`);
  return user;
};
const auditOf = async (subjectType: string, subjectId: number) =>
  (
    await rows(
      "select actor_id, action, before, after from admin_audit_log where subject_type = ? and subject_id = ? order by id",
      [subjectType, subjectId],
    )
  ).map((r) => ({
    actor: r.actor_id,
    action: String(r.action),
    before: JSON.parse(String(r.before)),
    after: JSON.parse(String(r.after)),
  }));

describe("finding and listing accounts", () => {
  it("finds an account by id, e-mail in any case, or username", async () => {
    const m = await registerMember(t, "finder");
    expect((await findAccount(db(), String(m.id)))?.id).toBe(m.id);
    expect((await findAccount(db(), m.email.toUpperCase()))?.id).toBe(m.id);
    expect((await findAccount(db(), m.username))?.id).toBe(m.id);
    expect(await findAccount(db(), "no-such-member")).toBeUndefined();
    expect(await findAccount(db(), "999999")).toBeUndefined();
  });

  it("pages through accounts in id order", async () => {
    await registerMember(t, "pager");
    await registerMember(t, "pager");
    const first = await listAccounts(db(), 2);
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBe(await count("select count(*) from users"));
    const last = first.rows[1]?.id ?? 0;
    const next = await listAccounts(db(), 2, last);
    expect(next.rows[0]?.id).toBeGreaterThan(last);
    expect(next.rows.map((r) => Object.keys(r).sort())[0]).toEqual(
      ["createdAt", "disabledAt", "email", "emailVerifiedAt", "id", "role", "username"].sort(),
    );
  });
});

describe("disable and enable", () => {
  it("a disabled member cannot sign in, their sessions end, and enabling lets them in again", async () => {
    const m = await registerMember(t, "disabled");
    const second = sessionCookieFrom(await login(m.username, m.password)) ?? "";
    expect((await me(m.cookie)).status).toBe(200);
    await forgotFor(t, m.email);
    expect(await count("select count(*) from password_reset_tokens where user_id = ?", [m.id])).toBe(1);

    const done = await disableAccount(db(), await account(m.email), new Date());
    expect(done).toEqual({ changed: true, sessionsEnded: 2 });
    for (const cookie of [m.cookie, second]) expect((await me(cookie)).status).toBe(401);
    expect(await count("select count(*) from sessions where user_id = ?", [m.id])).toBe(0);
    expect(await count("select count(*) from password_reset_tokens where user_id = ?", [m.id])).toBe(0);

    const refused = await login(m.username, m.password);
    expect([refused.status, (await refused.json()).message]).toEqual([403, authMessages.accountDisabled]);
    // A wrong password says nothing of the account's state.
    const wrong = await login(m.username, "not the password");
    expect([wrong.status, (await wrong.json()).message]).toEqual([401, authMessages.invalidCredentials]);

    // Disabling again changes nothing and writes no second audit row.
    expect((await disableAccount(db(), await account(m.username), new Date())).changed).toBe(false);

    expect(await enableAccount(db(), await account(String(m.id)), new Date())).toEqual({ changed: true });
    expect(await enableAccount(db(), await account(String(m.id)), new Date())).toEqual({ changed: false });
    expect((await login(m.username, m.password)).status).toBe(200);

    const audit = await auditOf("user", m.id);
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      [null, "user.disable"],
      [null, "user.enable"],
    ]);
    expect(audit[0]?.before).toEqual({ disabledAt: null });
    expect(audit[0]?.after.via).toBe("cli");
    expect(typeof audit[0]?.after.disabledAt).toBe("string");
    expect(audit[1]?.after).toEqual({ disabledAt: null, via: "cli" });
  });

  it("a session the disable did not end (made in the same moment) is refused by validation", async () => {
    const m = await registerMember(t, "racer");
    await rows("update users set disabled_at = ? where id = ?", [Date.now(), m.id]);
    expect((await me(m.cookie)).status).toBe(401);
  });

  it("no reset mail goes to a disabled account, and a link mailed before does not revive it", async () => {
    const m = await registerMember(t, "revive");
    await forgotFor(t, m.email);
    const mail = (await mailsTo(t, m.email)).find((x) => x.text.includes("reset-password?token="));
    const token = mail?.text.match(/reset-password\?token=([a-z0-9]+)/)?.[1] ?? "";
    expect(token).not.toBe("");
    // Disabled by hand, keeping the link: the link itself must refuse.
    await rows("update users set disabled_at = ? where id = ?", [Date.now(), m.id]);
    const reset = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/reset-password", {
      token,
      newPassword: "a brand new password",
    });
    expect([reset.status, (await reset.json()).message]).toEqual([400, authMessages.resetTokenInvalid]);
    const mails = (await mailsTo(t, m.email)).length;
    await forgotFor(t, m.email);
    expect((await mailsTo(t, m.email)).length).toBe(mails);
    expect((await login(m.username, "a brand new password")).status).toBe(401);
  });
});

describe("a new password and ending sessions", () => {
  it("reset-password: the printed password signs in, the old one and every session end, the audit holds neither", async () => {
    const m = await registerMember(t, "newpass");
    const { password, sessionsEnded } = await resetAccountPassword(
      db(),
      await account(m.username),
      new Date(),
    );
    expect(password).toMatch(/^[a-z2-7]{20}$/);
    expect(sessionsEnded).toBe(1);
    expect((await me(m.cookie)).status).toBe(401);
    expect((await login(m.username, m.password)).status).toBe(401);
    expect((await login(m.email, password)).status).toBe(200);
    const audit = await auditOf("user", m.id);
    expect(audit.map((a) => a.action)).toEqual(["user.password.reset"]);
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it("sessions-revoke ends every session of the member and nobody else's", async () => {
    const m = await registerMember(t, "revoked");
    const other = await registerMember(t, "bystander");
    const second = sessionCookieFrom(await login(m.username, m.password)) ?? "";
    expect(await revokeAccountSessions(db(), await account(m.username), new Date())).toEqual({
      sessionsEnded: 2,
    });
    for (const cookie of [m.cookie, second]) expect((await me(cookie)).status).toBe(401);
    expect((await me(other.cookie)).status).toBe(200);
    // The member can sign in again at once: nothing else changed.
    expect((await login(m.username, m.password)).status).toBe(200);
    expect(await auditOf("user", m.id)).toEqual([
      {
        actor: null,
        action: "user.sessions.revoke",
        before: { sessions: 2 },
        after: { sessions: 0, via: "cli" },
      },
    ]);
  });
});

describe("removing a school", () => {
  it("finds it by id or slug, says what hangs on it, removes it with what hangs on it, audited", async () => {
    const ids = await seedFixtureSchools(t);
    const id = Object.values(ids)[0] ?? 0;
    const school = await findSchoolByRef(db(), String(id));
    if (!school) throw new Error("no school");
    expect((await findSchoolByRef(db(), school.slug))?.id).toBe(id);
    expect(await findSchoolByRef(db(), "no-such-slug")).toBeUndefined();

    const m = await registerMember(t, "saver");
    const saved = await jsonFrom(
      t,
      nextPeerIp(),
      "POST",
      "/api/favorites",
      { schoolId: id },
      { cookie: m.cookie },
    );
    expect(saved.status).toBeLessThan(300);
    const footprint = await schoolFootprint(db(), id);
    expect(footprint.saves).toBe(1);
    expect(footprint.sessions).toBeGreaterThan(0);

    expect((await t.request(`/api/schools/${id}`)).status).toBe(200);
    expect(await removeSchool(db(), school, new Date())).toBe(true);
    expect((await t.request(`/api/schools/${id}`)).status).toBe(404);
    expect(await count("select count(*) from favorites where school_id = ?", [id])).toBe(0);
    expect(await count("select count(*) from open_mat_sessions where school_id = ?", [id])).toBe(0);
    // Another school is untouched.
    const kept = Object.values(ids)[1] ?? 0;
    expect((await t.request(`/api/schools/${kept}`)).status).toBe(200);

    expect(await removeSchool(db(), school, new Date())).toBe(false);
    const audit = await auditOf("school", id);
    expect(audit.map((a) => [a.actor, a.action, a.after])).toEqual([
      [null, "school.remove", { removed: true, via: "cli" }],
    ]);
    expect(audit[0]?.before).toMatchObject({
      id,
      slug: school.slug,
      gym: school.gym,
      dayAndTime: school.dayAndTime,
    });
  });
});
