import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { SchoolView } from "../../src/common/schemas/school";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { insertSchools, type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { addSchool, EVERY_DAY, northOf } from "../support/checkins";
import { registerAdmin, rowsOf } from "../support/listing-activity";
import { registerMember } from "../support/session";
import { validSubmission } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 21 "Where a schedule came from": each write path sets the school's schedule source,
 * and every school page, detail (the API's view) and list row says the freshest source.
 */
const DAY_MS = 86_400_000;
const T0 = new Date("2026-07-11T15:00:00.000Z");
let clock = T0;
let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAILS: "provenance-admin@example.com", SUBMISSION_DAILY_LIMIT: "1000" },
    { now: () => clock },
  );
  member = await registerMember(t, "prov");
  admin = await registerAdmin(t, "provenance-admin@example.com", "provadmin");
});
afterAll(() => t.close());

const deps = () => ({ db: t.app.context.database.db, now: () => clock, timeZoneAt });
const draft = (over: Partial<SchoolDraft> = {}): SchoolDraft => ({
  gym: "Provenance Grappling",
  address: "1 Congress Ave, Austin, TX",
  city: "Austin",
  state: "TX",
  latitude: 30.26,
  longitude: -97.74,
  dayAndTime: "Sat 10am-12pm",
  ...over,
});
const view = async (id: number) => (await (await t.request(`/api/schools/${id}`)).json()) as SchoolView;
const pageOf = async (id: number) => (await t.request(`/schools/${(await view(id)).slug}`)).text();
const send = (method: string, path: string, body: unknown, cookie: string) =>
  t.json(method, path, body, { cookie });

describe("an import", () => {
  it("says 'Imported today', counts the days, and moves only when the schedule text changes", async () => {
    clock = T0;
    const { id } = await upsertSchool(deps(), draft());
    expect((await view(id)).provenance).toEqual({ kind: "import", at: T0.toISOString() });
    expect(await pageOf(id)).toContain("Imported today");

    clock = new Date(T0.getTime() + 3 * DAY_MS);
    expect(await pageOf(id)).toContain("Imported 3 days ago");
    // The same schedule again (another phone): where it came from, and when, stay.
    await upsertSchool(deps(), draft({ phone: "512-555-0100" }));
    expect((await view(id)).provenance).toEqual({ kind: "import", at: T0.toISOString() });
    await upsertSchool(deps(), draft({ dayAndTime: "Sun 9am-11am" }));
    expect((await view(id)).provenance).toEqual({ kind: "import", at: clock.toISOString() });
    expect(await pageOf(id)).toContain("Imported today");
  });

  it("a demo school (the bulk path) is imported now too", async () => {
    clock = T0;
    await insertSchools(deps(), [
      draft({ gym: "Demo Provenance", address: "9 Demo St, Austin, TX", isDemo: true }),
    ]);
    const [row] = await rowsOf(t, "SELECT id FROM schools WHERE gym = 'Demo Provenance'");
    const school = await view(Number(row?.id));
    expect(school.provenance).toEqual({ kind: "import", at: T0.toISOString() });
  });

  it("list rows carry it", async () => {
    clock = T0;
    const { id } = await upsertSchool(
      deps(),
      draft({ gym: "Listed Provenance", address: "5 Lamar Blvd, Austin, TX" }),
    );
    const res = await t.request("/api/schools/nearby?lat=30.26&lng=-97.74&limit=50");
    const list = (await res.json()) as { schools: SchoolView[] } | SchoolView[];
    const schools = Array.isArray(list) ? list : list.schools;
    expect(schools.find((s) => s.id === id)?.provenance).toEqual({ kind: "import", at: T0.toISOString() });
  });
});

