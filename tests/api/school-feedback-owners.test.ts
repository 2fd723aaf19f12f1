/**
 * Feedback about an owned school reaches its owners (issue 21): GET /api/schools/{id}/feedback
 * lists its open items, and POST …/{feedbackId}/apply|dismiss decide them as an admin's
 * dashboard does. Private comments stay with admins.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import { feedbackReviewMessages, type SchoolFeedbackItem } from "../../src/common/schemas/feedback";
import type { SchoolView } from "../../src/common/schemas/school";
import { type ManageWorld, manageWorld } from "../support/manage";

const NOW = new Date("2026-11-20T17:00:00.000Z");
let w: ManageWorld;
let school: { id: number; slug: string };
let other: { id: number; slug: string };

const leave = async (schoolId: number, communityNotes: string | null, privateComments: string | null) => {
  const res = await w.t.json("POST", "/api/feedback", { schoolId, communityNotes, privateComments });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const list = (id: number, cookie = w.owner.cookie) =>
  w.t.json("GET", `/api/schools/${id}/feedback`, undefined, { cookie });
const decide = (
  id: number,
  feedbackId: number,
  kind: "apply" | "dismiss",
  body?: unknown,
  cookie = w.owner.cookie,
) => w.t.json("POST", `/api/schools/${id}/feedback/${feedbackId}/${kind}`, body, { cookie });
const statusOf = async (feedbackId: number) =>
  (await w.rows("SELECT status, decided_by FROM feedback WHERE id = ?", [feedbackId]))[0];
const correction = {
  gym: "Feedback Academy",
  address: "1 Congress Ave, Austin, TX 78701",
  dayAndTime: "Sun 9am-11am (No-Gi)",
  link: "https://feedback.example.com/",
  publishNote: true,
};

beforeAll(async () => {
  w = await manageWorld(NOW);
  school = await w.addSchool({ gym: "Feedback Academy", address: "1 Congress Ave, Austin, TX 78701" });
  other = await w.addSchool({ gym: "Other Academy" }, false);
});
afterAll(() => w.t.close());

describe("GET /api/schools/{id}/feedback", () => {
  it("an owner sees the open items with a public note, never the private comments; an admin sees all", async () => {
    const publicId = await leave(school.id, "Open mat is now on Sundays", "Told by the coach");
    const privateOnly = await leave(school.id, null, "Something for the admins");
    await leave(other.id, "Not this school", null);
    const mine = (await (await list(school.id)).json()) as { feedback: SchoolFeedbackItem[] };
    expect(mine.feedback.map((f) => [f.id, f.communityNotes, f.privateComments])).toEqual([
      [publicId, "Open mat is now on Sundays", null],
    ]);
    expect(mine.feedback[0]).toEqual(
      expect.objectContaining({
        schoolName: "Feedback Academy",
        dayAndTime: "Sat 11am-1pm (Gi)",
        status: "open",
      }),
    );
    const all = (await (await list(school.id, w.admin.cookie)).json()) as { feedback: SchoolFeedbackItem[] };
    expect(all.feedback.map((f) => [f.id, f.privateComments])).toEqual([
      [privateOnly, "Something for the admins"],
      [publicId, "Told by the coach"],
    ]);
  });

  it("a guest gets 401; another member the same 404 as a missing school", async () => {
    expect((await list(school.id, "")).status).toBe(401);
    const stranger = await list(school.id, w.stranger.cookie);
    const missing = await list(999_999, w.stranger.cookie);
    expect([stranger.status, missing.status]).toEqual([404, 404]);
    expect(await stranger.json()).toEqual(await missing.json());
    expect((await list(other.id)).status).toBe(404);
  });
});

describe("POST /api/schools/{id}/feedback/{feedbackId}/apply|dismiss", () => {
  it("an owner applies an item: the school is corrected, the item decided by them, audited", async () => {
    const id = await leave(school.id, "It is Sundays now, no-gi", null);
    const res = await decide(school.id, id, "apply", correction);
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toEqual({ status: "applied", decided_by: w.owner.id });
    const view = (await (await w.t.request(`/api/schools/${school.id}`)).json()) as SchoolView;
    expect(view.dayAndTime).toBe("Sun 9am-11am (No-Gi)");
    expect(view.feedbackNotes?.map((n) => n.text)).toEqual(["It is Sundays now, no-gi"]);
    const [audit] = await w.rows(
      "SELECT actor_id, action FROM admin_audit_log WHERE subject_type = 'feedback' AND subject_id = ?",
      [id],
    );
    expect(audit).toEqual({ actor_id: w.owner.id, action: "feedback.apply" });
    // The school's history and its schedule's source say the gym changed it.
    const [edit] = await w.rows(
      "SELECT user_id, source FROM school_edits WHERE school_id = ? ORDER BY id DESC LIMIT 1",
      [school.id],
    );
    expect(edit).toEqual({ user_id: w.owner.id, source: "gym" });
    expect(view.provenance).toEqual(expect.objectContaining({ kind: "gym" }));
    // Decided once: again is a 409 that changes nothing.
    const again = await decide(school.id, id, "dismiss");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(feedbackReviewMessages.alreadyDecided);
  });

  it("an owner dismisses an item; it leaves the list", async () => {
    const id = await leave(school.id, "Wrong phone number", null);
    const res = await decide(school.id, id, "dismiss");
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toEqual({ status: "dismissed", decided_by: w.owner.id });
    const mine = (await (await list(school.id)).json()) as { feedback: SchoolFeedbackItem[] };
    expect(mine.feedback.map((f) => f.id)).not.toContain(id);
  });

  it("refuses what the owner may not decide, changing nothing", async () => {
    const elsewhere = await leave(other.id, "Not theirs", null);
    const privateOnly = await leave(school.id, null, "Admins only");
    const open = await leave(school.id, "Still open", null);
    // Another school's item through this school's path, a private-only item, an unknown id: 404.
    for (const id of [elsewhere, privateOnly, 999_999]) {
      const res = await decide(school.id, id, "dismiss");
      expect([id, res.status]).toEqual([id, 404]);
      expect(((await res.json()) as { message: string }).message).toBe(feedbackReviewMessages.notFound);
    }
    // Another school's path: the missing school's 404.
    expect((await decide(other.id, elsewhere, "dismiss")).status).toBe(404);
    expect((await decide(school.id, open, "dismiss", undefined, w.stranger.cookie)).status).toBe(404);
    const guest = await decide(school.id, open, "dismiss", undefined, "");
    expect([guest.status, ((await guest.json()) as { message: string }).message]).toEqual([
      401,
      authMessages.notSignedIn,
    ]);
    // A correction with a bad field: 400.
    expect((await decide(school.id, open, "apply", { ...correction, gym: "" })).status).toBe(400);
    for (const id of [elsewhere, privateOnly, open]) expect((await statusOf(id))?.status).toBe("open");
    // An admin decides the private-only one through the same path.
    expect((await decide(school.id, privateOnly, "dismiss", undefined, w.admin.cookie)).status).toBe(200);
  });
});
