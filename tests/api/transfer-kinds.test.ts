/**
 * Issue 20: an export carries every kind of session, the days with no time, the pieces left
 * unread, an admin's confirmation and the upcoming exceptions (cancellations, closed days,
 * moves), and imports back unchanged: import it into an empty database, export again, and
 * the file is the same. A yearless date keeps the year it was read with, even where the import's
 * own clock would place it elsewhere. Older files, without those columns, import as before.
 * Issue 21: the school's visitor rules and each session's own travel with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { createGeoServices } from "../../src/server/features/geo/service";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { exportSchools, importRows, parseTransferFile } from "../../src/server/features/schools/transfer";
import { silentLogger } from "../../src/server/log";
import { createTestApp, type TestApp } from "../support/test-app";

const main = join(import.meta.dir, "../../src/server/main.ts");
const cli = (args: string[], databaseUrl: string) => {
  const proc = Bun.spawnSync([process.execPath, main, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "error", GEOCODER_URL: "" },
  });
  return { code: proc.exitCode, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() };
};
const { schoolGeocoder } = createGeoServices("", silentLogger);

const at = (gym: string, dayAndTime: string, n: number): SchoolDraft => ({
  gym,
  address: `${n} Congress Ave, Austin, TX 78701`,
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  latitude: 30.26 + n / 1000,
  longitude: -97.74,
  dayAndTime,
});
/** One school of each kind, and one with every kind at once. */
const drafts = [
  at("Monthly Mat", "2nd & 4th Thursday 7pm", 1),
  at("Last Sunday Club", "last Sunday 9am (No-Gi)", 2),
  at("Dated Mat", "Saturday, March 28 3pm-5pm", 3),
  at("Season Mat", "Sundays 10am, June through August", 4),
  at("Untimed Mat", "Wednesdays (call for times); Saturday 11am?", 5),
  at("Partly Read", "Sat 10am; every other Friday 6pm", 6),
  at("Weekly Mat", "Sat 11am-1pm (Gi), Sun 10am", 7),
  at("No Mat", "No open mat", 8),
];

const db = (t: TestApp) => t.app.context.database.db;
const sql = async (t: TestApp, query: string, args: (string | number | null)[] = []) =>
  (await t.app.context.database.client.execute({ sql: query, args })).rows;
const idOf = async (t: TestApp, gym: string) =>
  Number((await sql(t, "select id from schools where gym = ?", [gym]))[0]?.id);

/** The source: read on 10 January 2026, so "Saturday, March 28" is 28 March 2026. */
const READ_AT = new Date("2026-01-10T15:00:00Z");
/** The import, in late November: read now, "Saturday, March 28" would be a Sunday in 2027 and left unread. */
const IMPORT_AT = new Date("2026-11-26T15:00:00Z");

/** Visitor rules as the rules' schema stores them (its key order). */
const WEEKLY_RULES = {
  matFee: 12.5,
  attire: "both",
  level: "all",
  kids: "allowed",
  minAge: 12,
  waiverUrl: "https://weekly.example.com/waiver",
};
/** The Saturday open mat's own: Gi, and women only. */
const SATURDAY_RULES = { attire: "gi", womenOnly: true };

