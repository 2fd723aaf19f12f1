/**
 * Issue 24: `openmat import --dry-run` reports per row and writes nothing, progress goes to
 * stderr past 1,000 rows, the export carries the published community notes and imports back
 * unchanged, and the admin commands' bad input is a clear message, a non-zero exit and nothing
 * changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createGeoServices } from "../../src/server/features/geo/service";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { upsertSchool } from "../../src/server/features/schools/ingest";
import { exportSchools, importRows, parseTransferFile } from "../../src/server/features/schools/transfer";
import { silentLogger } from "../../src/server/log";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const main = join(import.meta.dir, "../../src/server/main.ts");
const cli = (args: string[], databaseUrl: string) => {
  const proc = Bun.spawnSync([process.execPath, main, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "error", GEOCODER_URL: "" },
  });
  return { code: proc.exitCode, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() };
};
const { schoolGeocoder } = createGeoServices("", silentLogger);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = (app: TestApp) => app.app.context.database.db;
const sql = async (app: TestApp, query: string, args: (string | number | null)[] = []) =>
  (await app.app.context.database.client.execute({ sql: query, args })).rows;
const counts = async (app: TestApp) =>
  (
    await sql(
      app,
      `select (select count(*) from schools) || '/' || (select count(*) from open_mat_sessions) || '/' ||
        (select count(*) from schedule_exceptions) || '/' || (select count(*) from school_edits) ||
        '/' || (select value from app_meta where key = 'schools_version') as n`,
    )
  )[0]?.n;
const NOW = new Date("2026-11-26T15:00:00Z");
const deps = (app: TestApp) => ({ db: db(app), now: () => NOW, timeZoneAt });
const NOTES = [
  { text: "Bring a white gi on Saturdays.", at: "2026-10-01T12:00:00.000Z" },
  { text: "Parking behind the building.", at: "2026-11-02T08:30:00.000Z" },
];

/** A CSV of `n` schools, each with its own coordinates so no geocoder is asked. */
const csvOf = (n: number, prefix: string) =>
  [
    "key,gym,address,latitude,longitude,city,state,dayAndTime",
    ...Array.from(
      { length: n },
      (_, i) =>
        `${prefix}-${i},${prefix} Gym ${i},${i} Main St,${(30 + i / 10_000).toFixed(4)},-97.7,Austin,TX,Sat 10am-12pm`,
    ),
  ].join("\n");

describe("the published community notes travel with an export", () => {
  it("json and csv: export, import into an empty database, export again: the same file", async () => {
    const { id } = await upsertSchool(deps(t), {
      sourceKey: "noted-gym",
      gym: "Noted Gym",
      address: "5 Congress Ave, Austin, TX 78701",
      city: "Austin",
      state: "TX",
      latitude: 30.27,
      longitude: -97.74,
      dayAndTime: "Sat 11am-1pm",
      communityNotes: "Friendly room",
    });
    await sql(t, "update schools set feedback_notes = ? where id = ?", [JSON.stringify(NOTES), id]);
    // Rules stored in another order than the rules' schema's (the demo data's): the export
    // writes them as an import stores them.
    await sql(t, "update schools set visitor_rules = ? where id = ?", [
      JSON.stringify({ kids: "adultsOnly", attire: "gi", matFee: 25 }),
      id,
    ]);
    for (const format of ["json", "csv"] as const) {
      const first = await exportSchools(db(t), format, NOW);
      if (format === "json") {
        const row = (JSON.parse(first) as Record<string, unknown>[]).find((r) => r.key === "noted-gym");
        expect(row?.feedbackNotes).toEqual(NOTES);
      }
      const target = await createTestApp();
      try {
        const outcomes = await importRows(deps(target), schoolGeocoder, parseTransferFile(first, format));
        expect(outcomes.every((o) => o.action === "added")).toBe(true);
        expect(await exportSchools(db(target), format, NOW)).toBe(first);
        const view = (await (
          await target.request(`/api/schools/${await idOf(target, "noted-gym")}`)
        ).json()) as { feedbackNotes?: unknown };
        expect(view.feedbackNotes).toEqual(NOTES);
      } finally {
        await target.close();
      }
    }
  });

  it("a row without the column keeps the notes, [] clears them, a bad list is rejected", async () => {
    const base = { key: "noted-gym", gym: "Noted Gym", address: "5 Congress Ave, Austin, TX 78701" };
    const row = { ...base, latitude: 30.27, longitude: -97.74, dayAndTime: "Sat 11am-1pm" };
    const notesOf = async () =>
      (await sql(t, "select feedback_notes from schools where source_key = 'noted-gym'"))[0]?.feedback_notes;
    expect((await importRows(deps(t), schoolGeocoder, [row]))[0]?.action).toBe("updated");
    expect(JSON.parse(String(await notesOf()))).toEqual(NOTES);
    const bad = await importRows(deps(t), schoolGeocoder, [
      { ...row, feedbackNotes: [{ text: "x", at: "yesterday" }] },
    ]);
    expect(bad[0]).toMatchObject({ action: "rejected", reason: expect.stringContaining("feedbackNotes") });
    expect(JSON.parse(String(await notesOf()))).toEqual(NOTES);
    await importRows(deps(t), schoolGeocoder, [{ ...row, feedbackNotes: "[]" }]);
    expect(await notesOf()).toBe("[]");
  });
});

