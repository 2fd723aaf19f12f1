import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RATE_LIMIT_FALLBACK } from "../../src/common/rate-limit-body";
import { REPORT_DAILY_LIMIT, REPORT_REASON_MAX, reportMessages } from "../../src/common/schemas/reports";
import { limitRule } from "../../src/server/http/member-limits";
import { adminOnlyApiMessage } from "../../src/server/policy/guard";
import { messageClient } from "../support/messages";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

const ADMIN_EMAIL = "moderator@example.com";
let dir: string;
let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let admin: Member;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-reports-"));
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, UPLOADS_DIR: dir });
  alice = await registerMember(t, "alice");
  bob = await registerMember(t, "bob");
  carol = await registerMember(t, "carol");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "moderator",
    email: ADMIN_EMAIL,
    password: "moderator password",
  });
  const body = (await res.json()) as { user: { id: number } };
  admin = {
    username: "moderator",
    email: ADMIN_EMAIL,
    password: "moderator password",
    id: body.user.id,
    cookie: res.headers.getSetCookie()[0]?.split(";")[0] ?? "",
  };
  await confirmEmail(t, ADMIN_EMAIL, admin.cookie);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (method: string, path: string, body?: unknown, who?: Member) =>
  t.json(method, path, body, who ? { cookie: who.cookie } : {});
const rows = async (query: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql: query, args })).rows;
const count = async (table: string, where = "1", args: (string | number)[] = []) =>
  Number((await rows(`select count(*) as n from ${table} where ${where}`, args))[0]?.n);

async function post(who: Member, content: string, visibility = "Public") {
  const res = await send("POST", "/api/posts", { content, visibility, photos: [] }, who);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
async function report(who: Member | undefined, body: Record<string, unknown>) {
  const res = await send("POST", "/api/reports", body, who);
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { id: number; message?: string },
  };
}
interface QueueRow {
  id: number;
  kind: string;
  subjectId: number;
  status: string;
  reason: string;
  reporter: { id: number; username: string } | null;
  reportedUser: { id: number; username: string } | null;
  content: Record<string, unknown> | null;
}
async function queue(): Promise<QueueRow[]> {
  const res = await send("GET", "/api/admin/reports", undefined, admin);
  expect(res.status).toBe(200);
  return ((await res.json()) as { reports: QueueRow[] }).reports;
}

