import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { OccurrenceGoing } from "../../src/common/schemas/going";
import {
  type AdminExceptionView,
  EXCEPTION_REASON_MAX,
  exceptionTexts,
  type OccurrenceView,
  type ScheduleExceptionView,
} from "../../src/common/schemas/schedule-exceptions";
import { addSchool } from "../support/checkins";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "moves-admin@example.com";
// Friday 20 November 2026, noon in New York.
const NOW = new Date("2026-11-20T17:00:00.000Z");
let t: TestApp;
let memberCookie: string;
let adminCookie: string;
let schoolId: number;

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
const snapshot = async () => ({
  exceptions: await rows("SELECT * FROM schedule_exceptions ORDER BY id"),
  audit: (await rows("SELECT count(*) AS n FROM admin_audit_log"))[0]?.n,
  events: (await rows("SELECT count(*) AS n FROM domain_events"))[0]?.n,
  version: Number((await rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? 0),
});
const as = (cookie: string): Record<string, string> => ({ cookie });
const post = (body: unknown, cookie = adminCookie, id = schoolId) =>
  t.json("POST", `/api/schools/${id}/exceptions`, body, as(cookie));
const restore = (exceptionId: number, id = schoolId) =>
  t.json("DELETE", `/api/schools/${id}/exceptions/${exceptionId}`, undefined, as(adminCookie));
const occurrences = async (query = "", id = schoolId) =>
  (
    (await (await t.request(`/api/schools/${id}/occurrences${query}`)).json()) as {
      occurrences: (OccurrenceView & OccurrenceGoing)[];
    }
  ).occurrences;
const slots = (list: OccurrenceView[]) =>
  list.map((o) => [
    o.date,
    o.start,
    o.status,
    o.movedFrom ? `${o.movedFrom.date}@${o.movedFrom.start}` : null,
  ]);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  memberCookie = (await registerMember(t, "movesmember")).cookie;
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "movesadmin",
    email: ADMIN_EMAIL,
    password: "moves admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
  schoolId = (
    await addSchool(t, {
      gym: "Move Academy",
      sessions: [
        [6, "10:00"],
        [0, "10:00"],
        [0, "16:00"],
      ],
    })
  ).id;
  // Saturday 5 December is closed for a holiday.
  expect((await post({ date: "2026-12-05", reason: "Holiday closure" })).status).toBe(201);
});
afterAll(() => t.close());