const idOf = async (app: TestApp, key: string) =>
  Number((await sql(app, "select id from schools where source_key = ?", [key]))[0]?.id);

describe("import --dry-run", () => {
  it("reports what each row would do, by the same checks and identity, and writes nothing", async () => {
    const existing = await idOf(t, "noted-gym");
    const before = await counts(t);
    const progress: string[] = [];
    const outcomes = await importRows(
      deps(t),
      schoolGeocoder,
      [
        {
          key: "noted-gym",
          gym: "Noted Gym",
          address: "5 Congress Ave, Austin, TX 78701",
          latitude: 30.27,
          longitude: -97.74,
          dayAndTime: "Sun 9am",
        },
        {
          key: "dry-new",
          gym: "Dry Gym",
          address: "7 Lamar Blvd",
          latitude: 30.3,
          longitude: -97.75,
          city: "Austin",
          state: "TX",
          dayAndTime: "Sun 9am",
        },
        {
          key: "dry-new",
          gym: "Dry Gym",
          address: "7 Lamar Blvd",
          latitude: 30.3,
          longitude: -97.75,
          city: "Austin",
          state: "TX",
          dayAndTime: "Mon 7pm",
        },
        { gym: "No Schedule", address: "8 Lamar Blvd" },
      ],
      { dryRun: true, onProgress: (done, total) => progress.push(`${done}/${total}`) },
    );
    expect(outcomes).toEqual([
      { row: 1, action: "wouldUpdate", id: existing, gym: "Noted Gym" },
      { row: 2, action: "wouldAdd", id: null, gym: "Dry Gym" },
      { row: 3, action: "wouldUpdate", id: null, gym: "Dry Gym" },
      { row: 4, action: "rejected", reason: expect.any(String) },
    ]);
    expect(progress).toEqual(["1/4", "2/4", "3/4", "4/4"]);
    expect(await counts(t)).toBe(before);
  });

  it("through the CLI: per-row report, progress on stderr past 1,000 rows, row counts unchanged", async () => {
    const file = join(t.dir, "big.csv");
    writeFileSync(file, csvOf(1_200, "dry"));
    const before = await counts(t);
    const { code, stdout, stderr } = cli(["import", file, "--dry-run"], t.env.DATABASE_URL);
    expect(code).toBe(0);
    expect(stdout).toContain('row 1: would add "dry Gym 0"');
    expect(stdout).toContain("Dry run, nothing written: 1200 would be added, 0 updated, 0 rejected");
    expect(stderr.trim().split("\n")).toEqual(["checked 1000/1200", "checked 1200/1200"]);
    expect(await counts(t)).toBe(before);
  });

  it("a small file has no progress lines", async () => {
    const file = join(t.dir, "small.csv");
    writeFileSync(file, csvOf(3, "small"));
    const { code, stdout, stderr } = cli(["import", file], t.env.DATABASE_URL);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toContain("3 added, 0 updated, 0 rejected");
  });
});

