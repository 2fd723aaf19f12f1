import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { RATE_LIMIT_FALLBACK } from "../../src/common/rate-limit-body";
import { schoolMessages } from "../../src/common/schemas/school";
import { submissionMessages } from "../../src/common/schemas/submission";
import { releaseStaleClaimsJob, STALE_CLAIM_MS } from "../../src/server/features/submissions/service";
import { silentLogger } from "../../src/server/log";
import { adminOnlyApiMessage } from "../../src/server/policy/guard";
import { seedFixtureSchools } from "../support/schools";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { startSmtpServer } from "../support/smtp";
import { validSubmission } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let member: Member;
let other: Member;
let admin: Member;
let schoolIds: Record<string, number>;

const ADMIN_EMAIL = "reviewer@example.com";

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url, SUBMISSION_DAILY_LIMIT: "1000" });
  schoolIds = await seedFixtureSchools(t);
  member = await registerMember(t, "submitter");
  other = await registerMember(t, "other");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "reviewer",
    email: ADMIN_EMAIL,
    password: "reviewer password",
  });
  const body = (await res.json()) as { user: { id: number } };
  admin = {
    username: "reviewer",
    email: ADMIN_EMAIL,
    password: "reviewer password",
    id: body.user.id,
    cookie: res.headers.getSetCookie()[0]?.split(";")[0] ?? "",
  };
  await confirmEmail(t, ADMIN_EMAIL, admin.cookie);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (method: string, path: string, body?: unknown, who?: Member) =>
  t.json(method, path, body, who ? { cookie: who.cookie } : {});

const sql = async (query: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql: query, args })).rows;
const count = async (table: string, where = "1") =>
  Number((await sql(`select count(*) as n from ${table} where ${where}`))[0]?.n);

const valid = validSubmission;

async function submit(body: Partial<typeof valid> & Record<string, unknown>, who: Member = member) {
  const res = await send("POST", "/api/schools", { ...valid, ...body }, who);
  return { res, body: (await res.json()) as Record<string, unknown> & { id: number; message?: string } };
}

describe("POST /api/schools", () => {
  it("answers a guest 401 and stores nothing", async () => {
    const before = await count("open_mat_submissions");
    expect((await send("POST", "/api/schools", valid)).status).toBe(401);
    expect(await count("open_mat_submissions")).toBe(before);
  });

  it("refuses missing fields with the spec's messages", async () => {
    const res = await send("POST", "/api/schools", {}, member);
    expect(res.status).toBe(400);
    const messages = ((await res.json()) as { issues: { message: string }[] }).issues.map((i) => i.message);
    expect(messages).toContain(schoolMessages.gymRequired);
    expect(messages).toContain(schoolMessages.addressRequired);
    expect(messages).toContain(schoolMessages.scheduleRequired);
  });

  it("refuses a bad e-mail and a 10 KB schedule", async () => {
    const bad = await submit({ emailForConfirmation: "not-an-email" });
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Please enter a valid email address");
    const huge = await submit({ dayAndTime: "Saturday 10am ".repeat(800) });
    expect(huge.res.status).toBeGreaterThanOrEqual(400);
    expect(huge.res.status).toBeLessThan(500);
  });

  it("answers an address that does not geocode with the spec's text and stores nothing", async () => {
    const before = await count("open_mat_submissions");
    const address = "12 Qwxzz Lane, Zzyzxqk";
    const { res, body } = await submit({ address });
    expect(res.status).toBe(422);
    expect(body.message).toBe(
      `Unable to find coordinates for "${address}". Please check the address and try again.`,
    );
    expect(body.message).toBe(submissionMessages.geocodeFailed(address));
    expect(await count("open_mat_submissions")).toBe(before);
  });

  it("stores a pending submission geocoded by the server, ignoring the client's coordinates", async () => {
    const schoolsBefore = await count("schools");
    const { res, body } = await submit({
      gym: "<script>alert(1)</script> Club",
      latitude: 1,
      longitude: 2,
      city: "Elsewhere",
      location: "Nowhere",
      daySort: 3,
      googleGym: "x",
    });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ status: "pending", gym: "<script>alert(1)</script> Club", city: "Austin" });
    expect(body.state).toBe("TX");
    expect(Math.abs(Number(body.latitude) - 30.27)).toBeLessThan(0.2);
    expect(body.saturday).toBe(true);
    expect(body.monday).toBe(false);
    expect(body.needsReview).toBe(false);
    expect((body.sessions as unknown[]).length).toBe(1);
    expect(await count("schools")).toBe(schoolsBefore);
    const stored = await sql("select gym, status from open_mat_submissions where id = ?", [body.id]);
    expect(stored[0]).toMatchObject({ gym: "<script>alert(1)</script> Club", status: "pending" });
  });

  it("flags a schedule the parser cannot read", async () => {
    const { res, body } = await submit({ dayAndTime: "ask at the front desk" });
    expect(res.status).toBe(201);
    expect(body.needsReview).toBe(true);
  });

  it("queues a confirmation to emailForConfirmation, or to the member's own address", async () => {
    const { body } = await submit({ emailForConfirmation: "coach@example.com" });
    expect(body.emailForConfirmation).toBe("coach@example.com");
    const toCoach = await sql(
      "select subject, text from mail_outbox where id = (select max(id) from mail_outbox)",
    );
    expect(String(toCoach[0]?.text)).toContain(valid.gym);
    const addressed = await sql("select * from mail_outbox order by id desc limit 2");
    expect(JSON.stringify(addressed[0])).toContain("coach@example.com");
    expect(JSON.stringify(addressed[1])).toContain(member.email);
  });
});

