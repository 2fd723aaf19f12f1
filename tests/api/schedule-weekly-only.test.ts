/**
 * Issue 20 (parser): until storage knows monthly, dated and seasonal sessions and days with no
 * time listed, the server lists only weekly ones; the rest stays the gym's own text, flagged
 * with what it is. Through the three roads a schedule is read on: a submission, its approval
 * (ingest) and an admin's correction.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { seedFixtureSchools } from "../support/schools";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { validSubmission } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

const ADMIN_EMAIL = "weekly-only-admin@example.com";
let t: TestApp;
let member: Member;
let admin: Member;
let schoolIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SUBMISSION_DAILY_LIMIT: "100" });
  schoolIds = await seedFixtureSchools(t);
  member = await registerMember(t, "weeklyonly");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "weeklyadmin",
    email: ADMIN_EMAIL,
    password: "weekly admin password",
  });
  const body = (await res.json()) as { user: { id: number } };
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  admin = {
    username: "weeklyadmin",
    email: ADMIN_EMAIL,
    password: "weekly admin password",
    id: body.user.id,
    cookie,
  };
  await confirmEmail(t, ADMIN_EMAIL, admin.cookie);
});
afterAll(() => t.close());

const send = (method: string, path: string, body: unknown, who: Member) =>
  t.json(method, path, body, { cookie: who.cookie });
const sql = async (query: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql: query, args })).rows;
const sessionsOf = async (schoolId: number) =>
  (
    await sql(
      "select weekday, start_minute, end_minute from open_mat_sessions where school_id = ? order by weekday",
      [schoolId],
    )
  ).map((row) => [
    Number(row.weekday),
    Number(row.start_minute),
    row.end_minute === null ? null : Number(row.end_minute),
  ]);
const unparsedOf = async (schoolId: number) =>
  JSON.parse(
    String(
      (await sql("select schedule_unparsed from schools where id = ?", [schoolId]))[0]?.schedule_unparsed,
    ),
  );

const MIXED =
  "Sat 11am-1pm (Gi); 1st & 3rd Sunday 10am; Saturday, March 28, 2026 3pm; Wednesdays (call for times); every other Friday 6pm";
const HELD_BACK = [
  "every other Friday 6pm",
  "1st & 3rd Sunday 10am",
  "Saturday, March 28, 2026 3pm",
  "Wednesdays",
];

describe("the server lists only weekly sessions", () => {
  it("a submission keeps the weekly sessions, and the rest as written, with what each is", async () => {
    const res = await send(
      "POST",
      "/api/schools",
      { ...validSubmission, gym: "Weekly Only BJJ", dayAndTime: MIXED },
      member,
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      id: number;
      sessions: unknown[];
      unparsed: string[];
      review: string[];
      needsReview: boolean;
    };
    expect(body.sessions).toEqual([{ weekday: 6, start: 660, end: 780, notes: ["Gi"] }]);
    expect([...body.unparsed].sort()).toEqual([...HELD_BACK].sort());
    expect(body.review).toEqual(
      expect.arrayContaining([
        '"every other Friday": every other week cannot be placed without a date to count from',
        "monthly: 1st and 3rd Sunday — not listed until monthly sessions are supported",
        "dated: Saturday, Mar 28, 2026 — not listed until dated sessions are supported",
        "time not listed: Wednesday — not listed until sessions without a time are supported",
      ]),
    );
    expect(body.needsReview).toBe(true);

    // Approved, it is listed on Saturdays only; the gym's own text waits in Stale listings.
    const approved = await send("POST", `/api/admin/submissions/${body.id}/approve`, {}, admin);
    expect(approved.status).toBe(200);
    const schoolId = Number(
      (await sql("select school_id from open_mat_submissions where id = ?", [body.id]))[0]?.school_id,
    );
    expect(await sessionsOf(schoolId)).toEqual([[6, 660, 780]]);
    expect([...(await unparsedOf(schoolId))].sort()).toEqual([...HELD_BACK].sort());
    const flags = (
      await sql("select saturday, sunday, wednesday, friday from schools where id = ?", [schoolId])
    )[0];
    expect([flags?.saturday, flags?.sunday, flags?.wednesday, flags?.friday].map(Number)).toEqual([
      1, 0, 0, 0,
    ]);
  });

  it("a correction re-reads the schedule the same way", async () => {
    const schoolId = schoolIds["Capital City Grappling"] as number;
    const feedback = await send(
      "POST",
      "/api/feedback",
      { schoolId, communityNotes: "Now Sundays, and the last Friday", privateComments: "" },
      member,
    );
    expect(feedback.status).toBe(201);
    const { id } = (await feedback.json()) as { id: number };
    const res = await send(
      "POST",
      `/api/admin/feedback/${id}/apply`,
      {
        gym: "Capital City Grappling",
        address: "500 W 2nd St, Austin, TX 78701",
        dayAndTime: "Sun 9am-11am; last Friday of the month 7pm",
        link: "https://capital.example.com/",
        publishNote: false,
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(await sessionsOf(schoolId)).toEqual([[0, 540, 660]]);
    expect(await unparsedOf(schoolId)).toEqual(["last Friday of the month 7pm"]);
  });
});
