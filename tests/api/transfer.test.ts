import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SCHOOLS_VERSION_REFRESH_MS } from "../../src/server/features/schools/schools-version";
import { seedFixtureSchools } from "../support/schools";
import { createTestApp, type TestApp } from "../support/test-app";

const main = join(import.meta.dir, "../../src/server/main.ts");

function cli(args: string[], databaseUrl: string, env: Record<string, string> = {}) {
  const proc = Bun.spawnSync([process.execPath, main, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "error", GEOCODER_URL: "", ...env },
  });
  return { code: proc.exitCode, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() };
}

let t: TestApp;
const count = async (app: TestApp, where = "1") =>
  Number(
    (await app.app.context.database.client.execute(`select count(*) from schools where ${where}`))
      .rows[0]?.[0],
  );

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const csv = [
  "gym,address,dayAndTime,link,communityNotes,latitude,longitude,phone",
  'Harbor Grappling,"1 Harbor Dr, San Diego, CA 92101","Sat 10am-12pm, Sun 10am",https://harbor.example.com/,Friendly,32.71,-117.16,(619) 555-0101',
  'Mile High Jiu-Jitsu,"1600 Broadway, Denver, CO 80202",Sundays 11:00 AM (No-Gi),,,,,',
  ',"2 Nowhere Rd, Austin, TX",Sat 10am,,,,,',
  'Lost Gym,"Somewhere over the rainbow",Sat 10am,,,,,',
  'Bad Coords,"3 Main St, Austin, TX 78701",Sat 10am,,,95,0,',
].join("\n");

describe("openmat import", () => {
  it("adds good rows, geocodes what lacks coordinates and reports each bad row", async () => {
    const file = join(t.dir, "schools.csv");
    await Bun.write(file, csv);
    const { code, stdout } = cli(["import", file], t.env.DATABASE_URL);
    expect(code).toBe(2);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^row 1: added "Harbor Grappling" \(id \d+\)$/);
    expect(lines[1]).toMatch(/^row 2: added "Mile High Jiu-Jitsu" \(id \d+\)$/);
    expect(lines[2]).toBe("row 3: rejected: Gym name is required");
    expect(lines[3]).toBe(
      'row 4: rejected: Unable to find coordinates for "Somewhere over the rainbow". Please check the address and try again.',
    );
    expect(lines[4]).toBe("row 5: rejected: latitude must be between -90 and 90");
    expect(lines[5]).toBe("2 added, 0 updated, 3 rejected");
    const denver = await t.app.context.database.client.execute(
      "select city, state, time_zone, sunday, latitude from schools where gym = 'Mile High Jiu-Jitsu'",
    );
    expect(denver.rows[0]).toMatchObject({
      city: "Denver",
      state: "CO",
      time_zone: "America/Denver",
      sunday: 1,
    });
    expect(Number(denver.rows[0]?.latitude)).toBeCloseTo(39.75, 0);
  });

  it("updates by the stable key instead of duplicating", async () => {
    const file = join(t.dir, "again.json");
    await Bun.write(
      file,
      JSON.stringify([
        {
          gym: "Harbor Grappling",
          address: "1 Harbor Dr, San Diego, CA 92101",
          dayAndTime: "Sat 9am",
          latitude: 32.71,
          longitude: -117.16,
        },
      ]),
    );
    const before = await count(t);
    const { code, stdout } = cli(["import", file], t.env.DATABASE_URL);
    expect(code).toBe(0);
    expect(stdout).toContain('row 1: updated "Harbor Grappling"');
    expect(await count(t)).toBe(before);
  });

  it("refuses control characters in one-line fields and links that are not http(s), row by row", async () => {
    const at = { latitude: 47.61, longitude: -122.33, address: "1 Pike St, Seattle, WA 98101" };
    const rows = [
      { ...at, gym: "Evil\r\nX-INJECTED:1", dayAndTime: "Sat 10am" },
      { ...at, gym: "Evil\nBEGIN:VEVENT", dayAndTime: "Sat 10am" },
      { ...at, gym: "Tab\tGym", dayAndTime: "Sat 10am" },
      { ...at, gym: "Cr Gym", address: "1 Pike St\r, Seattle, WA 98101", dayAndTime: "Sat 10am" },
      { ...at, gym: "Nul Gym", dayAndTime: "Sat 10am\u0000" },
      { ...at, gym: "Script Gym", dayAndTime: "Sat 10am", website: "javascript:alert(1)" },
      { ...at, gym: "Data Gym", dayAndTime: "Sat 10am", website: "data:text/html,<script>alert(1)</script>" },
      { ...at, gym: "Link Gym", dayAndTime: "Sat 10am", link: "JavaScript:alert(1)" },
      { ...at, gym: "Relative Gym", dayAndTime: "Sat 10am", website: "//evil.example/" },
      {
        ...at,
        gym: "Seattle Good Grappling",
        dayAndTime: "Sat 10am\r\nSun 11am",
        website: "https://good.example/",
        communityNotes: "Line one\r\nLine two\rLine three",
      },
    ];
    const file = join(t.dir, "controls.json");
    await Bun.write(file, JSON.stringify(rows));
    const before = await count(t);
    const { code, stdout } = cli(["import", file], t.env.DATABASE_URL);
    expect(code).toBe(2);
    expect(stdout.trim().split("\n")).toEqual([
      "row 1: rejected: gym must not contain line breaks or control characters",
      "row 2: rejected: gym must not contain line breaks or control characters",
      "row 3: rejected: gym must not contain line breaks or control characters",
      "row 4: rejected: address must not contain line breaks or control characters",
      "row 5: rejected: dayAndTime must not contain control characters",
      "row 6: rejected: website must be an http:// or https:// URL",
      "row 7: rejected: website must be an http:// or https:// URL",
      "row 8: rejected: link must be an http:// or https:// URL",
      "row 9: rejected: website must be an http:// or https:// URL",
      expect.stringMatching(/^row 10: added "Seattle Good Grappling" \(id \d+\)$/),
      "1 added, 0 updated, 9 rejected",
    ]);
    expect(await count(t)).toBe(before + 1);
    const good = await t.app.context.database.client.execute(
      "select website, day_and_time, community_notes, saturday, sunday from schools where gym = 'Seattle Good Grappling'",
    );
    expect(good.rows[0]).toMatchObject({
      website: "https://good.example/",
      day_and_time: "Sat 10am\nSun 11am",
      community_notes: "Line one\nLine two\nLine three",
      saturday: 1,
      sunday: 1,
    });
  });

  it("a file that cannot be read changes nothing", async () => {
    const before = await count(t);
    for (const [name, text] of [
      ["broken.json", "[{"],
      ["wrong.json", '{"gyms": []}'],
      ["noheader.csv", "name,where\nA,B"],
    ]) {
      const file = join(t.dir, name as string);
      await Bun.write(file, text as string);
      const { code, stderr } = cli(["import", file], t.env.DATABASE_URL);
      expect(code).toBe(1);
      expect(stderr.length).toBeGreaterThan(0);
    }
    expect(await count(t)).toBe(before);
  });
});

