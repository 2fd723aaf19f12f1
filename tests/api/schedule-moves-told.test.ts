/**
 * A moved open mat where it is read (issue 20): Open now, Today and the check-in window follow
 * it to its new time, and members who saved the gym are told of it in the bell, live.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { LiveEvent } from "../../src/common/live";
import type { NotificationView } from "../../src/common/schemas/notifications";
import type { ScheduleExceptionView } from "../../src/common/schemas/schedule-exceptions";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { silentLogger } from "../../src/server/log";
import { addSchool, northOf } from "../support/checkins";
import { openStream } from "../support/live";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "moves-told-admin@example.com";
// Friday 20 November 2026, noon in New York.
const NOW = new Date("2026-11-20T17:00:00.000Z");
let t: TestApp;
let memberCookie: string;
let adminCookie: string;

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
const as = (cookie: string): Record<string, string> => ({ cookie });
const post = (body: unknown, id: number, cookie = adminCookie) =>
  t.json("POST", `/api/schools/${id}/exceptions`, body, as(cookie));
const restore = (exceptionId: number, id: number) =>
  t.json("DELETE", `/api/schools/${id}/exceptions/${exceptionId}`, undefined, as(adminCookie));

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  memberCookie = (await registerMember(t, "movestoldmember")).cookie;
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "movestoldadmin",
    email: ADMIN_EMAIL,
    password: "moves told admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
});
afterAll(() => t.close());

describe("what reads the schedule follows a move", () => {
  it("Open now, Today and the check-in window follow the open mat to its new time, as its own session", async () => {
    // Friday's 9:00 (over by noon) moved to 11:30 today: on at noon in New York.
    const gym = await addSchool(t, { gym: "Late Start Academy", sessions: [[5, "09:00"]] });
    const open = async () =>
      ((await (await t.request("/api/schools/open?when=now")).json()) as { ids: number[] }).ids;
    expect(await open()).not.toContain(gym.id);
    const member = await registerMember(t, "movescheckin");
    const checkin = () =>
      t.json("POST", "/api/checkins", { schoolId: gym.id, ...northOf(gym, 0) }, as(member.cookie));
    expect((await checkin()).status).toBe(400);
    const res = await post(
      {
        date: "2026-11-20",
        startMinute: 540,
        reason: "Coach delayed",
        moveTo: { date: "2026-11-20", start: 690 },
      },
      gym.id,
    );
    expect(res.status).toBe(201);
    expect(await open()).toContain(gym.id);
    const today = (await (await t.request("/api/schools/open?when=today")).json()) as { ids: number[] };
    expect(today.ids).toContain(gym.id);
    const done = await checkin();
    expect(done.status).toBeLessThan(300);
    const session = await rows("SELECT id FROM open_mat_sessions WHERE school_id = ?", [gym.id]);
    const stored = await rows("SELECT session_id FROM checkins WHERE school_id = ?", [gym.id]);
    expect(stored.map((r) => r.session_id)).toEqual([session[0]?.id ?? -1]);
  });
});

describe("the bell", () => {
  const settle = async () => {
    while ((await consumeOnce(t.app.context.database.db, NOW, silentLogger)) > 0) {}
  };
  const bell = async (cookie: string) =>
    (await (await t.json("GET", "/api/notifications", undefined, as(cookie))).json()) as NotificationView[];

  it("tells members who saved the gym, live, of a move within 7 days (from or to); a restore says it is back", async () => {
    const gym = await addSchool(t, { gym: "Bell Move Academy", sessions: [[0, "10:00"]] });
    const saver = await registerMember(t, "movessaver");
    expect(
      (await t.json("POST", "/api/favorites", { schoolId: gym.id }, as(saver.cookie))).status,
    ).toBeLessThan(300);
    const { sse } = await openStream(t, saver.cookie);
    await sse.event("ready");
    // From and to three weeks ahead: not told.
    const far = await post(
      { date: "2026-12-13", startMinute: 600, reason: "Far", moveTo: { date: "2026-12-12", start: 600 } },
      gym.id,
    );
    expect(far.status).toBe(201);
    const near = (await (
      await post(
        {
          date: "2026-11-22",
          startMinute: 600,
          reason: "Tournament in the morning",
          moveTo: { date: "2026-11-22", start: 900, end: 1020 },
        },
        gym.id,
      )
    ).json()) as ScheduleExceptionView;
    // Three weeks ahead, brought into this week: told.
    const brought = await post(
      {
        date: "2026-12-06",
        startMinute: 600,
        reason: "Swapped",
        moveTo: { date: "2026-11-26", start: 1080 },
      },
      gym.id,
    );
    expect(brought.status).toBe(201);
    await settle();
    const live = JSON.parse((await sse.event("notification.created", 3000)).data) as LiveEvent;
    expect((live.payload as { notification: NotificationView }).notification).toMatchObject({
      type: "cancellation",
      title: "Open mat moved",
      isRead: false,
    });
    await sse.close();
    expect((await bell(saver.cookie)).map((n) => [n.title, n.body]).sort()).toEqual([
      [
        "Open mat moved",
        "Open mat at Bell Move Academy on Sunday, December 6 at 10:00 AM is moved to Thursday, November 26 at 6:00 PM: Swapped",
      ],
      [
        "Open mat moved",
        "Open mat at Bell Move Academy on Sunday, November 22 at 10:00 AM is moved to Sunday, November 22 at 3:00 PM: Tournament in the morning",
      ],
    ]);
    expect(await bell(memberCookie)).toEqual([]);
    expect((await restore(near.id, gym.id)).status).toBe(200);
    expect((await bell(saver.cookie)).map((n) => [n.title, n.body])).toContainEqual([
      "Open mat back at its time",
      "The open mat at Bell Move Academy on Sunday, November 22 at 10:00 AM is back at its own time.",
    ]);
  });
});