describe("POST /api/reports", () => {
  it("answers a guest 401 and stores nothing", async () => {
    const before = await count("reports");
    expect((await report(undefined, { kind: "post", id: 1, reason: "spam" })).status).toBe(401);
    expect(await count("reports")).toBe(before);
  });

  it("refuses bad input with clear 400s", async () => {
    const id = await post(bob, "bad input target");
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "school", id, reason: "x" }, reportMessages.kindInvalid],
      [{ kind: "post", id: 0, reason: "x" }, reportMessages.idInvalid],
      [{ kind: "post", id: "7", reason: "x" }, reportMessages.idInvalid],
      [{ kind: "post", id, reason: "   " }, reportMessages.reasonRequired],
      [{ kind: "post", id }, reportMessages.reasonRequired],
      [{ kind: "post", id, reason: "x".repeat(REPORT_REASON_MAX + 1) }, reportMessages.reasonTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await report(alice, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await count("reports", "subject_id = ?", [id])).toBe(0);
  });

  it("stores a report of a post the member may read, trimmed, with the reported member (201)", async () => {
    const id = await post(bob, "rude words");
    const res = await report(alice, { kind: "post", id, reason: "  rude  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "post", subjectId: id, reason: "rude", status: "open" });
    const [row] = await rows("select reporter_id, reported_user_id from reports where id = ?", [res.body.id]);
    expect([Number(row?.reporter_id), Number(row?.reported_user_id)]).toEqual([alice.id, bob.id]);
  });

  it("a second report of the same subject while open answers the first (200) and costs nothing", async () => {
    const id = await post(bob, "twice");
    const first = await report(alice, { kind: "post", id, reason: "first" });
    const second = await report(alice, { kind: "post", id, reason: "second" });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.reason).toBe("first");
    expect(await count("reports", "subject_id = ? and kind = 'post'", [id])).toBe(1);
  });

  it("concurrent duplicate reports leave one", async () => {
    const id = await post(bob, "at once");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => report(carol, { kind: "post", id, reason: "spam" })),
    );
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201).length).toBe(1);
    expect(
      await count("reports", "subject_id = ? and kind = 'post' and reporter_id = ?", [id, carol.id]),
    ).toBe(1);
  });

  it("a post the member may not read is 404 like a missing one", async () => {
    const hidden = await post(bob, "only mine", "Private");
    const friends = await post(bob, "friends only", "Friends");
    for (const id of [hidden, friends, 999_999]) {
      const res = await report(alice, { kind: "post", id, reason: "x" });
      expect([res.status, res.body.message]).toEqual([404, reportMessages.postNotFound]);
    }
  });

  it("reporting your own post, profile or message is 400", async () => {
    const id = await post(alice, "mine");
    expect((await report(alice, { kind: "post", id, reason: "x" })).body.message).toBe(
      reportMessages.ownContent,
    );
    const own = await report(alice, { kind: "profile", id: alice.id, reason: "x" });
    expect([own.status, own.body.message]).toEqual([400, reportMessages.ownContent]);
    const c = messageClient(t);
    const conversation = await c.open(alice, bob);
    const said = await c.say(alice, conversation.id, "my own words");
    const msg = await report(alice, { kind: "message", id: said.id, reason: "x" });
    expect([msg.status, msg.body.message]).toEqual([400, reportMessages.ownContent]);
  });

  it("profiles: a visible one is reported; unknown or blocked either way is 404 'User Not Found'", async () => {
    expect((await report(alice, { kind: "profile", id: bob.id, reason: "fake" })).status).toBe(201);
    expect((await report(alice, { kind: "profile", id: 999_999, reason: "x" })).body.message).toBe(
      reportMessages.userNotFound,
    );
    const dave = await registerMember(t, "dave");
    expect((await send("POST", "/api/users/block", { userId: alice.id }, dave)).status).toBe(200);
    const blocked = await report(alice, { kind: "profile", id: dave.id, reason: "x" });
    expect([blocked.status, blocked.body.message]).toEqual([404, reportMessages.userNotFound]);
  });

  it("messages: only one in the reporter's own conversation; another pair's is 404", async () => {
    const c = messageClient(t);
    const conversation = await c.open(bob, alice);
    const said = await c.say(bob, conversation.id, "a nasty message");
    const res = await report(alice, { kind: "message", id: said.id, reason: "harassment" });
    expect(res.status).toBe(201);
    const outsider = await report(carol, { kind: "message", id: said.id, reason: "x" });
    expect([outsider.status, outsider.body.message]).toEqual([404, reportMessages.messageNotFound]);
    const missing = await report(alice, { kind: "message", id: 999_999, reason: "x" });
    expect([missing.status, missing.body.message]).toEqual([404, reportMessages.messageNotFound]);
  });

  it(`at most ${REPORT_DAILY_LIMIT} new reports a day, with the spec's 429 body`, async () => {
    const erin = await registerMember(t, "erin");
    const day = 86_400_000;
    const start = Math.floor(Date.now() / day) * day;
    await rows("insert into rate_counters (key, window_start, count) values (?, ?, ?)", [
      limitRule("report.create", { memberId: erin.id }, REPORT_DAILY_LIMIT).key,
      start,
      REPORT_DAILY_LIMIT,
    ]);
    const id = await post(bob, "one too many");
    const res = await report(erin, { kind: "post", id, reason: "spam" });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      message: RATE_LIMIT_FALLBACK.message,
      limit: REPORT_DAILY_LIMIT,
      remaining: 0,
    });
    expect(typeof res.body.retryAfter).toBe("number");
    expect(await count("reports", "reporter_id = ?", [erin.id])).toBe(0);
  });
});