async function seedSource(t: TestApp) {
  const deps = { db: db(t), now: () => READ_AT, timeZoneAt };
  for (const draft of drafts) await upsertSchool(deps, draft);
  const weekly = await idOf(t, "Weekly Mat");
  await sql(t, "update schools set visitor_rules = ? where id = ?", [JSON.stringify(WEEKLY_RULES), weekly]);
  await sql(t, "update open_mat_sessions set visitor_rules = ? where school_id = ? and weekday = 6", [
    JSON.stringify(SATURDAY_RULES),
    weekly,
  ]);
  await sql(t, "update schools set schedule_confirmed_text = day_and_time where id = ?", [
    await idOf(t, "Untimed Mat"),
  ]);
  const exceptions: [string, number | null, string, string | null, number | null, number | null][] = [
    ["2026-01-03", 660, "Long gone: not exported", null, null, null],
    ["2026-12-05", 660, "Coach away", null, null, null],
    ["2026-12-13", null, "Closed for a local tournament", null, null, null],
    ["2026-12-19", 660, "Moved for the belt test", "2026-12-20", 720, 840],
    ["2026-12-26", 660, "Moved to Sunday, no end given", "2026-12-27", 600, null],
  ];
  for (const [date, start, reason, moveDate, moveStart, moveEnd] of exceptions) {
    await sql(
      t,
      `insert into schedule_exceptions (school_id, date, start_minute, reason, move_to_date, move_to_start,
         move_to_end, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [weekly, date, start, reason, moveDate, moveStart, moveEnd, READ_AT.getTime()],
    );
  }
}

let source: TestApp;
beforeAll(async () => {
  source = await createTestApp();
  await seedSource(source);
});
afterAll(() => source.close());

describe("an export carries every kind and imports back unchanged", () => {
  for (const format of ["json", "csv"] as const) {
    it(`${format}: export, import into an empty database, export again: the same file`, async () => {
      const first = await exportSchools(db(source), format, IMPORT_AT);
      const target = await createTestApp();
      try {
        const deps = { db: db(target), now: () => IMPORT_AT, timeZoneAt };
        const outcomes = await importRows(deps, schoolGeocoder, parseTransferFile(first, format));
        expect(outcomes.map((o) => o.action)).toEqual(drafts.map(() => "added"));
        expect(await exportSchools(db(target), format, IMPORT_AT)).toBe(first);

        // The dated session kept the year it was read with, and was not left unread.
        const dated = await idOf(target, "Dated Mat");
        expect(
          await sql(target, "select on_date, start_minute from open_mat_sessions where school_id = ?", [
            dated,
          ]),
        ).toEqual([expect.objectContaining({ on_date: "2026-03-28", start_minute: 900 })]);
        expect(await sql(target, "select schedule_unparsed from schools where id = ?", [dated])).toEqual([
          expect.objectContaining({ schedule_unparsed: "[]" }),
        ]);
        // Stored as the source has them: every kind, the untimed day, the unread piece, the review reason.
        const view = async (t: TestApp, gym: string) => {
          const body = (await (await t.request(`/api/schools/${await idOf(t, gym)}`)).json()) as Record<
            string,
            unknown
          >;
          // Ids and slugs are the database's own, as is when each school was imported into it
          // (provenance); the day flags and the exceptions in view follow the clock (a dated
          // session past is no longer a Saturday) and are checked apart.
          const { id: _i, slug: _s, lastVerifiedAt: _v, exceptions: _e, provenance: _p, ...rest } = body;
          for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
            delete rest[day];
          return rest;
        };
        for (const { gym } of drafts) expect(await view(target, gym)).toEqual(await view(source, gym));
        const exceptions = await sql(
          target,
          `select date, start_minute, reason, move_to_date, move_to_start, move_to_end
           from schedule_exceptions order by date`,
        );
        expect(exceptions.map((r) => [r.date, r.start_minute, r.move_to_date, r.move_to_end])).toEqual([
          ["2026-12-05", 660, null, null],
          ["2026-12-13", null, null, null],
          ["2026-12-19", 660, "2026-12-20", 840],
          ["2026-12-26", 660, "2026-12-27", null],
        ]);

        // A second import of the same file updates the schools and adds no exception.
        const again = await importRows(deps, schoolGeocoder, parseTransferFile(first, format));
        expect(again.map((o) => o.action)).toEqual(drafts.map(() => "updated"));
        expect(await sql(target, "select count(*) as n from schedule_exceptions")).toEqual([
          expect.objectContaining({ n: 4 }),
        ]);
        expect(await exportSchools(db(target), format, IMPORT_AT)).toBe(first);
      } finally {
        await target.close();
      }
    });
  }

  it("the export names each kind in its own columns", async () => {
    const rows = JSON.parse(await exportSchools(db(source), "json", IMPORT_AT)) as Record<string, unknown>[];
    const row = (gym: string) => rows.find((r) => r.gym === gym) as Record<string, unknown>;
    expect(row("Monthly Mat").sessions).toEqual([
      { weekday: 4, start: 1140, end: null, notes: [], ordinals: [2, 4] },
    ]);
    expect(row("Last Sunday Club").sessions).toEqual([
      { weekday: 0, start: 540, end: null, notes: ["No-Gi"], ordinals: [-1] },
    ]);
    expect(row("Season Mat").sessions).toEqual([
      { weekday: 0, start: 600, end: null, notes: [], from: "2026-06-01", until: "2026-08-31" },
    ]);
    expect(row("Untimed Mat")).toMatchObject({
      untimed: [{ weekday: 3, start: null, end: null, notes: [], timeNotListed: true }],
      sessions: [{ weekday: 6, start: 660, review: [expect.stringContaining("?")] }],
      scheduleConfirmed: true,
    });
    expect(row("Partly Read").scheduleUnparsed).toEqual([expect.stringContaining("every other Friday")]);
    expect(row("Weekly Mat").exceptions).toEqual([
      { date: "2026-12-05", startMinute: 660, reason: "Coach away" },
      { date: "2026-12-13", startMinute: null, reason: "Closed for a local tournament" },
      {
        date: "2026-12-19",
        startMinute: 660,
        reason: "Moved for the belt test",
        moveTo: { date: "2026-12-20", start: 720, end: 840 },
      },
      {
        date: "2026-12-26",
        startMinute: 660,
        reason: "Moved to Sunday, no end given",
        moveTo: { date: "2026-12-27", start: 600, end: null },
      },
    ]);
    expect(row("No Mat")).toMatchObject({ sessions: [], untimed: [], exceptions: [], visitorRules: {} });
    // The school's visitor rules in their own column, each session's own inside `sessions`.
    expect(row("Weekly Mat").visitorRules).toEqual(WEEKLY_RULES);
    expect(row("Weekly Mat").sessions).toEqual([
      { weekday: 0, start: 600, end: null, notes: [] },
      { weekday: 6, start: 660, end: 780, notes: ["Gi"], rules: SATURDAY_RULES },
    ]);
    const csv = await exportSchools(db(source), "csv", IMPORT_AT);
    expect(csv.split("\n")[0]?.endsWith(",exceptions,visitorRules")).toBe(true);
  });

  it("through the CLI too: each format byte for byte, at today's date", async () => {
    const weekly = await idOf(source, "Weekly Mat");
    const soon = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    await sql(
      source,
      "insert into schedule_exceptions (school_id, date, start_minute, reason, created_at) values (?, ?, null, ?, ?)",
      [weekly, soon, "Closed: holiday", Date.now()],
    );
    for (const format of ["json", "csv"]) {
      const file = join(source.dir, `kinds.${format}`);
      expect(cli(["export", file], source.env.DATABASE_URL).code).toBe(0);
      const target = await createTestApp();
      try {
        const imported = cli(["import", file], target.env.DATABASE_URL);
        expect(imported.stdout).toContain(`${drafts.length} added, 0 updated, 0 rejected`);
        const back = join(target.dir, `back.${format}`);
        expect(cli(["export", back], target.env.DATABASE_URL).code).toBe(0);
        const text = await Bun.file(file).text();
        expect(text).toContain("Closed: holiday");
        expect(await Bun.file(back).text()).toBe(text);
      } finally {
        await target.close();
      }
    }
  });
});
