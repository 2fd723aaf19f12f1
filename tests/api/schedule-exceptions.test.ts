import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { LiveEvent } from "../../src/common/live";
import { authMessages } from "../../src/common/schemas/auth";
import { checkinMessages } from "../../src/common/schemas/checkins";
import type { OccurrenceGoing } from "../../src/common/schemas/going";
import type { NotificationView } from "../../src/common/schemas/notifications";
import {
  EXCEPTION_REASON_MAX,
  exceptionTexts,
  type OccurrenceView,
  type ScheduleExceptionView,
} from "../../src/common/schemas/schedule-exceptions";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { silentLogger } from "../../src/server/log";
import { addSchool, northOf } from "../support/checkins";
import { openStream } from "../support/live";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "exceptions-admin@example.com";
// Friday 20 November 2026, noon in New York: the next open mats are Saturday 21 and Sunday 22.
const NOW = new Date("2026-11-20T17:00:00.000Z");
let t: TestApp;
let memberCookie: string;
let adminCookie: string;
let schoolId: number;
let otherSchoolId: number;

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
/** What a refused request must leave as it was. */
const snapshot = async () => ({
  exceptions: await rows("SELECT * FROM schedule_exceptions ORDER BY id"),
  audit: (await rows("SELECT count(*) AS n FROM admin_audit_log"))[0]?.n,
  events: (await rows("SELECT count(*) AS n FROM domain_events"))[0]?.n,
  version: Number((await rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? 0),
});
const as = (cookie: string): Record<string, string> => ({ cookie });
const cancel = (body: unknown, cookie = adminCookie, id = schoolId) =>
  t.json("POST", `/api/schools/${id}/exceptions`, body, as(cookie));
const restore = (exceptionId: number, cookie = adminCookie, id = schoolId) =>
  t.json("DELETE", `/api/schools/${id}/exceptions/${exceptionId}`, undefined, as(cookie));
const occurrences = async (query = "", id = schoolId) => {
  const res = await t.request(`/api/schools/${id}/occurrences${query}`);
  return {
    status: res.status,
    body: (await res.json()) as { occurrences: (OccurrenceView & OccurrenceGoing)[]; message?: string },
  };
};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  memberCookie = (await registerMember(t, "excmember")).cookie;
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "excadmin",
    email: ADMIN_EMAIL,
    password: "exceptions admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
  schoolId = (
    await addSchool(t, {
      gym: "Cancel Academy",
      sessions: [
        [6, "10:00"],
        [0, "10:00"],
        [0, "16:00"],
      ],
    })
  ).id;
  otherSchoolId = (await addSchool(t, { gym: "Other Academy", sessions: [[6, "09:00"]] })).id;
});
afterAll(() => t.close());

describe("GET /api/schools/{id}/occurrences", () => {
  it("lists today and the 27 days after in the gym's zone, with the gym's offset", async () => {
    const { status, body } = await occurrences();
    expect(status).toBe(200);
    const dates = body.occurrences.map((o) => o.date);
    expect(dates[0]).toBe("2026-11-21");
    expect(dates.at(-1)).toBe("2026-12-13");
    expect(body.occurrences).toHaveLength(4 * 3);
    expect(body.occurrences[0]).toEqual({
      date: "2026-11-21",
      start: 600,
      end: null,
      startsAt: "2026-11-21T10:00:00-05:00",
      endsAt: null,
      status: "scheduled",
      reason: null,
      notes: [],
      // Issue 22: how many are going (a guest is not told whether they are).
      goingCount: 0,
    });
  });

  it("takes a range of up to 92 days, across a daylight-saving change", async () => {
    const { status, body } = await occurrences("?from=2027-03-01&to=2027-05-31");
    expect(status).toBe(200);
    expect(body.occurrences.find((o) => o.date === "2027-03-06")?.startsAt).toBe("2027-03-06T10:00:00-05:00");
    expect(body.occurrences.find((o) => o.date === "2027-03-20")?.startsAt).toBe("2027-03-20T10:00:00-04:00");
  });

  it("refuses a range over 92 days, a reversed one, a date that does not exist, an unknown school", async () => {
    expect(await occurrences("?from=2027-03-01&to=2027-06-01")).toEqual({
      status: 400,
      body: expect.objectContaining({ message: exceptionTexts.rangeTooLong }),
    });
    expect(await occurrences("?from=2027-03-02&to=2027-03-01")).toEqual({
      status: 400,
      body: expect.objectContaining({ message: exceptionTexts.rangeReversed }),
    });
    expect((await occurrences("?from=2027-02-29")).body.message).toBe(exceptionTexts.fromInvalid);
    expect((await occurrences("?to=tomorrow")).body.message).toBe(exceptionTexts.toInvalid);
    expect((await occurrences("", 999_999)).status).toBe(404);
    expect((await t.request("/api/schools/abc/occurrences")).status).toBe(400);
  });
});