describe("admin reports API", () => {
  it("a member is 403 and a guest 401 on every admin endpoint", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/reports"],
      ["POST", "/api/admin/reports/1/remove"],
      ["POST", "/api/admin/reports/1/dismiss"],
    ] as const) {
      expect((await send(method, path)).status).toBe(401);
      const res = await send(method, path, undefined, alice);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
        403,
        adminOnlyApiMessage,
      ]);
    }
  });

  it("an unknown report is 404, a malformed id 400", async () => {
    for (const [path, status] of [
      ["/api/admin/reports/999999/dismiss", 404],
      ["/api/admin/reports/abc/remove", 400],
    ] as const) {
      const res = await send("POST", path, undefined, admin);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
        status,
        reportMessages.reportNotFound,
      ]);
    }
  });

  it("lists open reports first, oldest first, with what was reported", async () => {
    const list = await queue();
    const open = list.filter((r) => r.status === "open");
    expect(list.slice(0, open.length)).toEqual(open);
    const ids = open.map((r) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const profile = list.find((r) => r.kind === "profile" && r.subjectId === bob.id);
    expect(profile?.content).toMatchObject({ kind: "profile", username: bob.username });
    expect(profile?.reporter?.id).toBe(alice.id);
    const message = list.find((r) => r.kind === "message");
    expect(message?.content).toMatchObject({ kind: "message", body: "a nasty message" });
    const rude = list.find((r) => r.kind === "post" && r.reason === "rude");
    expect(rude?.content).toMatchObject({ kind: "post", content: "rude words", photos: [] });
    expect(rude?.reportedUser?.id).toBe(bob.id);
  });

  it("remove deletes a reported post, settles every open report of it, writes one audit row; twice is 409", async () => {
    const id = await post(bob, "remove me", "Private");
    await post(bob, "keep me");
    // Private: nobody else can report it; make it Public to report, then the admin removes it.
    await rows("update posts set visibility = 'Public' where id = ?", [id]);
    const first = await report(alice, { kind: "post", id, reason: "spam" });
    const second = await report(carol, { kind: "post", id, reason: "spam too" });
    const res = await send("POST", `/api/admin/reports/${first.body.id}/remove`, undefined, admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("removed");
    expect(await count("posts", "id = ?", [id])).toBe(0);
    expect((await send("GET", `/api/posts/${id}`, undefined, bob)).status).toBe(404);
    expect(
      await count("reports", "id in (?, ?) and status = 'removed'", [first.body.id, second.body.id]),
    ).toBe(2);
    const audit = await rows(
      "select * from admin_audit_log where subject_type = 'report' and subject_id = ?",
      [first.body.id],
    );
    expect(audit.length).toBe(1);
    expect(audit[0]?.action).toBe("report.remove");
    expect(Number(audit[0]?.actor_id)).toBe(admin.id);
    expect(JSON.parse(String(audit[0]?.before)).content).toMatchObject({
      kind: "post",
      content: "remove me",
    });
    expect(JSON.parse(String(audit[0]?.after)).report.status).toBe("removed");
    const again = await send("POST", `/api/admin/reports/${first.body.id}/remove`, undefined, admin);
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([
      409,
      reportMessages.alreadyDecided,
    ]);
    const dismissSettled = await send(
      "POST",
      `/api/admin/reports/${second.body.id}/dismiss`,
      undefined,
      admin,
    );
    expect(dismissSettled.status).toBe(409);
    expect(
      await count("admin_audit_log", "subject_type = 'report' and subject_id = ?", [first.body.id]),
    ).toBe(1);
  });

  it("remove clears a profile's public fields and keeps the account", async () => {
    const frank = await registerMember(t, "frank");
    expect(
      (
        await send(
          "PATCH",
          "/api/users/profile",
          { aboutMe: "buy my stuff", city: "Austin", homeGym: "Spam BJJ" },
          frank,
        )
      ).status,
    ).toBe(200);
    const r = await report(alice, { kind: "profile", id: frank.id, reason: "advertising" });
    const res = await send("POST", `/api/admin/reports/${r.body.id}/remove`, undefined, admin);
    expect(res.status).toBe(200);
    const [user] = await rows(
      "select username, about_me, city, home_gym, profile_photo from users where id = ?",
      [frank.id],
    );
    expect(user).toMatchObject({
      username: frank.username,
      about_me: null,
      city: null,
      home_gym: null,
      profile_photo: null,
    });
    const [audit] = await rows(
      "select before, after from admin_audit_log where subject_type = 'report' and subject_id = ?",
      [r.body.id],
    );
    expect(JSON.parse(String(audit?.before)).content).toMatchObject({
      aboutMe: "buy my stuff",
      city: "Austin",
    });
    expect(JSON.parse(String(audit?.after)).content).toMatchObject({ aboutMe: null, city: null });
  });

  it("remove deletes a reported message", async () => {
    const c = messageClient(t);
    const conversation = await c.open(carol, alice);
    const said = await c.say(carol, conversation.id, "go away");
    const r = await report(alice, { kind: "message", id: said.id, reason: "abuse" });
    const res = await send("POST", `/api/admin/reports/${r.body.id}/remove`, undefined, admin);
    expect(res.status).toBe(200);
    expect(await count("messages", "id = ?", [said.id])).toBe(0);
  });

  it("dismiss keeps the content, writes one audit row; deciding again is 409; two at once decide once", async () => {
    const id = await post(bob, "harmless");
    const r = await report(alice, { kind: "post", id, reason: "I do not like it" });
    const answers = await Promise.all([
      send("POST", `/api/admin/reports/${r.body.id}/dismiss`, undefined, admin),
      send("POST", `/api/admin/reports/${r.body.id}/dismiss`, undefined, admin),
      send("POST", `/api/admin/reports/${r.body.id}/remove`, undefined, admin),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(2);
    expect(await count("admin_audit_log", "subject_type = 'report' and subject_id = ?", [r.body.id])).toBe(1);
    const [row] = await rows("select status from reports where id = ?", [r.body.id]);
    if (row?.status === "dismissed") expect(await count("posts", "id = ?", [id])).toBe(1);
    // A new report of the same post may be sent once the first is decided.
    expect((await report(alice, { kind: "post", id, reason: "again" })).status).toBe(
      row?.status === "dismissed" ? 201 : 404,
    );
  });

  it("the audit log endpoint shows report decisions", async () => {
    const res = await send("GET", "/api/admin/audit", undefined, admin);
    const body = (await res.json()) as { entries?: { action: string }[] } | { action: string }[];
    expect(JSON.stringify(body)).toContain("report.dismiss");
  });
});