describe("the daily limit", () => {
  it("allows 10 a day per member, refusing the rest with the spec's 429 body, even sent at once", async () => {
    const limited = await createTestApp({ SUBMISSION_DAILY_LIMIT: "10" });
    try {
      const who = await registerMember(limited, "busy");
      const responses = await Promise.all(
        Array.from({ length: 13 }, () => limited.json("POST", "/api/schools", valid, { cookie: who.cookie })),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201).length).toBe(10);
      expect(statuses.filter((s) => s === 429).length).toBe(3);
      const refused = responses.find((r) => r.status === 429);
      const body = (await refused?.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ message: RATE_LIMIT_FALLBACK.message, limit: 10, remaining: 0 });
      expect(Number(body.retryAfter)).toBeGreaterThan(0);
      expect(refused?.headers.get("retry-after")).toBeTruthy();
      const stored = await limited.app.context.database.client.execute(
        "select count(*) as n from open_mat_submissions",
      );
      expect(Number(stored.rows[0]?.n)).toBe(10);
    } finally {
      await limited.close();
    }
  });
});

describe("the review API", () => {
  it.each([
    ["GET", "/api/admin/submissions"],
    ["GET", "/api/admin/audit"],
    ["POST", "/api/admin/submissions/1/approve"],
    ["POST", "/api/admin/submissions/1/merge"],
    ["POST", "/api/admin/submissions/1/reject"],
  ])("%s %s: 401 for a guest, 403 for a member, and nothing changes", async (method, path) => {
    const { body } = await submit({});
    const real = path.replace("/1/", `/${body.id}/`);
    const payload = method === "POST" ? { reason: "no", schoolId: 1 } : undefined;
    expect((await send(method, real, payload)).status).toBe(401);
    const res = await send(method, real, payload, member);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(adminOnlyApiMessage);
    expect((await sql("select status from open_mat_submissions where id = ?", [body.id]))[0]?.status).toBe(
      "pending",
    );
  });

  it("lists the pending queue oldest first, with raw text, parsed sessions, the pin and duplicate candidates", async () => {
    const { body: dup } = await submit({
      gym: "Capital City Grappling",
      address: "100 Congress Ave, Austin, TX 78701",
    });
    const res = await send("GET", "/api/admin/submissions", undefined, admin);
    expect(res.status).toBe(200);
    const { submissions } = (await res.json()) as {
      submissions: {
        id: number;
        createdAt: string;
        dayAndTime: string;
        sessions: unknown[];
        latitude: number;
        duplicates: { id: number; reasons: string[] }[];
      }[];
    };
    const ids = submissions.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const item = submissions.find((s) => s.id === dup.id);
    expect(item?.dayAndTime).toBe(valid.dayAndTime);
    expect(item?.sessions.length).toBe(1);
    expect(typeof item?.latitude).toBe("number");
    const capital = item?.duplicates.find((d) => d.id === schoolIds["Capital City Grappling"]);
    expect(capital?.reasons).toContain("similarName");
  });

  it("approves once even when two approvals race: one school, one audit row, one event", async () => {
    const schoolsBefore = await count("schools");
    const { body } = await submit({ gym: "Race Condition BJJ" });
    const [a, b] = await Promise.all([
      send("POST", `/api/admin/submissions/${body.id}/approve`, {}, admin),
      send("POST", `/api/admin/submissions/${body.id}/approve`, {}, admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await count("schools")).toBe(schoolsBefore + 1);
    expect(await count("admin_audit_log", `subject_id = ${body.id}`)).toBe(1);
    expect(await count("domain_events", `type = 'submission.decided' and subject_id = ${body.id}`)).toBe(1);
    const row = (
      await sql("select status, school_id, decided_by from open_mat_submissions where id = ?", [body.id])
    )[0];
    expect(row?.status).toBe("approved");
    expect(Number(row?.decided_by)).toBe(admin.id);
    const school = await send("GET", `/api/schools/${row?.school_id}`);
    expect(school.status).toBe(200);
    expect(((await school.json()) as { gym: string }).gym).toBe("Race Condition BJJ");
  });

  it("puts an approval that stopped half way back in the queue, and approving again makes one school", async () => {
    const schoolsBefore = await count("schools");
    const { body } = await submit({ gym: "Interrupted Approval BJJ" });
    const { body: recent } = await submit({ gym: "Just Claimed BJJ" });
    const { body: done } = await submit({ gym: "Approved Fine BJJ" });
    expect((await send("POST", `/api/admin/submissions/${done.id}/approve`, {}, admin)).status).toBe(200);
    // A copy claimed these, then stopped before its final batch: no school linked, no audit row.
    const stoppedAt = Date.now() - STALE_CLAIM_MS - 1000;
    await sql("update open_mat_submissions set status = 'approved', decided_at = ? where id = ?", [
      stoppedAt,
      body.id,
    ]);
    await sql("update open_mat_submissions set status = 'approved', decided_at = ? where id = ?", [
      Date.now(),
      recent.id,
    ]);
    const run = () =>
      releaseStaleClaimsJob().run({ db: t.app.context.database.db, now: new Date(), logger: silentLogger });
    expect(await run()).toBe(1);
    const status = async (id: number) =>
      (await sql("select status from open_mat_submissions where id = ?", [id]))[0]?.status;
    expect(await status(body.id)).toBe("pending");
    // A claim younger than the limit may still finish; a finished approval is never touched.
    expect(await status(recent.id)).toBe("approved");
    expect(await status(done.id)).toBe("approved");
    const queue = (await (await send("GET", "/api/admin/submissions", undefined, admin)).json()) as {
      submissions: { id: number }[];
    };
    expect(queue.submissions.map((s) => s.id)).toContain(body.id);
    expect((await send("POST", `/api/admin/submissions/${body.id}/approve`, {}, admin)).status).toBe(200);
    expect(await count("schools", `source_key = 'submission:${body.id}'`)).toBe(1);
    expect(await count("schools")).toBe(schoolsBefore + 2);
    expect(await count("admin_audit_log", `subject_id = ${body.id}`)).toBe(1);
  });

  it("approves with the admin's edits", async () => {
    const { body } = await submit({ gym: "Typo Gmy" });
    const res = await send(
      "POST",
      `/api/admin/submissions/${body.id}/approve`,
      { gym: "Typo Gym", dayAndTime: "Sunday 9am-11am" },
      admin,
    );
    expect(res.status).toBe(200);
    const approved = (await res.json()) as { schoolId: number };
    const school = (await (await send("GET", `/api/schools/${approved.schoolId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(school).toMatchObject({ gym: "Typo Gym", dayAndTime: "Sunday 9am-11am", sunday: true });
  });

  it("refuses an edited address that does not geocode, and leaves the submission pending", async () => {
    const { body } = await submit({});
    const address = "9 Qwxzz Road, Zzyzxqk";
    const res = await send("POST", `/api/admin/submissions/${body.id}/approve`, { address }, admin);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      submissionMessages.geocodeFailed(address),
    );
    expect((await sql("select status from open_mat_submissions where id = ?", [body.id]))[0]?.status).toBe(
      "pending",
    );
  });

  it("shows the parser's flag in the queue", async () => {
    const { body } = await submit({ dayAndTime: "call us, times change weekly" });
    const { submissions } = (await (
      await send("GET", "/api/admin/submissions", undefined, admin)
    ).json()) as {
      submissions: { id: number; needsReview: boolean; unparsed: string[]; dayAndTime: string }[];
    };
    const item = submissions.find((s) => s.id === body.id);
    expect(item).toMatchObject({ needsReview: true, dayAndTime: "call us, times change weekly" });
  });

  it("merges into an existing school: its schedule is updated and it is confirmed", async () => {
    const target = schoolIds["Eastside Jiu-Jitsu"] as number;
    const { body } = await submit({ gym: "Eastside Jiu Jitsu", dayAndTime: "Friday 6pm-8pm" });
    const res = await send("POST", `/api/admin/submissions/${body.id}/merge`, { schoolId: target }, admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { schoolId: number }).schoolId).toBe(target);
    const school = (await (await send("GET", `/api/schools/${target}`)).json()) as Record<string, unknown>;
    expect(school).toMatchObject({ dayAndTime: "Friday 6pm-8pm", friday: true });
    const confirmed = (await sql("select last_verified_at from schools where id = ?", [target]))[0];
    expect(Number(confirmed?.last_verified_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await count("admin_audit_log", `subject_id = ${body.id} and action = 'submission.merge'`)).toBe(1);
    const missing = await submit({});
    expect(
      (await send("POST", `/api/admin/submissions/${missing.body.id}/merge`, { schoolId: 999999 }, admin))
        .status,
    ).toBe(404);
    expect((await send("POST", `/api/admin/submissions/${missing.body.id}/merge`, {}, admin)).status).toBe(
      400,
    );
  });

  it("rejects with a reason (required), once", async () => {
    const { body } = await submit({});
    const empty = await send("POST", `/api/admin/submissions/${body.id}/reject`, { reason: " " }, admin);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain(submissionMessages.reasonRequired);
    const res = await send(
      "POST",
      `/api/admin/submissions/${body.id}/reject`,
      { reason: "Duplicate listing" },
      admin,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "rejected", reason: "Duplicate listing" });
    expect(
      (await send("POST", `/api/admin/submissions/${body.id}/reject`, { reason: "again" }, admin)).status,
    ).toBe(409);
    expect(await count("admin_audit_log", `subject_id = ${body.id}`)).toBe(1);
    expect(await count("domain_events", `type = 'submission.decided' and subject_id = ${body.id}`)).toBe(1);
    expect((await send("POST", "/api/admin/submissions/999999/reject", { reason: "x" }, admin)).status).toBe(
      404,
    );
    expect((await send("POST", "/api/admin/submissions/abc/reject", { reason: "x" }, admin)).status).toBe(
      400,
    );
  });

  it("notifies the submitter when the consumer runs, and mails the decision with the reason", async () => {
    const { body: rejected } = await submit(
      { gym: "Mailed Gym", emailForConfirmation: "mailed.decision@example.com" },
      other,
    );
    const { body: approved } = await submit({ gym: "Happy Gym" }, other);
    expect(
      (
        await send(
          "POST",
          `/api/admin/submissions/${rejected.id}/reject`,
          { reason: "No open mat on that day" },
          admin,
        )
      ).status,
    ).toBe(200);
    expect((await send("POST", `/api/admin/submissions/${approved.id}/approve`, {}, admin)).status).toBe(200);
    await t.app.jobs.runDue();
    const list = (await (await send("GET", "/api/notifications", undefined, other)).json()) as {
      body: string;
    }[];
    const bodies = list.map((n) => n.body);
    expect(bodies).toContain(
      "Your open mat submission for Mailed Gym was not approved. Reason: No open mat on that day",
    );
    expect(bodies.some((b) => b.includes("Happy Gym") && b.includes("approved"))).toBe(true);
    await t.app.outbox.drain();
    await smtp.waitFor(1);
    const deadline = Date.now() + 5000;
    const decisionMail = () =>
      smtp.inbox.find((m) => m.to.includes("mailed.decision@example.com") && m.raw.includes("not approved"));
    while (!decisionMail() && Date.now() < deadline) {
      await t.app.outbox.drain();
      await Bun.sleep(50);
    }
    expect(decisionMail()?.raw.replace(/=\r?\n/g, "")).toContain("Reason: No open mat on that day");
    const received = smtp.inbox.find(
      (m) => m.to.includes("mailed.decision@example.com") && m.raw.includes("received"),
    );
    expect(received).toBeTruthy();
    expect(
      smtp.inbox.some(
        (m) => m.to.includes(other.email) && m.raw.includes("Happy Gym") && m.raw.includes("approved"),
      ),
    ).toBe(true);
  });

  it("lists the audit log newest first, paged, with before and after", async () => {
    const res = await send("GET", "/api/admin/audit?limit=2", undefined, admin);
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      entries: {
        id: number;
        actorId: number;
        action: string;
        before: { status: string };
        after: { status: string };
      }[];
      nextBeforeId: number;
    };
    expect(page.entries.length).toBe(2);
    const [first, second] = page.entries;
    expect((first?.id ?? 0) > (second?.id ?? 0)).toBe(true);
    expect(first?.actorId).toBe(admin.id);
    const next = (await (
      await send("GET", `/api/admin/audit?limit=2&beforeId=${page.nextBeforeId}`, undefined, admin)
    ).json()) as typeof page;
    expect(next.entries.every((e) => e.id < (second?.id ?? 0))).toBe(true);
    const reject = [...page.entries, ...next.entries].find((e) => e.action === "submission.reject");
    if (reject) expect([reject.before.status, reject.after.status]).toEqual(["pending", "rejected"]);
    expect((await send("GET", "/api/admin/audit?limit=0", undefined, admin)).status).toBe(400);
  });
});
