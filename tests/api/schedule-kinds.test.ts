/**
 * Issue 20: weekly, monthly, dated and seasonal sessions and days with no time listed are
 * stored as what they are and listed, through the three roads a schedule is read on: a
 * submission, its approval (ingest) and an admin's correction. Only what cannot be placed
 * ("every other Friday") stays the gym's own text.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { seedFixtureSchools } from "../support/schools";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { validSubmission } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

const ADMIN_EMAIL = "schedule-kinds-admin@example.com";
let t: TestApp;
let member: Member;
let admin: Member;
let schoolIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SUBMISSION_DAILY_LIMIT: "100" });
  schoolIds = await seedFixtureSchools(t);
  member = await registerMember(t, "schedulekinds");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "kindsadmin",
    email: ADMIN_EMAIL,
    password: "kinds admin password",
  });
  const body = (await res.json()) as { user: { id: number } };
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  admin = {
    username: "kindsadmin",
    email: ADMIN_EMAIL,
    password: "kinds admin password",
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
      `select weekday, start_minute, end_minute, ordinals, on_date, season_from, season_until
       from open_mat_sessions where school_id = ? order by weekday, start_minute`,
      [schoolId],
    )
  ).map((row) => [
    Number(row.weekday),
    Number(row.start_minute),
    row.end_minute === null ? null : Number(row.end_minute),
    row.ordinals,
    row.on_date,
    row.season_from,
    row.season_until,
  ]);
const columnOf = async (schoolId: number, column: "schedule_unparsed" | "schedule_untimed") =>
  JSON.parse(String((await sql(`select ${column} from schools where id = ?`, [schoolId]))[0]?.[column]));

const MIXED =
  "Sat 11am-1pm (Gi); 1st & 3rd Sunday 10am; Saturday, March 28, 2026 3pm; Wednesdays (call for times); every other Friday 6pm";

describe("the server stores every kind of session", () => {
  it("a submission reads every kind, holding back only what cannot be placed", async () => {
    const res = await send(
      "POST",
      "/api/schools",
      { ...validSubmission, gym: "Every Kind BJJ", dayAndTime: MIXED },
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
    expect(body.sessions).toEqual([
      { weekday: 0, start: 600, end: null, notes: [], ordinals: [1, 3] },
      { weekday: 6, start: 660, end: 780, notes: ["Gi"] },
      { weekday: 6, start: 900, end: null, notes: [], date: "2026-03-28" },
    ]);
    expect(body.unparsed).toEqual(["every other Friday 6pm"]);
    expect(body.review).toEqual([
      '"every other Friday": every other week cannot be placed without a date to count from',
    ]);
    expect(body.needsReview).toBe(true);

    // Approved, each kind is a row of its own, the day with no time on the school.
    const approved = await send("POST", `/api/admin/submissions/${body.id}/approve`, {}, admin);
    expect(approved.status).toBe(200);
    const schoolId = Number(
      (await sql("select school_id from open_mat_submissions where id = ?", [body.id]))[0]?.school_id,
    );
    expect(await sessionsOf(schoolId)).toEqual([
      [0, 600, null, "[1,3]", null, null, null],
      [6, 660, 780, null, null, null, null],
      [6, 900, null, null, "2026-03-28", null, null],
    ]);
    expect(await columnOf(schoolId, "schedule_unparsed")).toEqual(["every other Friday 6pm"]);
    expect(await columnOf(schoolId, "schedule_untimed")).toEqual([
      { weekday: 3, start: null, end: null, notes: [], timeNotListed: true },
    ]);
    // A monthly Sunday is a Sunday, a day with no time listed is its day, an unplaced Friday is none.
    const flags = (
      await sql("select saturday, sunday, wednesday, friday from schools where id = ?", [schoolId])
    )[0];
    expect([flags?.saturday, flags?.sunday, flags?.wednesday, flags?.friday].map(Number)).toEqual([
      1, 1, 1, 0,
    ]);
    const school = (await (
      await t.app.handle(new Request(`http://localhost/api/schools/${schoolId}`))
    ).json()) as {
      sessions: unknown[];
      untimed: unknown[];
    };
    expect(school.sessions).toEqual(body.sessions);
    expect(school.untimed).toEqual([{ weekday: 3, start: null, end: null, notes: [], timeNotListed: true }]);
  });

  it("a correction re-reads the schedule the same way, seasons included", async () => {
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
        dayAndTime:
          "Sun 9am-11am; last Friday of the month 7pm; Tuesdays 6pm from June 1, 2027 to August 31, 2027",
        link: "https://capital.example.com/",
        publishNote: false,
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(await sessionsOf(schoolId)).toEqual([
      [0, 540, 660, null, null, null, null],
      [2, 1080, null, null, null, "2027-06-01", "2027-08-31"],
      [5, 1140, null, "[-1]", null, null, null],
    ]);
    expect(await columnOf(schoolId, "schedule_unparsed")).toEqual([]);
  });
});
