import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import ICAL from "ical.js";
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { upsertSchool } from "../../src/server/features/schools/ingest";
import { createTestApp, type TestApp } from "../support/test-app";

// Thursday 2026-07-09, 15:00 UTC.
const NOW = new Date("2026-07-09T15:00:00Z");
let t: TestApp;

/** Stores a school as it is, without the import's checks, as an old or hand-edited database might hold it. */
async function insertRaw(gym: string, fields: { address?: string; dayAndTime?: string; website?: string }) {
  const { id } = await upsertSchool(
    { db: t.app.context.database.db, now: () => NOW, timeZoneAt },
    {
      gym,
      address: fields.address ?? "100 Congress Ave, Austin, TX 78701",
      city: "Austin",
      state: "TX",
      latitude: 30.2655,
      longitude: -97.7437,
      dayAndTime: fields.dayAndTime ?? "Sat 11am-1pm",
      website: fields.website ?? null,
    },
  );
  const row = await t.app.context.database.client.execute({
    sql: "select slug from schools where id = ?",
    args: [id],
  });
  return { id, slug: String(row.rows[0]?.slug) };
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(() => t.close());

describe("calendar of a school whose texts hold CR and LF", () => {
  it("keeps every value on its own line and parses into exactly the expected event", async () => {
    const { slug } = await insertRaw("Evil\r\nX-INJECTED:1\rBEGIN:VEVENT\nSUMMARY:fake\u0000\u000b", {
      address: "1 Main St\r\nATTENDEE:mailto:victim@example.com, Austin, TX",
      dayAndTime: "Sat 11am-1pm\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:fake",
    });
    const response = await t.request(`/schools/${slug}.ics`);
    expect(response.status).toBe(200);
    const text = await response.text();

    // Lines end in CRLF and nothing else: no lone CR or LF, no other control character.
    const lines = text.replace(/\r\n$/, "").split("\r\n");
    for (const line of lines) expect(line).not.toMatch(/\p{Cc}/u);
    // Property names are only those ical-generator writes (a folded line starts with a space).
    const names = new Set(lines.filter((l) => !l.startsWith(" ")).map((l) => l.split(/[:;]/)[0]));
    for (const injected of ["X-INJECTED", "ATTENDEE"]) expect(names.has(injected)).toBe(false);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);

    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0] as ICAL.Component);
    expect(event.summary).toBe("Open mat at Evil X-INJECTED:1 BEGIN:VEVENT SUMMARY:fake");
    expect(event.location).toBe(
      "Evil X-INJECTED:1 BEGIN:VEVENT SUMMARY:fake, 1 Main St ATTENDEE:mailto:victim@example.com, Austin, TX",
    );
    expect(event.description).toContain(
      "Schedule as the gym writes it: Sat 11am-1pm\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:fake",
    );
    expect(event.attendees).toHaveLength(0);
    expect(
      events[0]
        ?.getAllProperties()
        .map((p) => p.name)
        .sort(),
    ).toEqual([
      "description",
      "dtend",
      "dtstamp",
      "dtstart",
      "location",
      "rrule",
      "sequence",
      "summary",
      "uid",
      "url",
    ]);
    expect(calendar.getFirstPropertyValue("name")).toBe(
      "Evil X-INJECTED:1 BEGIN:VEVENT SUMMARY:fake open mats",
    );
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(
      "Evil X-INJECTED:1 BEGIN:VEVENT SUMMARY:fake open mats",
    );
    expect(calendar.getAllProperties().some((p) => p.name === "x-injected")).toBe(false);
  });
});

describe("a school's website link", () => {
  for (const website of [
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/",
  ]) {
    it(`${website} stored in the database is never an href`, async () => {
      const { id, slug } = await insertRaw(`Linked Gym ${website.slice(0, 4)}`, { website });
      const html = await (await t.request(`/schools/${slug}`)).text();
      expect(html).not.toContain(website.slice(0, 10));
      expect(html).toContain("No website available");
      expect((await (await t.request(`/api/schools/${id}`)).json()).website).toBeNull();
    });
  }

  it("an https website is linked", async () => {
    const { id, slug } = await insertRaw("Linked Gym https", { website: "https://ok.example/" });
    const html = await (await t.request(`/schools/${slug}`)).text();
    expect(html).toContain('href="https://ok.example/"');
    expect((await (await t.request(`/api/schools/${id}`)).json()).website).toBe("https://ok.example/");
  });
});
