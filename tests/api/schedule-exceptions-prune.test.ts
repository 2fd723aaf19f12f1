/**
 * Old exceptions are pruned (issue 20): once an exception's date, and the date its open mat
 * moved to, are more than 30 days past in every zone, the periodic prune (leased: one copy
 * runs it) deletes it and moves the schools version, only when something went. A bell item
 * told of a pruned cancellation still says what it told, not that the open mat is back on.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { NotificationView } from "../../src/common/schemas/notifications";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import {
  EXCEPTION_KEPT_DAYS,
  pruneOldExceptions,
} from "../../src/server/features/schedule-exceptions/service";
import { pruneJob } from "../../src/server/jobs/prune";
import { createJobRunner } from "../../src/server/jobs/runner";
import { silentLogger } from "../../src/server/log";
import { addSchool } from "../support/checkins";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const HOUR = 3_600_000;
const ADMIN_EMAIL = "prune-admin@example.com";
// Friday 1 May 2026, 8:00 in New York: the prune's cut is 31 days before UTC's today, 2026-03-31.
const START = new Date("2026-05-01T12:00:00Z").getTime();
let now = START;
let t: TestApp;
let adminCookie: string;
let schoolId: number;

const rows = async (sql: string, args: (string | number | null)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
const version = async () =>
  Number((await rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? 0);
const exceptionDates = async () =>
  (await rows("SELECT date, move_to_date FROM schedule_exceptions ORDER BY date")).map((r) =>
    r.move_to_date ? `${r.date}>${r.move_to_date}` : String(r.date),
  );
const insert = (date: string, moveToDate: string | null = null) =>
  rows(
    `INSERT INTO schedule_exceptions (school_id, date, start_minute, reason, move_to_date, move_to_start, created_at)
     VALUES (?, ?, 600, 'old', ?, ?, 0)`,
    [schoolId, date, moveToDate, moveToDate === null ? null : 660],
  );

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => new Date(now) });
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "pruneadmin",
    email: ADMIN_EMAIL,
    password: "prune admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
  schoolId = (await addSchool(t, { gym: "Prune Academy", sessions: [[0, "10:00"]] })).id;
});
afterAll(() => t.close());

describe("pruning old exceptions", () => {
  it("keeps 30 days in every zone: deletes what is older (a move by its later date), bumping the version once", async () => {
    expect(EXCEPTION_KEPT_DAYS).toBe(30);
    await insert("2026-03-30"); // 32 days before UTC's today: gone
    await insert("2026-03-31"); // 30 days past where the day is latest (UTC-12): kept
    await insert("2026-02-20", "2026-03-10"); // moved, both long past: gone
    await insert("2026-03-01", "2026-04-05"); // moved to a recent day: kept
    await insert("2026-05-09"); // ahead: kept
    const before = await version();
    await t.app.jobs.runDue();
    expect(await exceptionDates()).toEqual(["2026-03-01>2026-04-05", "2026-03-31", "2026-05-09"]);
    expect(await version()).toBe(before + 1);
    const lease = await rows("SELECT last_run_at FROM job_leases WHERE name = 'prune:schedule_exceptions'");
    expect(Number(lease[0]?.last_run_at)).toBe(START);
  });

  it("a run that deletes nothing leaves the version alone; a day later the next one goes", async () => {
    now = START + HOUR;
    const before = await version();
    await t.app.jobs.runDue();
    expect(await version()).toBe(before);
    expect(await exceptionDates()).toHaveLength(3);
    now = START + 24 * HOUR;
    await t.app.jobs.runDue();
    expect(await exceptionDates()).toEqual(["2026-03-01>2026-04-05", "2026-05-09"]);
    expect(await version()).toBe(before + 1);
  });

  it("copies on one database prune once between them, batch by batch", async () => {
    await rows(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
       INSERT INTO schedule_exceptions (school_id, date, start_minute, reason, created_at)
       SELECT ?, date('2026-01-01', '+' || i || ' days'), 600, 'old', 0 FROM n`,
      [schoolId],
    );
    now = START + 48 * HOUR;
    let runs = 0;
    const copies = [1, 2, 3].map(() => {
      const job = pruneJob("schedule_exceptions", pruneOldExceptions, { batch: 10 });
      return createJobRunner({
        db: t.app.context.database.db,
        logger: silentLogger,
        now: () => new Date(now),
        jobs: [
          {
            ...job,
            run: (args) => {
              runs++;
              return job.run(args);
            },
          },
        ],
      });
    });
    const before = await version();
    await Promise.all(copies.map((c) => c.runDue()));
    expect(runs).toBe(1);
    expect(await exceptionDates()).toEqual(["2026-03-01>2026-04-05", "2026-05-09"]);
    // Three batches (10, 10, 5), each with its own bump.
    expect(await version()).toBe(before + 3);
    // The app's own copy finds the lease taken for the hour.
    await insert("2026-01-01");
    await t.app.jobs.runDue();
    expect(await exceptionDates()).toHaveLength(3);
    now += HOUR;
    await t.app.jobs.runDue();
    expect(await exceptionDates()).toHaveLength(2);
    for (const c of copies) await c.stop();
  });

  it("directly: at most its limit a call, and 0 once nothing is old", async () => {
    await rows(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 15)
       INSERT INTO schedule_exceptions (school_id, date, start_minute, reason, created_at)
       SELECT ?, date('2025-06-01', '+' || i || ' days'), 600, 'old', 0 FROM n`,
      [schoolId],
    );
    const db = t.app.context.database.db;
    const at = new Date(now);
    expect(await pruneOldExceptions(db, at, 10)).toBe(10);
    expect(await pruneOldExceptions(db, at, 10)).toBe(5);
    const before = await version();
    expect(await pruneOldExceptions(db, at, 10)).toBe(0);
    expect(await version()).toBe(before);
  });
});

describe("the bell after a prune", () => {
  it("an item told of a cancellation that was pruned still says it was cancelled; a restored one is back on", async () => {
    now = START;
    const gym = (
      await addSchool(t, {
        gym: "Told Academy",
        sessions: [
          [6, "10:00"],
          [0, "10:00"],
        ],
      })
    ).id;
    const saver = await registerMember(t, "prunesaver");
    const as = { cookie: saver.cookie };
    expect((await t.json("POST", "/api/favorites", { schoolId: gym }, as)).status).toBeLessThan(300);
    const cancel = async (date: string) =>
      (
        (await (
          await t.json(
            "POST",
            `/api/schools/${gym}/exceptions`,
            { date, startMinute: 600, reason: `Closed ${date}` },
            { cookie: adminCookie },
          )
        ).json()) as { id: number }
      ).id;
    await cancel("2026-05-03");
    const restored = await cancel("2026-05-02");
    while ((await consumeOnce(t.app.context.database.db, new Date(now), silentLogger)) > 0) {}
    expect(
      (
        await t.json("DELETE", `/api/schools/${gym}/exceptions/${restored}`, undefined, {
          cookie: adminCookie,
        })
      ).status,
    ).toBe(200);
    now = new Date("2026-06-12T12:00:00Z").getTime();
    await t.app.jobs.runDue();
    expect(await exceptionDates()).toEqual([]);
    // Six weeks on, the saver signs in again to read the bell.
    const login = await t.json("POST", "/api/auth/login", {
      identifier: saver.username,
      password: saver.password,
    });
    as.cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const bell = (await (
      await t.json("GET", "/api/notifications", undefined, as)
    ).json()) as NotificationView[];
    expect(bell.map((n) => [n.title, n.body]).sort()).toEqual([
      ["Open mat back on", "The open mat at Told Academy on Saturday, May 2 at 10:00 AM is back on."],
      [
        "Open mat cancelled",
        "Open mat at Told Academy on Sunday, May 3 at 10:00 AM is cancelled: Closed 2026-05-03",
      ],
    ]);
  });
});