describe("openmat export", () => {
  it("writes JSON and CSV that import back into an empty database unchanged", async () => {
    const source = await createTestApp();
    await seedFixtureSchools(source);
    for (const format of ["json", "csv"]) {
      const file = join(source.dir, `export.${format}`);
      expect(cli(["export", file], source.env.DATABASE_URL).code).toBe(0);
      const target = await createTestApp();
      const { code, stdout } = cli(["import", file], target.env.DATABASE_URL);
      expect(code).toBe(0);
      expect(stdout).toContain("6 added, 0 updated, 0 rejected");
      const pick =
        "select gym, address, city, state, latitude, longitude, day_and_time, time_zone, rating from schools order by gym";
      const a = (await source.app.context.database.client.execute(pick)).rows;
      const b = (await target.app.context.database.client.execute(pick)).rows;
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      // A second import of the same export only updates.
      expect(cli(["import", file], target.env.DATABASE_URL).stdout).toContain(
        "0 added, 6 updated, 0 rejected",
      );
      await target.close();
    }
    await source.close();
  });
});

describe("demo data", () => {
  it("loads at least 1,200 fictional schools across all 50 states once, and `demo --remove` deletes them", async () => {
    // The demo community's photos go to a folder of the test's own, not ./data.
    const uploads = mkdtempSync(join(tmpdir(), "openmat-demo-uploads-"));
    const demo = await createTestApp({ DEMO_DATA: "true", UPLOADS_DIR: uploads });
    expect(await count(demo, "is_demo = 1")).toBeGreaterThanOrEqual(1200);
    const states = await demo.app.context.database.client.execute(
      "select count(distinct state) from schools",
    );
    expect(Number(states.rows[0]?.[0])).toBeGreaterThanOrEqual(50);
    const readable = await count(
      demo,
      "monday or tuesday or wednesday or thursday or friday or saturday or sunday",
    );
    expect(readable / (await count(demo))).toBeGreaterThan(0.95);
    expect(await (await demo.request("/")).text()).toContain("Demo data:");

    const { code, stdout } = cli(["demo", "--remove"], demo.env.DATABASE_URL, { UPLOADS_DIR: uploads });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Removed \d+ demo school\(s\)\.$/m);
    expect(await count(demo)).toBe(0);
    // The CLI is another copy: the server sees its change when it next reads the schools version.
    await Bun.sleep(SCHOOLS_VERSION_REFRESH_MS);
    expect(await (await demo.request("/")).text()).not.toContain("Demo data:");
    await demo.close();
    rmSync(uploads, { recursive: true, force: true });
  }, 15_000);

  it("is the same on every machine", async () => {
    const { generateDemoSchools } = await import("../../src/db/seed/demo-schools");
    const { loadGazetteer } = await import("../../src/server/features/geo/gazetteer");
    const a = generateDemoSchools(loadGazetteer().cities);
    const b = generateDemoSchools(loadGazetteer().cities);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(new Set(a.map((s) => s.state)).size).toBeGreaterThanOrEqual(50);
  });
});
