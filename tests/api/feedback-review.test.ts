import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { feedbackReviewMessages } from "../../src/common/schemas/feedback";
import { schoolMessages } from "../../src/common/schemas/school";
import { submissionMessages } from "../../src/common/schemas/submission";
import { applyFeedback, dismissFeedback } from "../../src/server/features/feedback/service";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { adminOnlyApiMessage } from "../../src/server/policy/guard";
import { seedFixtureSchools } from "../support/schools";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let member: Member;
let admin: Member;
let schoolIds: Record<string, number>;

const ADMIN_EMAIL = "feedback-admin@example.com";

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  schoolIds = await seedFixtureSchools(t);
  member = await registerMember(t, "noticer");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "feedbackadmin",
    email: ADMIN_EMAIL,
    password: "feedback admin password",
  });
  const body = (await res.json()) as { user: { id: number } };
  admin = {
    username: "feedbackadmin",
    email: ADMIN_EMAIL,
    password: "feedback admin password",
    id: body.user.id,
    cookie: res.headers.getSetCookie()[0]?.split(";")[0] ?? "",
  };
  await confirmEmail(t, ADMIN_EMAIL, admin.cookie);
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown, who?: Member) =>
  t.json(method, path, body, who ? { cookie: who.cookie } : {});
const sql = async (query: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql: query, args })).rows;
const schoolsVersion = async () =>
  String((await sql("select value from app_meta where key = 'schools_version'"))[0]?.value);
const schoolOf = async (id: number) => (await sql("select * from schools where id = ?", [id]))[0];
const auditOf = (feedbackId: number) =>
  sql("select * from admin_audit_log where subject_type = 'feedback' and subject_id = ? order by id", [
    feedbackId,
  ]);

