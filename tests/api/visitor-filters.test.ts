import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { decodePins } from "../../src/common/pins-codec";
import type { SchoolView } from "../../src/common/schemas/school";
import type { RuleFilterKey } from "../../src/common/schemas/visitor-rules";
import { ruleBit } from "../../src/common/visitor-rules";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { upsertSchool } from "../../src/server/features/schools/ingest";
import { confirmEmail, jsonFrom, nextPeerIp } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "filters-admin@example.com";
let t: TestApp;
let adminCookie: string;
const ids: Record<string, number> = {};

/**
 * Seven gyms around downtown Austin, each saying something else (or nothing) about visitors.
 * Their schedules' notes count too: "No-Gi" on a session is a No-Gi open mat.
 */
const gyms: { name: string; miles: number; schedule: string; rules?: object; sessions?: object[] }[] = [
  { name: "Free Gi Club", miles: 1, schedule: "Sat 10am", rules: { attire: "gi", matFee: "free" } },
  {
    name: "Beginner No-Gi",
    miles: 2,
    schedule: "Sat 11am",
    rules: { attire: "nogi", level: "beginners", visitors: "welcome" },
  },
  {
    name: "Women's Both",
    miles: 3,
    schedule: "Sun 10am",
    rules: { attire: "both", womenOnly: true, level: "all" },
  },
  { name: "Noted No-Gi", miles: 4, schedule: "Fri 6pm (No-Gi)" },
  { name: "Says Nothing", miles: 5, schedule: "Sat 9am", rules: { matFee: "unknown" } },
  {
    name: "Gi Saturday No-Gi Sunday",
    miles: 6,
    schedule: "Sat 10am, Sun 10am",
    rules: { attire: "gi" },
    sessions: [{ weekday: 0, start: 600, rules: { attire: "nogi" } }],
  },
  { name: "Paid Members", miles: 7, schedule: "Thu 7pm", rules: { matFee: 10, visitors: "membersOnly" } },
];

/** Which gyms each filter finds. */
const expected: Record<RuleFilterKey, string[]> = {
  gi: ["Free Gi Club", "Women's Both", "Gi Saturday No-Gi Sunday"],
  nogi: ["Beginner No-Gi", "Women's Both", "Noted No-Gi", "Gi Saturday No-Gi Sunday"],
  free: ["Free Gi Club"],
  beginners: ["Beginner No-Gi", "Women's Both"],
  women: ["Women's Both"],
  visitors: ["Beginner No-Gi"],
};
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

const names = (schools: SchoolView[]) => schools.map((s) => s.gym);
const get = async <T>(path: string) => {
  const res = await t.request(path);
  return { status: res.status, body: (await res.json()) as T };
};
const radius = async (rules: string, miles = 40) =>
  (
    await get<{ schools: SchoolView[] }>(
      `/api/schools/radius?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radius=${miles}&rules=${rules}`,
    )
  ).body.schools;
const pins = async () =>
  new Map(
    decodePins(new Uint8Array(await (await t.request("/api/schools/pins")).arrayBuffer())).map((p) => [
      p.id,
      p.rules ?? 0,
    ]),
  );
const setRules = (name: string, body: object) =>
  t.json("PUT", `/api/schools/${ids[name]}/visitor-rules`, body, { cookie: adminCookie });

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SEARCH_LIMIT_GUEST: "1000" });
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "filtersadmin",
    email: ADMIN_EMAIL,
    password: "filters admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
  const deps = { db: t.app.context.database.db, now: () => new Date(), timeZoneAt };
  for (const [i, gym] of gyms.entries()) {
    const { id } = await upsertSchool(deps, {
      gym: gym.name,
      address: `${100 + i} Congress Ave, Austin, TX 78701`,
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      // Due north of downtown, `miles` away.
      latitude: AUSTIN.lat + gym.miles / 69.05,
      longitude: AUSTIN.lng,
      dayAndTime: gym.schedule,
    });
    ids[gym.name] = id;
    if (gym.rules) {
      const saved = await setRules(gym.name, { rules: gym.rules, sessions: gym.sessions });
      expect(saved.status).toBe(200);
    }
  }
});
afterAll(() => t.close());

describe("the radius search", () => {
  for (const key of Object.keys(expected) as RuleFilterKey[]) {
    it(`?rules=${key} lists only ${expected[key].join(", ")}`, async () => {
      expect(names(await radius(key))).toEqual(expected[key]);
    });
  }

  it("needs every chosen rule, and lists everything without a filter", async () => {
    expect(names(await radius("gi,nogi"))).toEqual(["Women's Both", "Gi Saturday No-Gi Sunday"]);
    expect(names(await radius("nogi,beginners,women"))).toEqual(["Women's Both"]);
    expect(names(await radius("free,nogi"))).toEqual([]);
    expect(await radius("")).toHaveLength(gyms.length);
    // An unknown fee is never free: "Says Nothing" is in no filter's answer.
    expect(names(await radius("free"))).not.toContain("Says Nothing");
  });

  it("keeps the radius: the filter narrows it, never widens it", async () => {
    expect(names(await radius("nogi", 3.5))).toEqual(["Beginner No-Gi", "Women's Both"]);
  });

  it("refuses a filter not in the list, with the list", async () => {
    const { status, body } = await get<{ message: string }>(
      `/api/schools/radius?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radius=40&rules=gi,parking`,
    );
    expect(status).toBe(400);
    expect(body.message).toBe(
      "rules must be a comma-separated list of: gi, nogi, free, beginners, women, visitors",
    );
  });
});

