import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { seedFixtureSchools } from "../support/schools";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true", SEARCH_LIMIT_GUEST: "2" });
  ids = await seedFixtureSchools(t);
});
afterAll(() => t.close());

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.request(path, { headers: { "x-forwarded-for": "198.51.100.200", ...headers } });
  const html = await res.text();
  const id = html.match(/data-island="HomeScreen" data-island-id="(island-\d+)"/)?.[1];
  const block = html.match(new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`));
  const props = JSON.parse(block?.[1] ?? "{}");
  return { res, html, props };
};

describe("GET / (server-rendered home screen)", () => {
  it("is useful before any script: title, search form, day chips and the first schools", async () => {
    const { res, html, props } = await page("/");
    expect(res.status).toBe(200);
    expect(html).toContain('<h1 id="home-title" class="home-title">Find Open Mats Near You</h1>');
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/"[^>]*method="get"/);
    expect(html).toContain('name="search"');
    expect(html).toContain(">All</button>");
    expect(props.initialSchools.length).toBe(6);
    expect(props.search).toBeNull();
    expect(html).not.toContain("schools found");
    for (const gym of ["Capital City Grappling", "Aloha Grappling"]) expect(html).toContain(gym);
    expect(props.basemapUrl).toMatch(/^\/basemap\/us\.pmtiles\?v=/);
  });

  it("preloads the drawn map's image first thing in <head>, before the stylesheet and scripts", async () => {
    const { html, props } = await page("/");
    const head = html.slice(0, html.indexOf("</head>"));
    const links = head.match(/<link[^>]*>/g) ?? [];
    expect(props.drawnMap.imageUrl).toMatch(/^\/basemap\/drawn\//);
    expect(links[0]).toContain('rel="preload"');
    expect(links[0]).toContain(`href="${props.drawnMap.imageUrl.replaceAll("&", "&amp;")}"`);
    expect(links[0]).toContain('fetchPriority="high"');
    expect(head.indexOf('rel="preload"')).toBeLessThan(head.indexOf('rel="stylesheet"'));
  });

  it("lists the schools nearest the visitor's IP location first", async () => {
    const { props } = await page("/", { "x-forwarded-for": "8.8.8.8" });
    // Mountain View, CA: Phoenix is the nearest fixture school.
    expect(props.initialSchools[0].gym).toBe("Desert Heat BJJ");
  });

  it("renders ?search= results on the server, with a count and the place as title", async () => {
    const { html, props } = await page(`/?search=${encodeURIComponent("Austin, TX")}&days=saturday`);
    expect(props.query).toMatchObject({ search: "Austin, TX", days: ["saturday"] });
    expect(props.search.strategy).toBe("radius");
    expect(props.search.schools.map((s: { gym: string }) => s.gym)).toContain("Round Rock Rollers");
    expect(html).toContain("Austin, TX");
    expect(html).toMatch(/\d+ schools? found/);
    expect(html).toContain("<title>Open mats near Austin, TX | OpenMat</title>");
  });

  it("resolves ?school= to the focused school", async () => {
    const { props } = await page(`/?school=${ids["Aloha Grappling"]}`);
    expect(props.focusSchool).toMatchObject({ gym: "Aloha Grappling", timeZone: "Pacific/Honolulu" });
    expect((await page("/?school=999999")).props.focusSchool).toBeNull();
    expect((await page("/?school=abc")).props.focusSchool).toBeNull();
  });

  it("counts a server-rendered search against the guest's daily quota", async () => {
    const from = { "x-forwarded-for": "198.51.100.201" };
    await page("/?search=Dallas", from);
    await page("/?search=Dallas", from);
    const { res, props } = await page("/?search=Dallas", from);
    expect(res.status).toBe(200);
    expect(props.search).toBeNull();
    expect(props.searchLimit).toEqual({ limit: 2, retryAfter: expect.any(Number) });
  });

  it("gives a member their favourites and name, and never another member's data", async () => {
    const m = await registerMember(t);
    await t.json("POST", "/api/favorites", { schoolId: ids["Desert Heat BJJ"] }, { cookie: m.cookie });
    const { props, html } = await page("/", { cookie: m.cookie });
    expect(props.viewer).toEqual({ id: m.id, username: m.username });
    expect(props.favoriteIds).toEqual([ids["Desert Heat BJJ"]]);
    expect(html).not.toContain(m.email);
    expect(JSON.stringify(props)).not.toContain("password");
  });
});

describe("BASEMAP_URL", () => {
  it("points the map at another archive and lets scripts reach its origin", async () => {
    const remote = await createTestApp({ BASEMAP_URL: "https://tiles.example.org/us.pmtiles" });
    const res = await remote.request("/");
    expect(res.headers.get("content-security-policy")).toContain(
      "connect-src 'self' https://tiles.example.org",
    );
    expect(await res.text()).toContain("https://tiles.example.org/us.pmtiles");
    await remote.close();
  });
});