describe("a member's submission", () => {
  it("approved as a new school says 'From a member's submission, approved …'", async () => {
    clock = T0;
    const res = await send(
      "POST",
      "/api/schools",
      { ...validSubmission, gym: "Submitted Provenance" },
      member.cookie,
    );
    expect(res.status).toBe(201);
    const submissionId = ((await res.json()) as { id: number }).id;
    clock = new Date(T0.getTime() + DAY_MS);
    expect(
      (await send("POST", `/api/admin/submissions/${submissionId}/approve`, {}, admin.cookie)).status,
    ).toBe(200);
    const [row] = await rowsOf(t, "SELECT school_id FROM open_mat_submissions WHERE id = ?", [submissionId]);
    const id = Number(row?.school_id);
    expect((await view(id)).provenance).toEqual({ kind: "submission", at: clock.toISOString() });
    expect(await pageOf(id)).toContain("From a member&#x27;s submission, approved today");
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    expect(await pageOf(id)).toContain("From a member&#x27;s submission, approved 2 days ago");
  });

  it("merged into an imported school makes the schedule the submission's, even when its text is the same", async () => {
    clock = T0;
    const { id } = await upsertSchool(
      deps(),
      draft({ gym: "Merge Target", address: "7 Oltorf St, Austin, TX" }),
    );
    const res = await send(
      "POST",
      "/api/schools",
      { ...validSubmission, gym: "Merge Target", dayAndTime: "Sat 10am-12pm" },
      member.cookie,
    );
    const submissionId = ((await res.json()) as { id: number }).id;
    clock = new Date(T0.getTime() + 5 * DAY_MS);
    const merged = await send(
      "POST",
      `/api/admin/submissions/${submissionId}/merge`,
      { schoolId: id },
      admin.cookie,
    );
    expect(merged.status).toBe(200);
    expect((await view(id)).provenance).toEqual({ kind: "submission", at: clock.toISOString() });
  });
});

describe("an admin's correction through feedback", () => {
  it("says 'Updated by an admin …' when it changes the schedule, and leaves the source when it does not", async () => {
    clock = T0;
    const { id } = await upsertSchool(
      deps(),
      draft({ gym: "Corrected Provenance", address: "3 Red River St, Austin, TX" }),
    );
    const leave = async () => {
      const res = await send(
        "POST",
        "/api/feedback",
        { schoolId: id, communityNotes: "The schedule changed", privateComments: "" },
        member.cookie,
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const fix = (dayAndTime: string) => ({
      gym: "Corrected Provenance",
      address: "3 Red River St, Austin, TX",
      dayAndTime,
      link: "https://corrected.example/",
      publishNote: false,
    });
    clock = new Date(T0.getTime() + 2 * DAY_MS);
    const first = await leave();
    expect(
      (await send("POST", `/api/admin/feedback/${first}/apply`, fix("Sat 10am-12pm"), admin.cookie)).status,
    ).toBe(200);
    // The website changed, the schedule did not: still the import's.
    expect((await view(id)).provenance).toEqual({ kind: "import", at: T0.toISOString() });

    const second = await leave();
    expect(
      (await send("POST", `/api/admin/feedback/${second}/apply`, fix("Sun 9am-11am"), admin.cookie)).status,
    ).toBe(200);
    expect((await view(id)).provenance).toEqual({ kind: "admin", at: clock.toISOString() });
    expect(await pageOf(id)).toContain("Updated by an admin today");
  });
});

describe("a verified check-in", () => {
  it("newer than the source says 'Confirmed by a check-in …'", async () => {
    clock = new Date("2026-07-11T11:00:00-04:00");
    const school = await addSchool(t, { sessions: EVERY_DAY("10:30") });
    await rowsOf(t, "UPDATE schools SET schedule_source = 'import', schedule_source_at = ? WHERE id = ?", [
      clock.getTime() - 2 * DAY_MS,
      school.id,
    ]);
    expect(await pageOf(school.id)).toContain("Imported 2 days ago");
    const res = await send(
      "POST",
      "/api/checkins",
      { schoolId: school.id, ...northOf(school, 10) },
      member.cookie,
    );
    expect(res.status).toBe(201);
    expect((await view(school.id)).provenance).toEqual({ kind: "checkin", at: clock.toISOString() });
    const html = await pageOf(school.id);
    expect(html).toContain("Confirmed by a check-in today");
    expect(html).not.toContain("Imported 2 days ago");
  });
});
