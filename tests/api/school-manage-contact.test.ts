/**
 * PATCH /api/schools/{id}/contact and the manage page itself (issue 21): owners and admins set
 * a school's website, phone and address (found on the map again); others get a missing school.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import type { SchoolView } from "../../src/common/schemas/school";
import { manageTexts } from "../../src/common/schemas/school-manage";
import { type ManageWorld, manageWorld } from "../support/manage";

const NOW = new Date("2026-11-20T17:00:00.000Z");
let w: ManageWorld;
let school: { id: number; slug: string };

const patch = (id: number, body: unknown, cookie = w.owner.cookie) =>
  w.t.json("PATCH", `/api/schools/${id}/contact`, body, { cookie });
const schoolApi = async (id: number) =>
  (await (await w.t.request(`/api/schools/${id}`)).json()) as SchoolView;
const snapshot = async (id: number) => ({
  school: await w.rows("SELECT * FROM schools WHERE id = ?", [id]),
  edits: await w.rows("SELECT count(*) AS n FROM school_edits WHERE school_id = ?", [id]),
  version: (await w.rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? null,
});
const lastEdit = async (id: number) => {
  const [edit] = await w.rows(
    "SELECT user_id, source, changes FROM school_edits WHERE school_id = ? ORDER BY id DESC LIMIT 1",
    [id],
  );
  return {
    user_id: edit?.user_id,
    source: edit?.source,
    changes: JSON.parse(String(edit?.changes)) as Record<string, { before: unknown; after: unknown }>,
  };
};

beforeAll(async () => {
  w = await manageWorld(NOW);
  school = await w.addSchool({
    gym: "Contact Academy",
    phone: "(512) 555-0100",
    website: "https://old.example.com/",
  });
});
afterAll(() => w.t.close());

describe("PATCH /api/schools/{id}/contact", () => {
  it("an owner sets the website and phone: shown at once, in the history, the version moved", async () => {
    const before = await snapshot(school.id);
    const res = await patch(school.id, { website: "https://contact.example.com/", phone: "(512) 555-0199" });
    expect(res.status).toBe(200);
    const view = await schoolApi(school.id);
    expect([view.website, view.phone]).toEqual(["https://contact.example.com/", "(512) 555-0199"]);
    const after = await snapshot(school.id);
    expect(Number(after.version)).toBeGreaterThan(Number(before.version ?? 0));
    const edit = await lastEdit(school.id);
    expect([edit.user_id, edit.source]).toEqual([w.owner.id, "gym"]);
    expect(edit.changes).toEqual({
      phone: { before: "(512) 555-0100", after: "(512) 555-0199" },
      website: { before: "https://old.example.com/", after: "https://contact.example.com/" },
    });
  });

  it("an empty phone clears it; the same values again write nothing", async () => {
    expect((await patch(school.id, { phone: "" })).status).toBe(200);
    expect((await schoolApi(school.id)).phone).toBeNull();
    const before = await snapshot(school.id);
    expect((await patch(school.id, { phone: null, website: "https://contact.example.com/" })).status).toBe(
      200,
    );
    expect(await snapshot(school.id)).toEqual(before);
  });

  it("a new address is found again: city, state, place and time zone follow it", async () => {
    const res = await patch(school.id, { address: "10 W Washington St, Phoenix, AZ 85003" }, w.admin.cookie);
    expect(res.status).toBe(200);
    const view = await schoolApi(school.id);
    expect(view).toEqual(
      expect.objectContaining({
        address: "10 W Washington St, Phoenix, AZ 85003",
        city: "Phoenix",
        state: "AZ",
        location: "Phoenix, AZ",
        zipCode: "85003",
        timeZone: "America/Phoenix",
      }),
    );
    expect(view.latitude).toBeCloseTo(33.45, 0);
    const edit = await lastEdit(school.id);
    expect([edit.user_id, edit.source]).toEqual([w.admin.id, "admin"]);
    expect(edit.changes.city).toEqual({ before: "Austin", after: "Phoenix" });
  });

  it("an address that cannot be found: the spec's geocoding text, 422, nothing changed", async () => {
    const before = await snapshot(school.id);
    const res = await patch(school.id, { address: "Nowhere In Particular" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Unable to find coordinates for "Nowhere In Particular". Please check the address and try again.',
    );
    expect(await snapshot(school.id)).toEqual(before);
  });

  const bad: [string, unknown, string][] = [
    ["nothing to change", {}, manageTexts.nothingGiven],
    ["a website that is not http(s)", { website: "javascript:alert(1)" }, manageTexts.website],
    ["a phone on two lines", { phone: "555\n0100" }, manageTexts.phone],
    ["an empty address", { address: "  " }, "Full address is required (Street, City, State)"],
    ["an address too long", { address: "x".repeat(301) }, manageTexts.address],
  ];
  for (const [what, body, message] of bad) {
    it(`refuses ${what} with a 400 that changes nothing`, async () => {
      const before = await snapshot(school.id);
      const res = await patch(school.id, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
      expect(await snapshot(school.id)).toEqual(before);
    });
  }

  it("a guest gets 401; another member the same 404 as a missing school", async () => {
    const before = await snapshot(school.id);
    const guest = await patch(school.id, { phone: "1" }, "");
    expect([guest.status, ((await guest.json()) as { message: string }).message]).toEqual([
      401,
      authMessages.notSignedIn,
    ]);
    const stranger = await patch(school.id, { phone: "1" }, w.stranger.cookie);
    const missing = await patch(999_999, { phone: "1" }, w.stranger.cookie);
    expect([stranger.status, missing.status]).toEqual([404, 404]);
    expect(await stranger.json()).toEqual(await missing.json());
    expect(await snapshot(school.id)).toEqual(before);
  });
});

describe("GET /schools/{slug}/manage", () => {
  const page = (slug: string, cookie?: string) =>
    w.t.request(`/schools/${slug}/manage`, cookie ? { headers: { cookie } } : {});

  it("renders for the school's owner and for an admin, seeded with its schedule as rows", async () => {
    for (const cookie of [w.owner.cookie, w.admin.cookie]) {
      const res = await page(school.slug, cookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Manage Contact Academy");
      expect(html).toContain('data-island="ManageSchool"');
      expect(html).toContain("Open mat 1: Sat 11:00 AM–1:00 PM (Gi)");
      expect(html).toContain("Next 4 weeks");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("a guest gets the sign-in screen; another member the page a missing school gets", async () => {
    const guest = await page(school.slug);
    expect(guest.status).toBe(200);
    expect(await guest.text()).not.toContain('data-island="ManageSchool"');
    const stranger = await page(school.slug, w.stranger.cookie);
    const missing = await page("no-such-gym", w.stranger.cookie);
    expect([stranger.status, missing.status]).toEqual([404, 404]);
    expect(await stranger.text()).not.toContain("Contact Academy");
  });
});
