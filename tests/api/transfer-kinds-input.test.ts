/**
 * Issue 20: an import reads the schedule columns of an export (sessions, untimed,
 * scheduleUnparsed, scheduleConfirmed, exceptions) strictly, row by row: a bad row is rejected
 * with its reason and changes nothing; rows of an older file, without them, read dayAndTime.
 */
import { describe, expect, it } from "bun:test";
import { createGeoServices } from "../../src/server/features/geo/service";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { importRows } from "../../src/server/features/schools/transfer";
import { silentLogger } from "../../src/server/log";
import { createTestApp, type TestApp } from "../support/test-app";

const { schoolGeocoder } = createGeoServices("", silentLogger);
const IMPORT_AT = new Date("2026-11-26T15:00:00Z");
const db = (t: TestApp) => t.app.context.database.db;
const sql = async (t: TestApp, query: string, args: (string | number | null)[] = []) =>
  (await t.app.context.database.client.execute({ sql: query, args })).rows;
const idOf = async (t: TestApp, gym: string) =>
  Number((await sql(t, "select id from schools where gym = ?", [gym]))[0]?.id);

describe("an import reads the schedule columns strictly, row by row", () => {
  it("rejects each bad row with its reason and changes nothing for it; rows without the columns read dayAndTime", async () => {
    const t = await createTestApp();
    try {
      const deps = { db: db(t), now: () => IMPORT_AT, timeZoneAt };
      const place = { address: "9 Pike St, Seattle, WA 98101", latitude: 47.61, longitude: -122.33 };
      const good = {
        ...place,
        key: "kept",
        gym: "Kept Gym",
        dayAndTime: "Sat 10am",
        sessions: [{ weekday: 6, start: 600 }],
        exceptions: [{ date: "2026-12-05", startMinute: 600, reason: "Coach away" }],
      };
      expect((await importRows(deps, schoolGeocoder, [good]))[0]?.action).toBe("added");
      const kept = await idOf(t, "Kept Gym");
      const snapshot = async () => [
        await sql(t, "select * from schools order by id"),
        await sql(t, "select * from open_mat_sessions order by id"),
        await sql(t, "select * from schedule_exceptions order by id"),
      ];
      const before = await snapshot();
      const row = (extra: Record<string, unknown>) => ({ ...good, dayAndTime: "Sun 9am", ...extra });
      const outcomes = await importRows(deps, schoolGeocoder, [
        row({ sessions: [{ weekday: 6, start: 1500 }] }),
        row({ sessions: [{ weekday: 4, start: 1140, ordinals: [4, 2] }] }),
        row({ sessions: [{ weekday: 6, start: 600, date: "2026-03-29" }] }),
        row({ sessions: [{ weekday: 6, start: 600, date: "2026-02-30" }] }),
        row({ sessions: [{ weekday: 0, start: 600, from: "2026-09-01", until: "2026-06-01" }] }),
        row({ sessions: "[{" }),
        row({ sessions: undefined, untimed: [{ weekday: 3 }] }),
        row({
          exceptions: [{ date: "2026-12-06", reason: "Moved", moveTo: { date: "2026-12-07", start: 600 } }],
        }),
        row({ exceptions: [{ date: "2026-12-06", startMinute: 540, reason: "x".repeat(501) }] }),
        row({ exceptions: [{ date: "2026-12-06", startMinute: 540, reason: "  " }] }),
        row({
          exceptions: [
            { date: "2026-12-06", reason: "Closed" },
            { date: "2026-12-06", startMinute: null, reason: "Closed again" },
          ],
        }),
        row({ scheduleConfirmed: "yes" }),
      ]);
      expect(outcomes.map((o) => (o.action === "rejected" ? o.reason : o.action))).toEqual([
        "sessions[0]: start must be a whole number of minutes from 0 to 1439",
        "sessions[0]: ordinals must list 1 to 5 or -1 (last), ascending with -1 at the end, once each",
        "sessions[0]: date must fall on the session's weekday",
        "sessions[0]: date must be a real date written YYYY-MM-DD",
        "sessions[0]: from must be on or before until",
        "sessions must be JSON",
        "untimed is read only with sessions",
        "exceptions[0]: moveTo needs the startMinute of the open mat it moves",
        "exceptions[0]: The reason can be at most 500 characters",
        "exceptions[0]: Please give a reason for the cancellation",
        "exceptions name the same date and start twice",
        "scheduleConfirmed must be true or false",
      ]);
      expect(await snapshot()).toEqual(before);

      // A row of an older file (no schedule columns) reads its dayAndTime, every kind included.
      const older = await importRows(deps, schoolGeocoder, [
        {
          ...place,
          gym: "Older File Gym",
          dayAndTime: "2nd & 4th Thursday 7pm; Wednesdays (call for times)",
        },
      ]);
      expect(older[0]?.action).toBe("added");
      const olderId = await idOf(t, "Older File Gym");
      expect(
        await sql(t, "select weekday, ordinals from open_mat_sessions where school_id = ?", [olderId]),
      ).toEqual([expect.objectContaining({ weekday: 4, ordinals: "[2,4]" })]);
      expect(
        await sql(t, "select wednesday, thursday, schedule_untimed from schools where id = ?", [olderId]),
      ).toEqual([
        expect.objectContaining({
          wednesday: 1,
          thursday: 1,
          schedule_untimed: expect.stringContaining('"weekday":3'),
        }),
      ]);
      // Exceptions the file does not name stay; one it names again takes its new reason.
      const updated = await importRows(deps, schoolGeocoder, [
        { ...good, exceptions: [{ date: "2026-12-05", startMinute: 600, reason: "Coach at a seminar" }] },
      ]);
      expect(updated[0]?.action).toBe("updated");
      expect(
        await sql(t, "select date, reason from schedule_exceptions where school_id = ?", [kept]),
      ).toEqual([expect.objectContaining({ date: "2026-12-05", reason: "Coach at a seminar" })]);
    } finally {
      await t.close();
    }
  });
});
