import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import type { SchoolHistoryPage } from "../../src/common/schemas/listing-activity";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { insertSchools, type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { makeOwner, registerAdmin, rowsOf } from "../support/listing-activity";
import { registerMember } from "../support/session";
import { validSubmission } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

/** Issue 21: a school's edit history (who changed what and when, before and after), for its owners and admins. */
const DAY_MS = 86_400_000;
const T0 = new Date("2026-09-01T12:00:00.000Z");
let clock = T0;
let t: TestApp;
type Member = Awaited<ReturnType<typeof registerMember>>;
let member: Member;
let owner: Member;
let stranger: Member;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAILS: "history-admin@example.com", SUBMISSION_DAILY_LIMIT: "1000" },
    { now: () => clock },
  );
  member = await registerMember(t, "histsub");
  owner = await registerMember(t, "histowner");
  stranger = await registerMember(t, "histother");
  admin = await registerAdmin(t, "history-admin@example.com", "histadmin");
});
afterAll(() => t.close());

const deps = () => ({ db: t.app.context.database.db, now: () => clock, timeZoneAt });
let n = 0;
const draft = (over: Partial<SchoolDraft> = {}): SchoolDraft => {
  n++;
  return {
    gym: `History Gym ${n}`,
    address: `${n} Guadalupe St, Austin, TX`,
    city: "Austin",
    state: "TX",
    latitude: 30.27 + n * 0.001,
    longitude: -97.74,
    dayAndTime: "Sat 10am-12pm",
    ...over,
  };
};
const history = async (id: number, query = "", cookie = admin.cookie) => {
  const res = await t.json("GET", `/api/schools/${id}/history${query}`, undefined, cookie ? { cookie } : {});
  return { status: res.status, body: (await res.json()) as SchoolHistoryPage & { message?: string } };
};
const send = (method: string, path: string, body: unknown, cookie: string) =>
  t.json(method, path, body, { cookie });

describe("what each write path records", () => {
  it("an import: every listed field from nothing, then only what a re-import changed; nothing for no change", async () => {
    clock = T0;
    const first = draft({ website: "https://history.example", phone: null });
    const { id } = await upsertSchool(deps(), first);
    clock = new Date(T0.getTime() + DAY_MS);
    await upsertSchool(deps(), { ...first }); // the same again: no entry
    await upsertSchool(deps(), { ...first, dayAndTime: "Sun 9am-11am", phone: "512-555-0101" });
    const { status, body } = await history(id);
    expect(status).toBe(200);
    expect(body.items.map((e) => [e.source, e.by, e.at])).toEqual([
      ["import", null, clock.toISOString()],
      ["import", null, T0.toISOString()],
    ]);
    expect(body.items[0]?.changes).toEqual({
      phone: { before: null, after: "512-555-0101" },
      dayAndTime: { before: "Sat 10am-12pm", after: "Sun 9am-11am" },
    });
    expect(body.items[1]?.changes).toEqual({
      gym: { before: null, after: first.gym },
      address: { before: null, after: first.address },
      city: { before: null, after: "Austin" },
      state: { before: null, after: "TX" },
      website: { before: null, after: "https://history.example" },
      dayAndTime: { before: null, after: "Sat 10am-12pm" },
    });
    expect(body.nextBeforeId).toBeNull();
  });

  it("the bulk import (demo schools) records each school's fields", async () => {
    clock = T0;
    const bulk = draft({ gym: "Bulk History", isDemo: true });
    await insertSchools(deps(), [bulk]);
    const [row] = await rowsOf(t, "SELECT id FROM schools WHERE gym = 'Bulk History'");
    const { body } = await history(Number(row?.id));
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.source).toBe("import");
    expect(body.items[0]?.changes.dayAndTime).toEqual({ before: null, after: bulk.dayAndTime });
  });

  it("an approved submission and a merge: the submission's fields, by the admin who decided", async () => {
    clock = T0;
    const submit = async (gym: string, dayAndTime: string) => {
      const res = await send("POST", "/api/schools", { ...validSubmission, gym, dayAndTime }, member.cookie);
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const approved = await submit("Approved History", "Saturday 10:00am - 12:00pm");
    expect((await send("POST", `/api/admin/submissions/${approved}/approve`, {}, admin.cookie)).status).toBe(
      200,
    );
    const [row] = await rowsOf(t, "SELECT school_id FROM open_mat_submissions WHERE id = ?", [approved]);
    const created = await history(Number(row?.school_id));
    expect(created.body.items.map((e) => [e.source, e.by])).toEqual([
      ["submission", { id: admin.id, username: admin.username }],
    ]);
    expect(created.body.items[0]?.changes.gym).toEqual({ before: null, after: "Approved History" });

    const { id: target } = await upsertSchool(deps(), draft({ gym: "Merge History" }));
    const merged = await submit("Merge History", "Sunday 9:00am - 11:00am");
    clock = new Date(T0.getTime() + 2 * DAY_MS);
    expect(
      (await send("POST", `/api/admin/submissions/${merged}/merge`, { schoolId: target }, admin.cookie))
        .status,
    ).toBe(200);
    const { body } = await history(target);
    expect(body.items[0]?.source).toBe("submission");
    expect(body.items[0]?.by?.id).toBe(admin.id);
    expect(body.items[0]?.changes).toEqual({
      dayAndTime: { before: "Sat 10am-12pm", after: "Sunday 9:00am - 11:00am" },
      // The school had no website: a merge takes the submission's link.
      website: { before: null, after: validSubmission.link },
    });
  });

  it("an admin's correction: the fields it changed, by the admin; a second apply records nothing", async () => {
    clock = T0;
    const { id } = await upsertSchool(deps(), draft({ gym: "Correct History", website: null }));
    const res = await send(
      "POST",
      "/api/feedback",
      { schoolId: id, communityNotes: "New website", privateComments: "" },
      member.cookie,
    );
    const feedbackId = ((await res.json()) as { id: number }).id;
    const [before] = await rowsOf(t, "SELECT address, day_and_time FROM schools WHERE id = ?", [id]);
    const fix = {
      gym: "Correct History Club",
      address: String(before?.address),
      dayAndTime: String(before?.day_and_time),
      link: "https://correct.example/",
      publishNote: false,
    };
    const apply = () => send("POST", `/api/admin/feedback/${feedbackId}/apply`, fix, admin.cookie);
    expect((await apply()).status).toBe(200);
    expect((await apply()).status).toBe(409);
    const { body } = await history(id);
    expect(body.items.map((e) => e.source)).toEqual(["admin", "import"]);
    expect(body.items[0]?.by).toEqual({ id: admin.id, username: admin.username });
    expect(body.items[0]?.changes).toEqual({
      gym: { before: "Correct History", after: "Correct History Club" },
      website: { before: null, after: "https://correct.example/" },
    });
  });
});

