import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import { type ScheduleConfirmation, scheduleReviewTexts } from "../../src/common/schemas/schedule-review";
import type { SchoolView } from "../../src/common/schemas/school";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "confirm-admin@example.com";
const NOW = new Date("2026-11-20T17:00:00.000Z");
const UNSURE = "Sat 2-4, Sun 10am?";
let t: TestApp;
let memberCookie: string;
let adminCookie: string;
let adminId: number;
let unsureId: number;
let unsureSlug: string;

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
/** What a refused request must leave as it was. */
const snapshot = async () => ({
  schools: await rows(
    "SELECT id, day_and_time, schedule_confirmed_text, updated_at FROM schools ORDER BY id",
  ),
  audit: (await rows("SELECT count(*) AS n FROM admin_audit_log"))[0]?.n,
  version: (await rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? null,
});
const confirm = (id: number, body: unknown = {}, cookie = adminCookie) =>
  t.json("POST", `/api/admin/schools/${id}/schedule/confirm`, body, { cookie });
const answer = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as Record<string, unknown>,
});
const schoolApi = async (id: number) => (await (await t.request(`/api/schools/${id}`)).json()) as SchoolView;
const reviewsOf = (school: SchoolView) => school.sessions.map((s) => s.review ?? []);

const draft = (gym: string, dayAndTime: string, n: number): SchoolDraft => ({
  gym,
  address: `${n} Main St, Austin, TX`,
  city: "Austin",
  state: "TX",
  latitude: 30.26 + n * 0.01,
  longitude: -97.74,
  dayAndTime,
});
const add = (d: SchoolDraft) =>
  upsertSchool({ db: t.app.context.database.db, now: () => NOW, timeZoneAt }, d);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  memberCookie = (await registerMember(t, "confirmmember")).cookie;
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "confirmadmin",
    email: ADMIN_EMAIL,
    password: "confirm admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
  adminId = Number((await rows("SELECT id FROM users WHERE email = ?", [ADMIN_EMAIL]))[0]?.id);
  unsureId = (await add(draft("Unsure Academy", UNSURE, 1))).id;
  unsureSlug = String((await rows("SELECT slug FROM schools WHERE id = ?", [unsureId]))[0]?.slug);
});
afterAll(() => t.close());

