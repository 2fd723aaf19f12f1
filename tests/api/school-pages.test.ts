import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import ICAL from "ical.js";
import { seedFixtureSchools } from "../support/schools";
import { createTestApp, type TestApp } from "../support/test-app";

// Thursday 2026-07-09, 15:00 UTC: 10:00 in Austin (CDT), 08:00 in Phoenix (MST).
const NOW = new Date("2026-07-09T15:00:00Z");
let t: TestApp;
let slugs: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  const ids = await seedFixtureSchools(t, () => NOW);
  slugs = {};
  for (const [gym, id] of Object.entries(ids)) {
    slugs[gym] = (await (await t.request(`/api/schools/${id}`)).json()).slug;
  }
});
afterAll(() => t.close());

const ldBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? "null"),
  );

describe("/schools/{slug}", () => {
  it("renders the school with its schedule, links and next open mat in the gym's zone", async () => {
    const res = await t.request(`/schools/${slugs["Capital City Grappling"]}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Capital City Grappling Open Mat Schedule | Austin, TX | OpenMat</title>");
    expect(html).toContain("Get directions");
    expect(html).toContain("https://www.google.com/maps/dir/?api=1&amp;destination=100%20Congress%20Ave");
    expect(html).toContain("Next open mat: Saturday, 11:00 AM CDT");
    expect(html).toContain("https://capital.example.com/");
    expect(html).toContain("Bring a white gi.");
    expect(html).toContain(`href="/schools/${slugs["Capital City Grappling"]}.ics"`);
  });

  it("says when there is no website or community notes", async () => {
    const html = await (await t.request(`/schools/${slugs["Eastside Jiu-Jitsu"]}`)).text();
    expect(html).toContain("No website available");
    expect(html).toContain("No community notes available.");
  });

  it("emits valid JSON-LD: SportsActivityLocation with the required fields and a BreadcrumbList", async () => {
    const html = await (await t.request(`/schools/${slugs["Capital City Grappling"]}`)).text();
    const [place, crumbs] = ldBlocks(html);
    expect(place).toMatchObject({
      "@type": "SportsActivityLocation",
      name: "Capital City Grappling",
      telephone: "(512) 555-0100",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Austin",
        addressRegion: "TX",
        postalCode: "78701",
      },
      geo: { "@type": "GeoCoordinates", latitude: 30.2655, longitude: -97.7437 },
    });
    expect(place.description).toStartWith("Open Mat Schedule: ");
    expect(place.url).toBe(`http://localhost:3000/schools/${slugs["Capital City Grappling"]}`);
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(crumbs.itemListElement).toHaveLength(3);
  });

  it("leaves AggregateRating out without reviews", async () => {
    const html = await (await t.request(`/schools/${slugs["Eastside Jiu-Jitsu"]}`)).text();
    expect(ldBlocks(html)[0].aggregateRating).toBeUndefined();
  });

  it("answers 404 for an unknown school", async () => {
    const res = await t.request("/schools/no-such-gym");
    expect(res.status).toBe(404);
    expect((await t.request("/schools/no-such-gym.ics")).status).toBe(404);
  });

  it("is listed in the sitemap", async () => {
    const sitemap = await (await t.request("/sitemap.xml")).text();
    for (const slug of Object.values(slugs)) expect(sitemap).toContain(`/schools/${slug}</loc>`);
  });
});

describe("/schools/{slug}.ics", () => {
  async function calendar(gym: string) {
    const res = await t.request(`/schools/${slugs[gym]}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    return new ICAL.Component(ICAL.parse(await res.text()));
  }

  it("parses with an independent parser into weekly events in the gym's zone", async () => {
    const cal = await calendar("Capital City Grappling");
    const events = cal.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(event.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("America/Chicago");
      expect(String(event.component.getFirstPropertyValue("dtstamp"))).toMatch(/Z$/);
      expect(event.component.getFirstPropertyValue("rrule")?.toString()).toMatch(
        /^FREQ=WEEKLY;BYDAY=(SA|SU)$/,
      );
    }
    expect(cal.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("America/Chicago");
  });

  it("yields the right next occurrence, also across the autumn clock change", async () => {
    const cal = await calendar("Capital City Grappling");
    const zone = new ICAL.Timezone(cal.getFirstSubcomponent("vtimezone") as ICAL.Component);
    ICAL.TimezoneService.register(zone);
    const saturday = cal
      .getAllSubcomponents("vevent")
      .map((e) => new ICAL.Event(e))
      .find((e) => e.summary.includes("(Gi)"));
    if (!saturday) throw new Error("no Saturday event");
    const it = saturday.iterator();
    const first = it.next();
    expect(first?.toJSDate().toISOString()).toBe("2026-07-11T16:00:00.000Z");
    // After 1 Nov 2026 Austin is on CST: 11:00 local is 17:00 UTC.
    let later = first;
    while (later && later.toJSDate() < new Date("2026-11-02T00:00:00Z")) later = it.next();
    expect(later?.toJSDate().toISOString()).toBe("2026-11-07T17:00:00.000Z");
  });

  it("keeps Arizona's zone, which has no daylight saving", async () => {
    const cal = await calendar("Desert Heat BJJ");
    const event = new ICAL.Event(cal.getFirstSubcomponent("vevent") as ICAL.Component);
    expect(event.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("America/Phoenix");
    expect(event.startDate.toString()).toBe("2026-07-11T11:00:00");
  });
});