describe("GET /api/schools/{id}/history", () => {
  let id: number;
  beforeAll(async () => {
    clock = T0;
    const paged = draft({ gym: "Paged History" });
    ({ id } = await upsertSchool(deps(), paged));
    for (let i = 1; i <= 4; i++) {
      clock = new Date(T0.getTime() + i * DAY_MS);
      await upsertSchool(deps(), { ...paged, dayAndTime: `Sat ${i}pm` });
    }
  });

  it("is newest first, a page at a time, with the next page's beforeId", async () => {
    const all = await history(id, "?limit=50");
    const ids = all.body.items.map((e) => e.id);
    expect(ids).toHaveLength(5);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.items[0]?.changes.dayAndTime).toEqual({ before: "Sat 3pm", after: "Sat 4pm" });
    expect(all.body.nextBeforeId).toBeNull();
    const pages: number[][] = [];
    let query = "?limit=2";
    for (;;) {
      const { body } = await history(id, query);
      pages.push(body.items.map((e) => e.id));
      if (body.nextBeforeId === null) break;
      query = `?limit=2&beforeId=${body.nextBeforeId}`;
    }
    expect(pages).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    // The default page is 20.
    expect((await history(id)).body.items).toHaveLength(5);
  });

  it("refuses a bad page with its reason", async () => {
    expect((await history(id, "?limit=0")).status).toBe(400);
    expect((await history(id, "?limit=51")).body.message).toBe("limit must be a whole number from 1 to 50");
    expect((await history(id, "?beforeId=abc")).body.message).toBe("beforeId must be a whole number from 1");
  });

  it("is for the school's owners and admins: another member gets the same 404 as for no school, a guest 401", async () => {
    await makeOwner(t, id, owner.id);
    expect((await history(id, "", owner.cookie)).status).toBe(200);
    expect((await history(id, "", admin.cookie)).status).toBe(200);
    const other = await history(id, "", stranger.cookie);
    const missing = await history(999_999, "", stranger.cookie);
    expect([other.status, other.body.message]).toEqual([404, "School not found"]);
    expect([missing.status, missing.body.message]).toEqual([404, "School not found"]);
    const guest = await history(id, "", "");
    expect([guest.status, guest.body.message]).toEqual([401, authMessages.notSignedIn]);
    // An owner of one school reads no other's.
    const { id: elsewhere } = await upsertSchool(deps(), draft({ gym: "Elsewhere History" }));
    expect((await history(elsewhere, "", owner.cookie)).status).toBe(404);
  });
});
