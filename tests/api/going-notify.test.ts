/**
 * Those going are told (issue 22): a cancellation or move reaches each of them in the bell at
 * once (live), however far ahead, one item per member even when they also saved the gym; the
 * mail goes out when it was less than 24 hours away (through the outbox, to a real SMTP peer).
 * Two hours before an open mat they get a reminder, once, from the periodic job.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { LiveEvent } from "../../src/common/live";
import type { NotificationView } from "../../src/common/schemas/notifications";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { silentLogger } from "../../src/server/log";
import { addSchool } from "../support/checkins";
import {
  changeOpenMat,
  confirmedMember,
  going,
  goingRows,
  type Member,
  registerAdmin,
} from "../support/going";
import { openStream } from "../support/live";
import { startSmtpServer } from "../support/smtp";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "going-notify-admin@example.com";
// Friday 20 November 2026, noon in New York.
let now = new Date("2026-11-20T17:00:00.000Z");
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminCookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url }, { now: () => now });
  adminCookie = await registerAdmin(t, ADMIN_EMAIL, "goingnotifyadmin");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settle = async () => {
  while ((await consumeOnce(t.app.context.database.db, now, silentLogger)) > 0) {}
};
const bell = async (m: Member) =>
  (await (
    await t.json("GET", "/api/notifications", undefined, { cookie: m.cookie })
  ).json()) as NotificationView[];
const told = async (m: Member) => (await bell(m)).map((n) => [n.type, n.title, n.body]);
/**
 * Lets two seconds pass (the jobs runner runs a job again only once its interval is over on
 * the app's clock), runs every job due (the cancellation mail among them) and delivers what
 * they queued.
 */
const runJobs = async () => {
  now = new Date(now.getTime() + 2_000);
  await t.app.jobs.runDue();
  await t.app.outbox.drain();
};
const mailsTo = (m: Member, subject: RegExp) =>
  smtp.inbox.filter((mail) => mail.to.includes(m.email) && subject.test(mail.raw));
const unfold = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/=E2=80=99/g, "’");

describe("a cancellation or move, told to those going", () => {
  it("bell at once (live) for each goer, one item for one who also saved the gym; mail when under 24 hours", async () => {
    const gym = await addSchool(t, { gym: "Told Academy", sessions: [[5, "19:00"]] });
    const [first, second, saver] = [
      await confirmedMember(t, "toldfirst"),
      await confirmedMember(t, "toldsecond"),
      await confirmedMember(t, "toldsaver"),
    ];
    const tonight = { date: "2026-11-20", startMinute: 1140 };
    for (const m of [first, second])
      expect((await going(t, "POST", gym.id, tonight, m.cookie)).status).toBe(201);
    // The first also saved the gym: still one item.
    for (const m of [first, saver])
      expect(
        (await t.json("POST", "/api/favorites", { schoolId: gym.id }, { cookie: m.cookie })).status,
      ).toBeLessThan(300);
    const { sse } = await openStream(t, second.cookie);
    await sse.event("ready");
    expect((await changeOpenMat(t, adminCookie, gym.id, { ...tonight, reason: "Burst pipe" })).status).toBe(
      201,
    );
    await settle();
    const live = JSON.parse((await sse.event("notification.created", 3000)).data) as LiveEvent;
    expect((live.payload as { notification: NotificationView }).notification).toMatchObject({
      type: "cancellation",
      title: "Open mat cancelled",
    });
    await sse.close();
    const item = [
      "cancellation",
      "Open mat cancelled",
      "Open mat at Told Academy on Friday, November 20 at 7:00 PM is cancelled: Burst pipe",
    ];
    expect(await told(first)).toEqual([item]);
    expect(await told(second)).toEqual([item]);
    expect(await told(saver)).toEqual([item]);
    await runJobs();
    await smtp.waitFor(1);
    for (const m of [first, second]) {
      const mails = mailsTo(m, /Subject: Open mat cancelled: Told Academy/);
      expect(mails).toHaveLength(1);
      expect(unfold(mails[0]?.raw ?? "")).toContain(
        "The open mat at Told Academy on Friday, November 20 at 7:00 PM that you are going to is cancelled: Burst pipe",
      );
    }
    // Saving the gym is not going: no mail.
    expect(mailsTo(saver, /Subject: Open mat cancelled/)).toEqual([]);
    // The job runs again: nothing twice.
    await runJobs();
    expect(mailsTo(first, /Subject: Open mat cancelled/)).toHaveLength(1);
  });

  it("weeks ahead: those going are told in the bell (savers are not), and no mail; a move puts their start at the new time", async () => {
    const gym = await addSchool(t, { gym: "Far Academy", sessions: [[0, "10:00"]] });
    const [goer, saver] = [await confirmedMember(t, "fargoer"), await confirmedMember(t, "farsaver")];
    expect(
      (await t.json("POST", "/api/favorites", { schoolId: gym.id }, { cookie: saver.cookie })).status,
    ).toBeLessThan(300);
    const later = { date: "2026-12-13", startMinute: 600 };
    const sunday = { date: "2026-11-22", startMinute: 600 };
    expect((await going(t, "POST", gym.id, later, goer.cookie)).status).toBe(201);
    expect((await going(t, "POST", gym.id, sunday, goer.cookie)).status).toBe(201);
    expect((await changeOpenMat(t, adminCookie, gym.id, { ...later, reason: "Holiday" })).status).toBe(201);
    expect(
      (
        await changeOpenMat(t, adminCookie, gym.id, {
          ...sunday,
          reason: "Tournament",
          moveTo: { date: "2026-11-22", start: 900 },
        })
      ).status,
    ).toBe(201);
    await settle();
    expect((await told(goer)).sort()).toEqual([
      [
        "cancellation",
        "Open mat cancelled",
        "Open mat at Far Academy on Sunday, December 13 at 10:00 AM is cancelled: Holiday",
      ],
      [
        "cancellation",
        "Open mat moved",
        "Open mat at Far Academy on Sunday, November 22 at 10:00 AM is moved to Sunday, November 22 at 3:00 PM: Tournament",
      ],
    ]);
    // The saver hears of the move this week, not of the cancellation in three weeks.
    expect((await told(saver)).map((n) => n[1])).toEqual(["Open mat moved"]);
    const before = smtp.inbox.length;
    await runJobs();
    expect(
      smtp.inbox.slice(before).filter((m) => m.to.includes(goer.email) && /Subject: Open mat/.test(m.raw)),
    ).toEqual([]);
    expect((await goingRows(t, gym.id)).find((r) => r.slot === "2026-11-22@600")?.startsAt).toBe(
      "2026-11-22T20:00:00.000Z",
    );
  });
});