describe("bad input: a clear message, a non-zero exit, nothing changed", () => {
  it("each refused command line", async () => {
    const m = await registerMember(t, "badinput");
    const school = await idOf(t, "noted-gym");
    const before = await counts(t);
    const audit = async () => (await sql(t, "select count(*) as n from admin_audit_log"))[0]?.n;
    const audits = await audit();
    const url = t.env.DATABASE_URL;
    const cases: [string[], number, string][] = [
      [["admin", "users"], 64, "admin users needs list"],
      [["admin", "users", "frobnicate", m.username], 64, "admin users needs list"],
      [["admin", "users", "disable"], 64, "admin users needs list"],
      [["admin", "users", "disable", m.username, "extra"], 64, "admin users needs list"],
      [["admin", "users", "list", "--limit", "0"], 64, "--limit takes 1 to 1000"],
      [
        ["admin", "users", "disable", "nobody-here"],
        1,
        'No account with id, e-mail or username "nobody-here"',
      ],
      [["admin", "users", "reset-password", "nobody@example.com"], 1, "No account with id"],
      [["admin", "schools"], 64, "admin schools needs show"],
      [["admin", "schools", "remove"], 64, "admin schools needs show"],
      [
        ["admin", "schools", "remove", "no-such-slug", "--yes"],
        1,
        'No school with id or slug "no-such-slug"',
      ],
      [
        ["admin", "schools", "remove", String(school)],
        1,
        "Nothing was changed; run `openmat admin schools remove",
      ],
      [["admin", "frobnicate"], 64, "admin needs grant or revoke"],
      [["import"], 64, "import needs a CSV or JSON FILE"],
      [["import", "--dry-run"], 64, "import needs a CSV or JSON FILE"],
      [["import", "/no/such/file.csv", "--dry-run"], 1, "No file at /no/such/file.csv; nothing was imported"],
    ];
    for (const [args, code, message] of cases) {
      const run = cli(args, url);
      expect([args.join(" "), run.code]).toEqual([args.join(" "), code]);
      expect(run.stderr).toContain(message);
    }
    expect(await counts(t)).toBe(before);
    expect(await audit()).toBe(audits);
    const user = await sql(t, "select disabled_at from users where id = ?", [m.id]);
    expect(user[0]?.disabled_at).toBeNull();
  }, 90_000);

  it("the commands answer on a good line: show, list, disable", async () => {
    const m = await registerMember(t, "goodline");
    const show = cli(["admin", "users", "show", m.email], t.env.DATABASE_URL);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`username:  ${m.username}`);
    expect(show.stdout).toContain("disabled:  no");
    expect(show.stdout).toContain("sessions:  1");
    const list = cli(["admin", "users", "list", "--limit", "1"], t.env.DATABASE_URL);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+USERNAME\s+EMAIL\s+ROLE\s+CREATED\s+DISABLED/);
    expect(list.stdout).toMatch(
      /1 of \d+ account\(s\); next: openmat admin users list --limit 1 --after \d+/,
    );
    const disable = cli(["admin", "users", "disable", String(m.id)], t.env.DATABASE_URL);
    expect(disable.stdout).toContain(`Disabled ${m.username} (id ${m.id}, ${m.email}); 1 session(s) ended.`);
    const school = cli(["admin", "schools", "show", "noted-gym"], t.env.DATABASE_URL);
    expect(school.code).toBe(1);
    const slug = (await sql(t, "select slug from schools where source_key = 'noted-gym'"))[0]?.slug;
    const bySlug = cli(["admin", "schools", "show", String(slug)], t.env.DATABASE_URL);
    expect(bySlug.stdout).toContain("gym:       Noted Gym");
  }, 30_000);
});