describe("POST /api/admin/schools/{id}/schedule/confirm", () => {
  it("the parser's unsure readings carry their reasons, and the school page marks them", async () => {
    const school = await schoolApi(unsureId);
    // Sunday first, as stored.
    expect(reviewsOf(school)).toEqual([
      [expect.stringContaining('("?")')],
      [expect.stringContaining("am or pm is not written")],
    ]);
    const page = await (await t.request(`/schools/${unsureSlug}`)).text();
    expect(page).toContain(scheduleReviewTexts.checkWithGym);
    expect(page).toContain("am or pm is not written");
  });

  it("refuses a guest 401, a member who does not keep the listing the same 404 as an unknown school, changing nothing", async () => {
    const before = await snapshot();
    expect(await answer(await confirm(unsureId, {}, ""))).toEqual({
      status: 401,
      body: expect.objectContaining({ message: authMessages.notSignedIn }),
    });
    expect(await answer(await confirm(unsureId, {}, memberCookie))).toEqual({
      status: 404,
      body: expect.objectContaining({ message: scheduleReviewTexts.schoolNotFound }),
    });
    expect(await answer(await confirm(999_999))).toEqual({
      status: 404,
      body: expect.objectContaining({ message: scheduleReviewTexts.schoolNotFound }),
    });
    expect((await confirm(unsureId, { dayAndTime: 42 })).status).toBe(400);
    expect(
      (await t.json("POST", "/api/admin/schools/abc/schedule/confirm", {}, { cookie: adminCookie })).status,
    ).toBe(400);
    // Cross-site: refused by the pipeline before the service.
    const crossSite = await t.request(`/api/admin/schools/${unsureId}/schedule/confirm`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses 409 when the text the admin read is not the school's any more, changing nothing", async () => {
    const before = await snapshot();
    expect(await answer(await confirm(unsureId, { dayAndTime: "Sat 2-4" }))).toEqual({
      status: 409,
      body: expect.objectContaining({ message: scheduleReviewTexts.textChanged }),
    });
    expect(await snapshot()).toEqual(before);
  });

  it("confirms the text read: the marks go from the API and the page, audited, the version moved", async () => {
    const before = await snapshot();
    const res = await confirm(unsureId, { dayAndTime: UNSURE });
    expect(res.status).toBe(200);
    expect((await res.json()) as ScheduleConfirmation).toEqual({
      schoolId: unsureId,
      dayAndTime: UNSURE,
      confirmed: true,
    });
    expect(reviewsOf(await schoolApi(unsureId))).toEqual([[], []]);
    const page = await (await t.request(`/schools/${unsureSlug}`)).text();
    expect(page).not.toContain(scheduleReviewTexts.checkWithGym);
    const audit = await rows(
      "SELECT actor_id, action, subject_type, subject_id, before, after FROM admin_audit_log WHERE action = 'schedule.confirm'",
    );
    expect(audit.map((r): Record<string, unknown> => ({ ...r }))).toEqual([
      {
        actor_id: adminId,
        action: "schedule.confirm",
        subject_type: "school",
        subject_id: unsureId,
        before: JSON.stringify({ gym: "Unsure Academy", confirmedText: null }),
        after: JSON.stringify({ gym: "Unsure Academy", confirmedText: UNSURE }),
      },
    ]);
    const after = await snapshot();
    expect(Number(after.version)).toBe(Number(before.version) + 1);
  });

  it("confirming again answers the same and writes nothing", async () => {
    const before = await snapshot();
    for (const body of [{}, { dayAndTime: UNSURE }]) {
      expect(await answer(await confirm(unsureId, body))).toEqual({
        status: 200,
        body: { schoolId: unsureId, dayAndTime: UNSURE, confirmed: true },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a changed text brings the marks back; two confirmations sent at once write one", async () => {
    await rows("UPDATE schools SET day_and_time = ? WHERE id = ?", [`${UNSURE} `, unsureId]);
    expect(reviewsOf(await schoolApi(unsureId))).toEqual([
      [expect.stringContaining('("?")')],
      [expect.stringContaining("am or pm")],
    ]);
    expect((await confirm(unsureId, { dayAndTime: UNSURE })).status).toBe(409);
    const before = await snapshot();
    const both = await Promise.all([confirm(unsureId), confirm(unsureId, { dayAndTime: `${UNSURE} ` })]);
    const answers = await Promise.all(both.map(answer));
    expect(answers).toEqual([
      { status: 200, body: { schoolId: unsureId, dayAndTime: `${UNSURE} `, confirmed: true } },
      { status: 200, body: { schoolId: unsureId, dayAndTime: `${UNSURE} `, confirmed: true } },
    ]);
    const after = await snapshot();
    expect(Number(after.audit)).toBe(Number(before.audit) + 1);
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    expect(reviewsOf(await schoolApi(unsureId))).toEqual([[], []]);
  });
});

describe("The school page's kinds", () => {
  it("lists a day with no time in the schedule and in the next four weeks, as 'time not listed'", async () => {
    const { id } = await add(draft("Untimed Academy", "1st Sun 10am; Wed open mat", 2));
    const slug = String((await rows("SELECT slug FROM schools WHERE id = ?", [id]))[0]?.slug);
    const html = (await (await t.request(`/schools/${slug}`)).text()).replaceAll("<!-- -->", "");
    const upcoming = html.slice(html.indexOf('id="upcoming"'));
    // Friday 20 November 2026: the next four weeks hold four Wednesdays and one 1st Sunday.
    expect(upcoming.match(/Wed, [A-Z][a-z]{2} \d+, time not listed/g)).toHaveLength(4);
    expect(upcoming).toContain("Sun, Dec 6, 10:00 AM");
    expect(upcoming).not.toContain("Sun, Nov 22");
    const schedule = html.slice(html.indexOf('id="schedule"'), html.indexOf('id="upcoming"'));
    expect(schedule).toContain("<strong>Wed</strong> (time not listed)");
    expect(schedule).toContain("<strong>1st Sun</strong> 10:00 AM");
  });
});