describe("the two-hour reminder", () => {
  it("reminds each one going once, two hours before; not one who said so within the two hours, nor one who took it back", async () => {
    const gym = await addSchool(t, { gym: "Reminder Academy", sessions: [[5, "19:00"]] });
    const [early, late, gone] = [
      await confirmedMember(t, "remindearly"),
      await confirmedMember(t, "remindlate"),
      await confirmedMember(t, "remindgone"),
    ];
    const slot = { date: "2026-11-20", startMinute: 1140 };
    for (const m of [early, gone]) expect((await going(t, "POST", gym.id, slot, m.cookie)).status).toBe(201);
    expect((await going(t, "DELETE", gym.id, slot, gone.cookie)).status).toBe(200);
    // 4:30 PM: two and a half hours before. Nothing yet.
    now = new Date("2026-11-20T21:30:00.000Z");
    await runJobs();
    await settle();
    expect((await told(early)).filter((n) => n[0] === "reminder")).toEqual([]);
    // 5:20 PM: within two hours. The late one says so now: no reminder due for them.
    now = new Date("2026-11-20T22:20:00.000Z");
    expect((await going(t, "POST", gym.id, slot, late.cookie)).status).toBe(201);
    await runJobs();
    await settle();
    const reminder = [
      "reminder",
      "Open mat reminder",
      "You're going to the open mat at Reminder Academy on Friday, November 20 at 7:00 PM.",
    ];
    expect((await told(early)).filter((n) => n[0] === "reminder")).toEqual([reminder]);
    expect((await bell(early)).find((n) => n.type === "reminder")?.link).toMatch(
      /^\/schools\/checkin-test-\d+$/,
    );
    expect((await told(late)).filter((n) => n[0] === "reminder")).toEqual([]);
    expect((await told(gone)).filter((n) => n[0] === "reminder")).toEqual([]);
    // A minute later the job runs again: still one.
    now = new Date("2026-11-20T22:21:30.000Z");
    await runJobs();
    await settle();
    expect((await told(early)).filter((n) => n[0] === "reminder")).toHaveLength(1);
    expect((await goingRows(t, gym.id)).map((r) => [r.userId, r.reminded])).toEqual([
      [early.id, true],
      [late.id, true],
    ]);
  });

  it("passes over an open mat cancelled meanwhile (its goers were told of that instead)", async () => {
    now = new Date("2026-11-20T17:00:00.000Z");
    const gym = await addSchool(t, { gym: "Quiet Academy", sessions: [[5, "19:00"]] });
    const goer = await confirmedMember(t, "quietgoer");
    const slot = { date: "2026-11-20", startMinute: 1140 };
    expect((await going(t, "POST", gym.id, slot, goer.cookie)).status).toBe(201);
    expect((await changeOpenMat(t, adminCookie, gym.id, { ...slot, reason: "Closed" })).status).toBe(201);
    now = new Date("2026-11-20T22:30:00.000Z");
    await runJobs();
    await settle();
    expect((await told(goer)).map((n) => n[0])).toEqual(["cancellation"]);
    expect((await goingRows(t, gym.id)).map((r) => r.reminded)).toEqual([true]);
  });
});