/** A fresh feedback item on the school, left by the member. */
async function leaveFeedback(school: string, communityNotes = "Open mat moved to the new building") {
  const res = await send(
    "POST",
    "/api/feedback",
    { schoolId: schoolIds[school], communityNotes, privateComments: "The owner told me" },
    member,
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const correction = {
  gym: "Capital City Grappling Club",
  address: "500 W 2nd St, Austin, TX 78701",
  dayAndTime: "Sunday 9am - 11am",
  link: "https://capital-club.example.com/",
  publishNote: true,
};

describe("POST /api/admin/feedback/:id/apply", () => {
  it("corrects the school, re-reads its schedule, publishes the note, bumps the version and audits before and after", async () => {
    const id = await leaveFeedback("Capital City Grappling", "<script>alert(1)</script> now on Sundays");
    const slug = String((await schoolOf(schoolIds["Capital City Grappling"] as number))?.slug);
    // Seen once before the correction, so a kept copy of the page would show the old school.
    expect(await (await t.request(`/schools/${slug}`)).text()).not.toContain("Community notes");
    const versionBefore = await schoolsVersion();
    const res = await send("POST", `/api/admin/feedback/${id}/apply`, correction, admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("applied");

    const schoolId = schoolIds["Capital City Grappling"] as number;
    const school = await schoolOf(schoolId);
    expect(school?.gym).toBe(correction.gym);
    expect(school?.address).toBe(correction.address);
    expect(school?.website).toBe(correction.link);
    expect(school?.day_and_time).toBe(correction.dayAndTime);
    expect(school?.sunday).toBe(1);
    expect(school?.saturday).toBe(0);
    const notes = JSON.parse(String(school?.feedback_notes)) as { text: string; at: string }[];
    expect(notes.map((n) => n.text)).toEqual(["<script>alert(1)</script> now on Sundays"]);
    const sessions = await sql(
      "select weekday, start_minute, end_minute from open_mat_sessions where school_id = ?",
      [schoolId],
    );
    expect(sessions).toEqual([{ weekday: 0, start_minute: 540, end_minute: 660 }] as never);
    expect(Number(await schoolsVersion())).toBeGreaterThan(Number(versionBefore));

    const [row] = await sql("select status, decided_by, note_published from feedback where id = ?", [id]);
    expect(row).toEqual({ status: "applied", decided_by: admin.id, note_published: 1 } as never);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe("feedback.apply");
    expect(audit[0]?.actor_id).toBe(admin.id);
    const before = JSON.parse(String(audit[0]?.before));
    const after = JSON.parse(String(audit[0]?.after));
    expect(before.school.gym).toBe("Capital City Grappling");
    expect(before.school.dayAndTime).toBe("Sat 11am-1pm (Gi), Sun 10am");
    expect(after.school.gym).toBe(correction.gym);
    expect(after.feedback.status).toBe("applied");

    // The school's API answer carries the published note (the home detail dialog reads it there).
    const view = (await (await send("GET", `/api/schools/${schoolId}`)).json()) as {
      feedbackNotes?: { text: string }[];
    };
    expect(view.feedbackNotes?.[0]?.text).toBe("<script>alert(1)</script> now on Sundays");

    // The school page shows it under 'Community notes' with its date, as text.
    const page = await t.request(`/schools/${school?.slug}`);
    const html = await page.text();
    expect(html).toContain("Community notes");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; now on Sundays");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toMatch(new RegExp(`datetime="${notes[0]?.at}"`, "i"));
  });

  it("answers the second apply 409 and changes nothing", async () => {
    const id = await leaveFeedback("Eastside Jiu-Jitsu");
    const schoolId = schoolIds["Eastside Jiu-Jitsu"] as number;
    const first = await send(
      "POST",
      `/api/admin/feedback/${id}/apply`,
      { gym: "Eastside Jiu-Jitsu", address: "2200 E 6th St, Austin, TX 78702", dayAndTime: "Fri 6pm to 8pm" },
      admin,
    );
    expect(first.status).toBe(200);
    const school = await schoolOf(schoolId);
    const version = await schoolsVersion();
    const again = await send(
      "POST",
      `/api/admin/feedback/${id}/apply`,
      { ...correction, address: "2200 E 6th St, Austin, TX 78702", gym: "Changed Twice" },
      admin,
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(feedbackReviewMessages.alreadyDecided);
    expect(await schoolOf(schoolId)).toEqual(school as never);
    expect(await schoolsVersion()).toBe(version);
    expect(await auditOf(id)).toHaveLength(1);
    // Not published: the admin did not ask for it.
    expect(school?.feedback_notes).toBe("[]");
    const dismiss = await send("POST", `/api/admin/feedback/${id}/dismiss`, undefined, admin);
    expect(dismiss.status).toBe(409);
  });

  it("lets exactly one of two racing applies through", async () => {
    const id = await leaveFeedback("Round Rock Rollers");
    const body = {
      gym: "Round Rock Rollers",
      address: "1 Main St, Round Rock, TX 78664",
      dayAndTime: "Sat 9am",
    };
    const answers = await Promise.all([
      send("POST", `/api/admin/feedback/${id}/apply`, body, admin),
      send("POST", `/api/admin/feedback/${id}/apply`, body, admin),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditOf(id)).toHaveLength(1);
    const sessions = await sql("select count(*) as n from open_mat_sessions where school_id = ?", [
      schoolIds["Round Rock Rollers"] as number,
    ]);
    expect(Number(sessions[0]?.n)).toBe(1);
  });

  it("corrects nothing when another decision lands between its read and its batch", async () => {
    const id = await leaveFeedback("Round Rock Rollers");
    const schoolId = schoolIds["Round Rock Rollers"] as number;
    const school = await schoolOf(schoolId);
    const version = await schoolsVersion();
    const db = t.app.context.database.db;
    const viewer = { kind: "admin" as const, id: admin.id };
    const now = () => new Date();
    // The address moved, so the correction geocodes: meanwhile another admin dismisses the item.
    const geocoder = {
      suggestPlaces: () => [],
      async geocode() {
        await dismissFeedback({ db, now }, viewer, id);
        return {
          latitude: 30.27,
          longitude: -97.74,
          city: "Austin",
          state: "TX",
          label: "Austin, TX",
          kind: "address" as const,
        };
      },
    };
    const body = {
      gym: "Raced",
      address: "9 Other St, Austin, TX 78701",
      dayAndTime: "Mon 6pm",
      publishNote: true,
    };
    await expect(applyFeedback({ db, now, geocoder, timeZoneAt }, viewer, id, body)).rejects.toMatchObject({
      status: 409,
    });
    expect(await schoolOf(schoolId)).toEqual(school as never);
    expect(await schoolsVersion()).toBe(version);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["feedback.dismiss"]);
    expect((await sql("select status from feedback where id = ?", [id]))[0]?.status).toBe("dismissed");
  });

  it("answers an address that does not geocode 422 with the spec's text and changes nothing", async () => {
    const id = await leaveFeedback("Big D Submission Club");
    const school = await schoolOf(schoolIds["Big D Submission Club"] as number);
    const address = "12 Qwxzz Lane, Zzyzxqk";
    const res = await send("POST", `/api/admin/feedback/${id}/apply`, { ...correction, address }, admin);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      submissionMessages.geocodeFailed(address),
    );
    expect(await schoolOf(schoolIds["Big D Submission Club"] as number)).toEqual(school as never);
    expect((await sql("select status from feedback where id = ?", [id]))[0]?.status).toBe("open");
  });

  it("answers missing or bad fields 400 with the open-mat form's messages", async () => {
    const id = await leaveFeedback("Desert Heat BJJ");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...correction, gym: "  " }, schoolMessages.gymRequired],
      [{ ...correction, address: undefined }, schoolMessages.addressRequired],
      [{ ...correction, dayAndTime: "" }, schoolMessages.scheduleRequired],
      [{ ...correction, link: "javascript:alert(1)" }, "link must be an http:// or https:// URL"],
      [{ ...correction, publishNote: "yes" }, feedbackReviewMessages.publishNoteInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await send("POST", `/api/admin/feedback/${id}/apply`, body, admin);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const bad = await send("POST", "/api/admin/feedback/abc/apply", correction, admin);
    expect(bad.status).toBe(400);
    expect((await sql("select status from feedback where id = ?", [id]))[0]?.status).toBe("open");
  });

  it("answers unknown feedback 404", async () => {
    const res = await send("POST", "/api/admin/feedback/999999/apply", correction, admin);
    expect(res.status).toBe(404);
  });

  it("refuses a member 403 and a guest 401, changing nothing", async () => {
    const id = await leaveFeedback("Desert Heat BJJ");
    const asMember = await send("POST", `/api/admin/feedback/${id}/apply`, correction, member);
    expect(asMember.status).toBe(403);
    expect(((await asMember.json()) as { message: string }).message).toBe(adminOnlyApiMessage);
    expect((await send("POST", `/api/admin/feedback/${id}/apply`, correction)).status).toBe(401);
    expect((await send("POST", `/api/admin/feedback/${id}/dismiss`, undefined, member)).status).toBe(403);
    expect((await send("POST", `/api/admin/feedback/${id}/dismiss`)).status).toBe(401);
    expect((await sql("select status from feedback where id = ?", [id]))[0]?.status).toBe("open");
    expect(await auditOf(id)).toHaveLength(0);
  });
});

describe("POST /api/admin/feedback/:id/dismiss", () => {
  it("dismisses open feedback once, with one audit row, and lists its state", async () => {
    const id = await leaveFeedback("Desert Heat BJJ");
    const school = await schoolOf(schoolIds["Desert Heat BJJ"] as number);
    const res = await send("POST", `/api/admin/feedback/${id}/dismiss`, undefined, admin);
    expect(res.status).toBe(200);
    expect(await schoolOf(schoolIds["Desert Heat BJJ"] as number)).toEqual(school as never);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["feedback.dismiss"]);
    expect(JSON.parse(String(audit[0]?.before)).status).toBe("open");
    expect(JSON.parse(String(audit[0]?.after)).status).toBe("dismissed");
    expect((await send("POST", `/api/admin/feedback/${id}/dismiss`, undefined, admin)).status).toBe(409);
    expect(await auditOf(id)).toHaveLength(1);

    const list = (await (await send("GET", "/api/feedback", undefined, admin)).json()) as {
      id: number;
      status: string;
      decidedBy: string | null;
    }[];
    const item = list.find((f) => f.id === id);
    expect(item?.status).toBe("dismissed");
    expect(item?.decidedBy).toBe("feedbackadmin");
  });
});