describe("nearby and search", () => {
  it("nearby lists the nearest schools that have the rules", async () => {
    const { status, body } = await get<{ schools: SchoolView[] }>(
      `/api/schools/nearby?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&limit=3&rules=nogi`,
    );
    expect(status).toBe(200);
    expect(names(body.schools)).toEqual(["Beginner No-Gi", "Women's Both", "Noted No-Gi"]);
    const all = await get<{ schools: SchoolView[] }>(
      `/api/schools/nearby?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&limit=3`,
    );
    expect(names(all.body.schools)).toEqual(["Free Gi Club", "Beginner No-Gi", "Women's Both"]);
  });

  it("a search filters what its strategy found, and keeps the strategy when nothing has the rules", async () => {
    const q = encodeURIComponent("Austin, TX");
    const free = await get<{ strategy: string; schools: SchoolView[] }>(
      `/api/schools/search?q=${q}&rules=free`,
    );
    expect(free.body.strategy).toBe("radius");
    expect(names(free.body.schools)).toEqual(["Free Gi Club"]);
    const none = await get<{ strategy: string; schools: SchoolView[] }>(
      `/api/schools/search?q=${q}&rules=free,women`,
    );
    expect(none.body).toMatchObject({ strategy: "radius", schools: [] });
    const text = await get<{ strategy: string; schools: SchoolView[] }>(
      `/api/schools/search?q=${encodeURIComponent("No-Gi")}&rules=visitors`,
    );
    expect(text.body.strategy).toBe("text");
    expect(names(text.body.schools)).toEqual(["Beginner No-Gi"]);
  });
});

describe("the map's pins", () => {
  it("carry each school's rule bits", async () => {
    const bits = await pins();
    for (const gym of gyms) {
      const want = (Object.keys(expected) as RuleFilterKey[])
        .filter((key) => expected[key].includes(gym.name))
        .reduce((mask, key) => mask | ruleBit[key], 0);
      expect([gym.name, bits.get(ids[gym.name] ?? 0)]).toEqual([gym.name, want]);
    }
  });

  it("and every answer follows a change at once", async () => {
    expect((await setRules("Says Nothing", { rules: { matFee: "free", womenOnly: true } })).status).toBe(200);
    expect((await pins()).get(ids["Says Nothing"] ?? 0)).toBe(ruleBit.free | ruleBit.women);
    expect(names(await radius("free"))).toEqual(["Free Gi Club", "Says Nothing"]);
    const nearby = await get<{ schools: SchoolView[] }>(
      `/api/schools/nearby?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&limit=15&rules=women`,
    );
    expect(names(nearby.body.schools)).toEqual(["Women's Both", "Says Nothing"]);
    expect((await setRules("Says Nothing", { rules: {} })).status).toBe(200);
    expect((await pins()).get(ids["Says Nothing"] ?? 0)).toBe(0);
    expect(names(await radius("free"))).toEqual(["Free Gi Club"]);
  });
});

describe("the home screen's URL", () => {
  it("keeps the rule filters: chips pressed, the rest of the query kept, the first list filtered", async () => {
    const res = await t.request("/?rules=nogi,women,parking&days=sunday");
    expect(res.status).toBe(200);
    const html = await res.text();
    const pressed = [...html.matchAll(/<button[^>]*aria-pressed="true"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(pressed).toEqual(expect.arrayContaining(["No-Gi", "Women only"]));
    expect(pressed).not.toContain("Gi");
    // Each chip's form keeps the days; the days' form keeps the rules.
    expect(html).toContain('<input type="hidden" name="rules" value="nogi,women"/>');
    expect(html).toContain('<input type="hidden" name="days" value="sunday"/>');
    // Each chip leads to the filters it toggles: "Free" to all three, "No-Gi" again to women only.
    const leadsTo = (label: string) =>
      html.match(new RegExp(`value="([^"]*)"[^>]*name="rules">${label}<`))?.[1];
    expect(leadsTo("Free")).toBe("nogi,free,women");
    expect(leadsTo("No-Gi")).toBe("women");
    const listed = gyms.map((g) => g.name).filter((name) => html.includes(name.replace("'", "&#x27;")));
    expect(listed).toEqual(["Women's Both"]);
  });
});