describe("POST /api/schools/{id}/exceptions with moveTo", () => {
  it("refuses, changing nothing: who may not, bad input, a move nowhere sensible", async () => {
    const before = await snapshot();
    const valid = {
      date: "2026-11-22",
      startMinute: 600,
      reason: "Tournament in the morning",
      moveTo: { date: "2026-11-22", start: 1140, end: 1260 },
    };
    const to = (moveTo: Record<string, unknown>) => ({ ...valid, moveTo: { ...valid.moveTo, ...moveTo } });
    const cases: [Promise<Response>, number, string][] = [
      [post(valid, memberCookie), 404, exceptionTexts.schoolNotFound],
      [post(valid, adminCookie, 999_999), 404, exceptionTexts.schoolNotFound],
      [post({ ...valid, startMinute: null }), 400, exceptionTexts.moveNeedsStart],
      [post({ date: valid.date, reason: "x", moveTo: valid.moveTo }), 400, exceptionTexts.moveNeedsStart],
      [post(to({ date: "2026-11-31" })), 400, exceptionTexts.moveDateInvalid],
      [post(to({ date: "Sunday" })), 400, exceptionTexts.moveDateInvalid],
      [post(to({ start: 1440 })), 400, exceptionTexts.moveStartInvalid],
      [post(to({ start: -1 })), 400, exceptionTexts.moveStartInvalid],
      [post(to({ start: "19:00" })), 400, exceptionTexts.moveStartInvalid],
      [post(to({ end: 10.5 })), 400, exceptionTexts.moveEndInvalid],
      [post(to({ end: 1140 })), 400, exceptionTexts.moveEndInvalid],
      [post({ ...valid, reason: "" }), 400, exceptionTexts.reasonRequired],
      [post({ ...valid, reason: "x".repeat(EXCEPTION_REASON_MAX + 1) }), 400, exceptionTexts.reasonTooLong],
      // The open mat itself must be one the school has, today or later.
      [post({ ...valid, startMinute: 660 }), 422, exceptionTexts.noOccurrence],
      [post({ ...valid, date: "2026-11-15" }), 422, exceptionTexts.past],
      // Where it goes: not past, within 31 days, not its own time, not a closed day, not onto another.
      [post(to({ date: "2026-11-19" })), 422, exceptionTexts.movePast],
      [post(to({ date: "2026-12-24" })), 422, exceptionTexts.moveTooFar],
      [post(to({ start: 600, end: null })), 422, exceptionTexts.moveSame],
      [post(to({ date: "2026-12-05" })), 422, exceptionTexts.moveOntoClosed],
      [post(to({ start: 960 })), 422, exceptionTexts.moveClash],
      [post(to({ date: "2026-11-21", start: 600 })), 422, exceptionTexts.moveClash],
    ];
    for (const [response, status, message] of cases) {
      const res = await response;
      expect({ status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({
        status,
        message,
      });
    }
    expect((await t.json("POST", `/api/schools/${schoolId}/exceptions`, valid)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("moves one open mat: listed at its new time with where it was, not at the old one; audited; the version moves", async () => {
    const before = await snapshot();
    const res = await post({
      date: "2026-11-22",
      startMinute: 600,
      reason: "Tournament in the morning",
      moveTo: { date: "2026-11-22", start: 1140, end: 1260 },
    });
    expect(res.status).toBe(201);
    const moved = (await res.json()) as ScheduleExceptionView;
    expect(moved).toMatchObject({
      schoolId,
      date: "2026-11-22",
      startMinute: 600,
      reason: "Tournament in the morning",
      moveTo: { date: "2026-11-22", start: 1140, end: 1260 },
    });
    const sunday = (await occurrences("?from=2026-11-22&to=2026-11-22"))[1];
    expect(slots(await occurrences("?from=2026-11-22&to=2026-11-22"))).toEqual([
      ["2026-11-22", 960, "scheduled", null],
      ["2026-11-22", 1140, "scheduled", "2026-11-22@600"],
    ]);
    expect(sunday).toEqual({
      date: "2026-11-22",
      start: 1140,
      end: 1260,
      startsAt: "2026-11-22T19:00:00-05:00",
      endsAt: "2026-11-22T21:00:00-05:00",
      status: "scheduled",
      reason: "Tournament in the morning",
      notes: [],
      movedFrom: { date: "2026-11-22", start: 600 },
      goingCount: 0,
    });
    const audit = await rows("SELECT action, after FROM admin_audit_log WHERE subject_id = ?", [moved.id]);
    expect(audit.map((a) => [a.action, JSON.parse(String(a.after)).moveTo])).toEqual([
      ["schedule.move", moved.moveTo],
    ]);
    const events = await rows(
      "SELECT type FROM domain_events WHERE subject_id = ? AND type LIKE 'occurrence.%'",
      [moved.id],
    );
    expect(events.map((e) => e.type)).toEqual(["occurrence.moved"]);
    expect((await snapshot()).version).toBe(before.version + 1);
    // The school's view carries it, for Open now, the page and the calendar.
    const view = (await (await t.request(`/api/schools/${schoolId}`)).json()) as {
      exceptions?: { moveTo?: unknown }[];
    };
    expect(view.exceptions?.map((e) => e.moveTo ?? null)).toContainEqual(moved.moveTo);
  });

  it("moves an open mat to another day: listed there, even when its own day is outside the range asked", async () => {
    const res = await post({
      date: "2026-11-29",
      startMinute: 600,
      reason: "Mats replaced on Sunday",
      moveTo: { date: "2026-12-03", start: 1140, end: null },
    });
    expect(res.status).toBe(201);
    expect(slots(await occurrences("?from=2026-11-29&to=2026-11-30"))).toEqual([
      ["2026-11-29", 960, "scheduled", null],
    ]);
    expect(slots(await occurrences("?from=2026-12-01&to=2026-12-04"))).toEqual([
      ["2026-12-03", 1140, "scheduled", "2026-11-29@600"],
    ]);
  });

  it("answers the first move to the same move, even sent at once; anything else in its slot is refused", async () => {
    const body = {
      date: "2026-12-06",
      startMinute: 960,
      reason: "Evening class runs late",
      moveTo: { date: "2026-12-06", start: 1080, end: 1200 },
    };
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<ScheduleExceptionView>));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const before = await snapshot();
    const again = await post({ ...body, reason: "Said again" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answers[0] as ScheduleExceptionView);
    const refused: [unknown, string][] = [
      [{ ...body, moveTo: { ...body.moveTo, start: 1100 } }, exceptionTexts.alreadyChanged],
      [{ ...body, moveTo: { ...body.moveTo, end: null } }, exceptionTexts.alreadyChanged],
      [{ date: body.date, startMinute: 960, reason: "Cancel it" }, exceptionTexts.alreadyChanged],
      // The closed Saturday cannot be moved as it is, nor cancelled again as a move.
      [
        { date: "2026-12-05", startMinute: null, reason: "x", moveTo: { date: "2026-12-04", start: 600 } },
        exceptionTexts.moveNeedsStart,
      ],
    ];
    for (const [input, message] of refused) {
      const res = await post(input);
      expect(((await res.json()) as { message: string }).message).toBe(message);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const cancelled = (await (
      await post({ date: "2026-12-13", startMinute: 600, reason: "Coach away" })
    ).json()) as ScheduleExceptionView;
    const moveCancelled = await post({ ...body, date: "2026-12-13", startMinute: 600 });
    expect(moveCancelled.status).toBe(409);
    expect((await snapshot()).exceptions).toHaveLength(before.exceptions.length + 1);
    expect((await restore(cancelled.id)).status).toBe(200);
  });

  it("a restore takes the open mat back to its own time, audited", async () => {
    const moved = (await (
      await post({
        date: "2026-12-12",
        startMinute: 600,
        reason: "Seminar",
        moveTo: { date: "2026-12-11", start: 1140, end: null },
      })
    ).json()) as ScheduleExceptionView;
    expect(slots(await occurrences("?from=2026-12-11&to=2026-12-12"))).toEqual([
      ["2026-12-11", 1140, "scheduled", "2026-12-12@600"],
    ]);
    const res = await restore(moved.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ restored: moved });
    expect(slots(await occurrences("?from=2026-12-11&to=2026-12-12"))).toEqual([
      ["2026-12-12", 600, "scheduled", null],
    ]);
    const audit = await rows("SELECT action FROM admin_audit_log WHERE subject_id = ? ORDER BY id", [
      moved.id,
    ]);
    expect(audit.map((a) => a.action)).toEqual(["schedule.move", "schedule.restore"]);
  });

  it("/admin lists moves with their new time", async () => {
    const res = await t.json("GET", "/api/admin/schedule-exceptions", undefined, as(adminCookie));
    const { exceptions } = (await res.json()) as { exceptions: AdminExceptionView[] };
    expect(
      exceptions.filter((e) => e.schoolId === schoolId).map((e) => [e.date, e.startMinute, e.moveTo]),
    ).toEqual([
      ["2026-11-22", 600, { date: "2026-11-22", start: 1140, end: 1260 }],
      ["2026-11-29", 600, { date: "2026-12-03", start: 1140, end: null }],
      ["2026-12-05", null, null],
      ["2026-12-06", 960, { date: "2026-12-06", start: 1080, end: 1200 }],
    ]);
  });
});
