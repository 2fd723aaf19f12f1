/**
 * Issue 21: an import stores a school's visitor rules (`visitorRules`, JSON text in a CSV cell)
 * and each session's own (`rules` inside `sessions`) as given, checked by the rules' schema: a
 * bad row is rejected with its reason and changes nothing. Absent is "not given": an existing
 * school keeps its rules, and a session keeps its own while its slot stays; `{}` clears them.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { visitorRuleTexts as texts } from "../../src/common/schemas/visitor-rules";
import { createGeoServices } from "../../src/server/features/geo/service";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { importRows, parseTransferFile } from "../../src/server/features/schools/transfer";
import { silentLogger } from "../../src/server/log";
import { createTestApp, type TestApp } from "../support/test-app";

const { schoolGeocoder } = createGeoServices("", silentLogger);
const IMPORT_AT = new Date("2026-11-26T15:00:00Z");
let t: TestApp;
const sql = async (query: string, args: (string | number | null)[] = []) =>
  (await t.app.context.database.client.execute({ sql: query, args })).rows;
const idOf = async () => Number((await sql("select id from schools where source_key = 'rules-gym'"))[0]?.id);
const deps = () => ({ db: t.app.context.database.db, now: () => IMPORT_AT, timeZoneAt });
const run = async (rows: Record<string, unknown>[]) =>
  (await importRows(deps(), schoolGeocoder, rows)).map((o) =>
    o.action === "rejected" ? o.reason : o.action,
  );

const place = { address: "9 Pike St, Seattle, WA 98101", latitude: 47.61, longitude: -122.33 };
const base = { ...place, key: "rules-gym", gym: "Rules Gym", dayAndTime: "Sat 10am; Sun 9am" };
const sessions = (saturday?: unknown) => [
  { weekday: 0, start: 540 },
  { weekday: 6, start: 600, ...(saturday === undefined ? {} : { rules: saturday }) },
];
/** The school's rules and each session's own, as stored. */
const stored = async () => ({
  school: JSON.parse(
    String((await sql("select visitor_rules from schools where source_key = 'rules-gym'"))[0]?.visitor_rules),
  ),
  sessions: (
    await sql(
      `select weekday, visitor_rules from open_mat_sessions
       where school_id = (select id from schools where source_key = 'rules-gym') order by weekday`,
    )
  ).map((r) => [r.weekday, r.visitor_rules === null ? null : JSON.parse(String(r.visitor_rules))]),
});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("an import carries visitor rules", () => {
  it("stores the school's rules (a CSV cell's JSON text too) and a session's own as given", async () => {
    expect(
      await run([
        {
          ...base,
          visitorRules: '{"matFee":"free","attire":"nogi","kids":"allowed","minAge":8}',
          sessions: sessions({ attire: "gi", level: "beginners" }),
        },
      ]),
    ).toEqual(["added"]);
    expect(await stored()).toEqual({
      school: { matFee: 0, attire: "nogi", kids: "allowed", minAge: 8 },
      sessions: [
        [0, null],
        [6, { attire: "gi", level: "beginners" }],
      ],
    });
    const view = await (await t.request(`/api/schools/${await idOf()}`)).json();
    expect(view.visitorRules).toEqual({ matFee: 0, attire: "nogi", kids: "allowed", minAge: 8 });
  });

  it("rejects a row with a bad rule, with the rules' own message, and changes nothing", async () => {
    const before = [
      await sql("select * from schools order by id"),
      await sql("select * from open_mat_sessions order by id"),
      await sql("select * from school_edits order by id"),
    ];
    expect(
      await run([
        { ...base, visitorRules: { matFee: 600 } },
        { ...base, visitorRules: { matFee: 10.555 } },
        { ...base, visitorRules: { attire: "kimono" } },
        { ...base, visitorRules: { minAge: 10 } },
        { ...base, visitorRules: { dressCode: "white gi" } },
        { ...base, visitorRules: "{" },
        { ...base, sessions: sessions({ visitors: "everyone" }) },
        { ...base, sessions: sessions({ waiverUrl: "javascript:alert(1)" }) },
      ]),
    ).toEqual([
      texts.feeInvalid,
      texts.feeCents,
      texts.attireInvalid,
      texts.minAgeNeedsKids,
      texts.rulesInvalid,
      "visitorRules must be JSON",
      `sessions[1]: ${texts.visitorsInvalid}`,
      `sessions[1]: ${texts.waiverInvalid}`,
    ]);
    expect([
      await sql("select * from schools order by id"),
      await sql("select * from open_mat_sessions order by id"),
      await sql("select * from school_edits order by id"),
    ]).toEqual(before);
  });

  it("absent means not given: the school keeps its rules, a session its own at the same slot", async () => {
    // No visitorRules and no rules on the sessions: all kept, even as the end time changes.
    expect(await run([{ ...base, dayAndTime: "Sat 10am-noon; Sun 9am", sessions: undefined }])).toEqual([
      "updated",
    ]);
    expect(await stored()).toEqual({
      school: { matFee: 0, attire: "nogi", kids: "allowed", minAge: 8 },
      sessions: [
        [0, null],
        [6, { attire: "gi", level: "beginners" }],
      ],
    });
    // A CSV row with empty cells is the same: nothing given.
    const csv = `key,gym,address,latitude,longitude,dayAndTime,sessions,visitorRules\nrules-gym,Rules Gym,"${place.address}",${place.latitude},${place.longitude},Sat 10am; Sun 9am,,\n`;
    expect(await run(parseTransferFile(csv, "csv"))).toEqual(["updated"]);
    expect((await stored()).school).toEqual({ matFee: 0, attire: "nogi", kids: "allowed", minAge: 8 });
    expect((await stored()).sessions[1]).toEqual([6, { attire: "gi", level: "beginners" }]);
  });

  it("given rules replace the stored ones, `{}` clears them, and the history records the school's", async () => {
    expect(await run([{ ...base, visitorRules: { visitors: "welcome" }, sessions: sessions({}) }])).toEqual([
      "updated",
    ]);
    expect(await stored()).toEqual({
      school: { visitors: "welcome" },
      sessions: [
        [0, null],
        [6, null],
      ],
    });
    const [edit] = await sql("select source, changes from school_edits order by id desc limit 1");
    expect(edit?.source).toBe("import");
    expect(JSON.parse(String(edit?.changes)).visitorRules).toEqual({
      before: { matFee: 0, attire: "nogi", kids: "allowed", minAge: 8 },
      after: { visitors: "welcome" },
    });
    expect(await run([{ ...base, visitorRules: "{}" }])).toEqual(["updated"]);
    expect((await stored()).school).toEqual({});
  });
});