describe("POST /api/schools/{id}/exceptions", () => {
  it("refuses, changing nothing: a guest, a member, bad input, a slot the school does not have", async () => {
    const before = await snapshot();
    const valid = { date: "2026-11-22", startMinute: 600, reason: "Tournament" };
    const cases: [Promise<Response>, number, string][] = [
      [t.json("POST", `/api/schools/${schoolId}/exceptions`, valid), 401, authMessages.notSignedIn],
      [cancel(valid, memberCookie), 404, exceptionTexts.schoolNotFound],
      [cancel(valid, adminCookie, 999_999), 404, exceptionTexts.schoolNotFound],
      [cancel({ ...valid, date: "2026-11-31" }), 400, exceptionTexts.dateInvalid],
      [cancel({ ...valid, date: "22/11/2026" }), 400, exceptionTexts.dateInvalid],
      [cancel({ ...valid, startMinute: 1440 }), 400, exceptionTexts.startMinuteInvalid],
      [cancel({ ...valid, startMinute: 10.5 }), 400, exceptionTexts.startMinuteInvalid],
      [cancel({ ...valid, reason: "   " }), 400, exceptionTexts.reasonRequired],
      [cancel({ date: valid.date }), 400, exceptionTexts.reasonRequired],
      [cancel({ ...valid, reason: "x".repeat(EXCEPTION_REASON_MAX + 1) }), 400, exceptionTexts.reasonTooLong],
      // Monday: no open mat at all; Sunday at 11:00: not one of its starts.
      [cancel({ ...valid, date: "2026-11-23", startMinute: null }), 422, exceptionTexts.noOccurrenceThatDay],
      [cancel({ ...valid, startMinute: 660 }), 422, exceptionTexts.noOccurrence],
      // Last Sunday, already past in New York.
      [cancel({ ...valid, date: "2026-11-15" }), 422, exceptionTexts.past],
    ];
    for (const [response, status, message] of cases) {
      const res = await response;
      expect({ status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({
        status,
        message,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cancels one open mat: the occurrence is cancelled with its reason, audited, told, the version moves", async () => {
    const before = await snapshot();
    const res = await cancel({ date: "2026-11-22", startMinute: 600, reason: "Coach away at a seminar" });
    expect(res.status).toBe(201);
    const exception = (await res.json()) as ScheduleExceptionView;
    expect(exception).toMatchObject({
      schoolId,
      date: "2026-11-22",
      startMinute: 600,
      reason: "Coach away at a seminar",
    });
    const sunday = (await occurrences()).body.occurrences.filter((o) => o.date === "2026-11-22");
    expect(sunday.map((o) => [o.start, o.status, o.reason])).toEqual([
      [600, "cancelled", "Coach away at a seminar"],
      [960, "scheduled", null],
    ]);
    const audit = await rows("SELECT * FROM admin_audit_log WHERE subject_type = 'schedule_exception'");
    expect(audit.map((a) => [a.action, Number(a.subject_id)])).toEqual([["schedule.cancel", exception.id]]);
    const events = await rows("SELECT * FROM domain_events WHERE type = 'occurrence.cancelled'");
    expect(events.map((e) => [Number(e.subject_id), JSON.parse(String(e.payload))])).toEqual([
      [exception.id, { schoolId }],
    ]);
    expect(Number((await snapshot()).version)).toBe(Number(before.version) + 1);
  });

  it("answers the first cancellation to a repeat, also to several sent at once, writing nothing new", async () => {
    const body = { date: "2026-11-28", reason: "Closed for Thanksgiving weekend" };
    const responses = await Promise.all(Array.from({ length: 6 }, () => cancel(body)));
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<ScheduleExceptionView>));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const id = answers[0]?.id ?? 0;
    const before = await snapshot();
    const again = await cancel({ ...body, reason: "Another reason" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answers[0] as ScheduleExceptionView);
    expect(await snapshot()).toEqual(before);
    expect(
      await rows(
        "SELECT id FROM admin_audit_log WHERE subject_type = 'schedule_exception' AND subject_id = ?",
        [id],
      ),
    ).toHaveLength(1);
    expect(
      await rows("SELECT id FROM domain_events WHERE type = 'occurrence.cancelled' AND subject_id = ?", [id]),
    ).toHaveLength(1);
    // No startMinute: the whole day, every open mat of it.
    const saturday = (await occurrences()).body.occurrences.filter((o) => o.date === "2026-11-28");
    expect(saturday.map((o) => o.status)).toEqual(["cancelled"]);
  });
});

describe("DELETE /api/schools/{id}/exceptions/{exceptionId}", () => {
  it("restores the open mat (audited); refuses a guest, a member, another school's id, an unknown id", async () => {
    const created = (await (
      await cancel({ date: "2026-12-05", startMinute: 600, reason: "Gym floor repairs" })
    ).json()) as ScheduleExceptionView;
    const before = await snapshot();
    const refused: [Promise<Response>, number][] = [
      [t.json("DELETE", `/api/schools/${schoolId}/exceptions/${created.id}`), 401],
      // Not an owner: the same 404 as a school that is not there (issue 21).
      [restore(created.id, memberCookie), 404],
      [restore(created.id, adminCookie, otherSchoolId), 404],
      [restore(999_999), 404],
      [restore(0), 400],
    ];
    for (const [response, status] of refused) expect((await response).status).toBe(status);
    expect(await snapshot()).toEqual(before);
    const res = await restore(created.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ restored: created });
    const saturday = (await occurrences()).body.occurrences.find((o) => o.date === "2026-12-05");
    expect(saturday?.status).toBe("scheduled");
    const audit = await rows(
      "SELECT action FROM admin_audit_log WHERE subject_type = 'schedule_exception' AND subject_id = ? ORDER BY id",
      [created.id],
    );
    expect(audit.map((a) => a.action)).toEqual(["schedule.cancel", "schedule.restore"]);
    expect(Number((await snapshot()).version)).toBe(Number(before.version) + 1);
    expect((await restore(created.id)).status).toBe(404);
  });
});

describe("the bell", () => {
  const settle = async () => {
    while ((await consumeOnce(t.app.context.database.db, NOW, silentLogger)) > 0) {}
  };
  const bell = async (cookie: string) =>
    (await (await t.json("GET", "/api/notifications", undefined, as(cookie))).json()) as NotificationView[];

  it("tells each member who saved the gym, live, of a cancellation in the next 7 days; a restore says it is back on", async () => {
    const bellSchool = await addSchool(t, { gym: "Bell Academy", sessions: [[0, "10:00"]] });
    const [saver, other] = [await registerMember(t, "excsaver"), await registerMember(t, "excother")];
    const saved = await t.json("POST", "/api/favorites", { schoolId: bellSchool.id }, as(saver.cookie));
    expect(saved.status).toBeLessThan(300);
    const { sse } = await openStream(t, saver.cookie);
    await sse.event("ready");
    // Three weeks ahead: too far to be worth a bell item.
    expect(
      (await cancel({ date: "2026-12-13", startMinute: 600, reason: "Holiday" }, adminCookie, bellSchool.id))
        .status,
    ).toBe(201);
    const res = await cancel(
      { date: "2026-11-22", startMinute: 600, reason: "Coach at a tournament" },
      adminCookie,
      bellSchool.id,
    );
    expect(res.status).toBe(201);
    const exception = (await res.json()) as ScheduleExceptionView;
    await settle();
    const live = JSON.parse((await sse.event("notification.created", 3000)).data) as LiveEvent;
    const expected = {
      type: "cancellation",
      title: "Open mat cancelled",
      body: "Open mat at Bell Academy on Sunday, November 22 at 10:00 AM is cancelled: Coach at a tournament",
      link: `/schools/${encodeURIComponent((await rows("SELECT slug FROM schools WHERE id = ?", [bellSchool.id]))[0]?.slug as string)}`,
      isRead: false,
    };
    expect((live.payload as { notification: NotificationView }).notification).toMatchObject(expected);
    await sse.close();
    expect((await bell(saver.cookie)).map((n) => n.body)).toEqual([expected.body]);
    expect(await bell(other.cookie)).toEqual([]);
    expect((await restore(exception.id, adminCookie, bellSchool.id)).status).toBe(200);
    expect(await bell(saver.cookie)).toEqual([
      expect.objectContaining({
        type: "cancellation",
        title: "Open mat back on",
        body: "The open mat at Bell Academy on Sunday, November 22 at 10:00 AM is back on.",
      }),
    ]);
  });
});

describe("what reads the schedule honours a cancellation", () => {
  it("the school page lists the next four weeks with the cancelled open mat, in words and with its reason", async () => {
    const slug = (await rows("SELECT slug FROM schools WHERE id = ?", [schoolId]))[0]?.slug as string;
    const html = await (await t.request(`/schools/${slug}`)).text();
    expect(html).toContain(exceptionTexts.nextWeeks);
    expect(html).toMatch(
      /Sun, Nov 22, 10:00 AM<\/time> <strong class="occurrence-status">Cancelled<\/strong>: Coach away at a seminar/,
    );
    // Not cancelled: it has 'I'm going' (issue 22) where a cancelled one has its reason.
    expect(html).toMatch(/Sun, Nov 22, 4:00 PM<\/time><div class="island" data-island="GoingToggle"/);
    expect(html).toMatch(
      /Sat, Nov 28, 10:00 AM<\/time> <strong class="occurrence-status">Cancelled<\/strong>: Closed for Thanksgiving weekend/,
    );
  });

  it("Open now, Today and the check-in window skip a cancelled open mat", async () => {
    // Friday noon in New York: this gym's open mat is on now.
    const gym = await addSchool(t, { gym: "Noon Academy", sessions: [[5, "12:00"]] });
    const open = async (when: string) =>
      ((await (await t.request(`/api/schools/open?when=${when}`)).json()) as { ids: number[] }).ids;
    expect(await open("now")).toContain(gym.id);
    expect(await open("today")).toContain(gym.id);
    const view = async () =>
      (await (await t.request(`/api/schools/${gym.id}`)).json()) as { exceptions?: unknown[] };
    expect((await view()).exceptions).toBeUndefined();
    // A new member checking in at the gym now, on this copy.
    const checkIn = async () =>
      t.json(
        "POST",
        "/api/checkins",
        { schoolId: gym.id, ...northOf(gym, 0) },
        as((await registerMember(t, "exccheckin")).cookie),
      );
    // A check-in before the cancellation: this copy now keeps the gym's listing and window.
    expect((await checkIn()).status).toBe(201);
    expect(
      (
        await cancel(
          { date: "2026-11-20", startMinute: 720, reason: "Mats being cleaned" },
          adminCookie,
          gym.id,
        )
      ).status,
    ).toBe(201);
    expect(await open("now")).not.toContain(gym.id);
    expect(await open("today")).not.toContain(gym.id);
    expect((await view()).exceptions).toEqual([
      expect.objectContaining({ date: "2026-11-20", startMinute: 720 }),
    ]);
    // The next check-in, on the same copy in the same minute, sees the cancellation.
    const res = await checkIn();
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(checkinMessages.noOpenMat);
  });
});

describe("/admin's cancellations", () => {
  it("lists upcoming cancellations with their schools and finds schools by name, for admins only", async () => {
    const list = await t.json("GET", "/api/admin/schedule-exceptions", undefined, as(adminCookie));
    expect(list.status).toBe(200);
    const { exceptions } = (await list.json()) as {
      exceptions: (ScheduleExceptionView & { school: { gym: string } })[];
    };
    expect(exceptions.length).toBeGreaterThan(0);
    expect(exceptions.map((e) => e.date)).toEqual(exceptions.map((e) => e.date).sort());
    expect(exceptions.find((e) => e.date === "2026-11-28")).toMatchObject({
      schoolId,
      startMinute: null,
      school: { gym: "Cancel Academy" },
    });
    const found = await t.json(
      "GET",
      "/api/admin/schedule-exceptions/schools?q=cancel",
      undefined,
      as(adminCookie),
    );
    expect(((await found.json()) as { schools: { id: number }[] }).schools.map((s) => s.id)).toEqual([
      schoolId,
    ]);
    expect(
      (await t.json("GET", "/api/admin/schedule-exceptions/schools?q=c", undefined, as(adminCookie))).status,
    ).toBe(400);
    expect((await t.json("GET", "/api/admin/schedule-exceptions", undefined, as(memberCookie))).status).toBe(
      403,
    );
    expect((await t.request("/api/admin/schedule-exceptions")).status).toBe(401);
    expect(
      (await t.json("GET", "/api/admin/schedule-exceptions/schools?q=cancel", undefined, as(memberCookie)))
        .status,
    ).toBe(403);
  });
});
