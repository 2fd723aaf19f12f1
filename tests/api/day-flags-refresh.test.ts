/**
 * Issue 20: a dated open mat or a season gives its school a day only while it is ahead. The
 * flags are written with the schedule; the periodic refresh:day_flags job takes the day away
 * once the date has passed, so the day filters and pins stop listing the school there.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { createTestApp, type TestApp } from "../support/test-app";

const DAY = 86_400_000;
let now = new Date("2026-12-01T15:00:00Z");
let t: TestApp;

const draft = (gym: string, dayAndTime: string, n: number): SchoolDraft => ({
  gym,
  address: `${n} Lamar Blvd, Austin, TX 78703`,
  city: "Austin",
  state: "TX",
  latitude: 30.27 + n / 1000,
  longitude: -97.75,
  dayAndTime,
});

const flagsOf = async (id: number) => {
  const rows = await t.app.context.database.client.execute({
    sql: "select monday, thursday, saturday from schools where id = ?",
    args: [id],
  });
  const row = rows.rows[0];
  return { monday: Number(row?.monday), thursday: Number(row?.thursday), saturday: Number(row?.saturday) };
};
const version = async () =>
  String(
    (await t.app.context.database.client.execute("select value from app_meta where key = 'schools_version'"))
      .rows[0]?.value,
  );

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t.close());

describe("refresh:day_flags", () => {
  it("takes a passed one-off's and an ended season's day away, and keeps a weekly one's", async () => {
    const deps = { db: t.app.context.database.db, now: () => now, timeZoneAt };
    // Thursday, December 3, 2026, a one-off; Mondays until December 7, 2026; Saturdays every week.
    const dated = await upsertSchool(deps, draft("One Thursday BJJ", "Thursday, December 3, 2026 7pm", 1));
    const season = await upsertSchool(
      deps,
      draft("Short Season BJJ", "Mondays 6pm until December 7, 2026", 2),
    );
    const weekly = await upsertSchool(deps, draft("Every Saturday BJJ", "Saturdays 11am", 3));
    expect(await flagsOf(dated.id)).toEqual({ monday: 0, thursday: 1, saturday: 0 });
    expect(await flagsOf(season.id)).toEqual({ monday: 1, thursday: 0, saturday: 0 });

    // Nothing has passed yet: nothing is written, the version stays.
    const before = await version();
    await t.app.jobs.runDue();
    expect(await version()).toBe(before);

    now = new Date(now.getTime() + 4 * DAY); // December 5: the one-off is past, the season runs on.
    await t.app.jobs.runDue();
    expect(await flagsOf(dated.id)).toEqual({ monday: 0, thursday: 0, saturday: 0 });
    expect(await flagsOf(season.id)).toEqual({ monday: 1, thursday: 0, saturday: 0 });
    expect(await version()).not.toBe(before);

    now = new Date(now.getTime() + 4 * DAY); // December 9 (and past the job's hour): the season is over.
    await t.app.jobs.runDue();
    expect(await flagsOf(season.id)).toEqual({ monday: 0, thursday: 0, saturday: 0 });
    expect(await flagsOf(weekly.id)).toEqual({ monday: 0, thursday: 0, saturday: 1 });
  });
});
