import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { seedFixtureSchools } from "../support/schools";
import { confirmEmail, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

// Saturday 2026-07-11 17:30 UTC: 12:30 in Austin (CDT), 10:30 in Phoenix, 07:30 in Honolulu.
const NOW = new Date("2026-07-11T17:30:00Z");
let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true", ADMIN_EMAILS: "boss@example.com" }, { now: () => NOW });
  ids = await seedFixtureSchools(t, () => NOW);
});
afterAll(() => t.close());

describe("GET /api/location/ip", () => {
  it("places a public address from the offline database", async () => {
    const res = await t.request("/api/location/ip", { headers: { "x-forwarded-for": "8.8.8.8" } });
    const body = await res.json();
    expect(body).toMatchObject({ city: "Mountain View", region: "CA" });
    expect(body.latitude).toBeCloseTo(37.4, 0);
  });

  it("answers the US centre for private or unknown addresses", async () => {
    for (const ip of ["10.0.0.1", "127.0.0.1", "not-an-ip"]) {
      const body = await (await t.request("/api/location/ip", { headers: { "x-forwarded-for": ip } })).json();
      expect(body).toEqual({ latitude: 39.8283, longitude: -98.5795, city: null, region: null });
    }
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const plain = await createTestApp();
    const body = await (
      await plain.request("/api/location/ip", { headers: { "x-forwarded-for": "8.8.8.8" } })
    ).json();
    expect(body.city).toBeNull();
    await plain.close();
  });
});

describe("GET /api/schools/nearby and /api/schools/open", () => {
  it("lists the nearest schools first, without using the search quota", async () => {
    const res = await t.request("/api/schools/nearby?lat=30.2672&lng=-97.7431&limit=3");
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    const { schools } = await res.json();
    expect(schools.map((s: { gym: string }) => s.gym)).toEqual([
      "Capital City Grappling",
      "Eastside Jiu-Jitsu",
      "Round Rock Rollers",
    ]);
    expect((await t.request("/api/schools/nearby?lat=30&lng=-97&limit=0")).status).toBe(400);
    expect((await t.request("/api/schools/nearby?lng=-97")).status).toBe(400);
  });

  it("knows which gyms are open now and today in their own zones", async () => {
    const now = (await (await t.request("/api/schools/open?when=now")).json()).ids;
    // Austin's Saturday 11:00 session started 90 minutes ago; Phoenix's starts in 30; Round Rock's 9:00 ended.
    expect(now).toContain(ids["Capital City Grappling"]);
    expect(now).not.toContain(ids["Desert Heat BJJ"]);
    expect(now).not.toContain(ids["Round Rock Rollers"]);
    const today = (await (await t.request("/api/schools/open?when=today")).json()).ids;
    expect(today).toContain(ids["Desert Heat BJJ"]);
    expect(today).not.toContain(ids["Aloha Grappling"]);
    expect((await t.request("/api/schools/open?when=later")).status).toBe(400);
  });
});

describe("feedback", () => {
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    t.json("POST", "/api/feedback", body, { "x-forwarded-for": "192.0.2.10", ...headers });

  it("takes feedback from a guest and returns the spec's message", async () => {
    const res = await send({
      schoolId: ids["Aloha Grappling"],
      communityNotes: "Great room",
      privateComments: null,
    });
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe("Feedback submitted successfully!");
  });

  it.each([
    [
      { schoolId: 1, communityNotes: "", privateComments: " " },
      "Please add a community note or a private comment",
    ],
    [{ schoolId: "1", communityNotes: "x" }, "schoolId must be a school's number"],
    [{ communityNotes: "x" }, "schoolId must be a school's number"],
    [{ schoolId: 1, communityNotes: "x".repeat(2001) }, "Feedback must be 2000 characters or less"],
  ])("rejects %o", async (body, message) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("404s for an unknown school", async () => {
    expect((await send({ schoolId: 999999, communityNotes: "x" })).status).toBe(404);
  });

  it("throttles one client", async () => {
    const from = { "x-forwarded-for": "192.0.2.99" };
    for (let i = 0; i < 10; i++) {
      expect((await send({ schoolId: ids["Aloha Grappling"], communityNotes: `n${i}` }, from)).status).toBe(
        201,
      );
    }
    const res = await send({ schoolId: ids["Aloha Grappling"], communityNotes: "one more" }, from);
    expect(res.status).toBe(429);
    expect((await res.json()).limit).toBe(10);
  });

  it("lists feedback with private comments for admins only", async () => {
    await send({
      schoolId: ids["Desert Heat BJJ"],
      communityNotes: "Public note",
      privateComments: "Owner is rude",
    });
    expect((await t.request("/api/feedback")).status).toBe(401);
    const member = await registerMember(t);
    expect((await t.request("/api/feedback", { headers: { cookie: member.cookie } })).status).toBe(403);
    const boss = await t.json("POST", "/api/auth/register", {
      username: "boss",
      email: "boss@example.com",
      password: "boss password",
    });
    const cookie = boss.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    // ADMIN_EMAILS counts only once the address is proven.
    expect((await t.request("/api/feedback", { headers: { cookie } })).status).toBe(403);
    await confirmEmail(t, "boss@example.com");
    const list = await (await t.request("/api/feedback", { headers: { cookie } })).json();
    const row = list.find((f: { communityNotes: string }) => f.communityNotes === "Public note");
    expect(row).toMatchObject({
      schoolId: ids["Desert Heat BJJ"],
      schoolName: "Desert Heat BJJ",
      city: "Phoenix",
      privateComments: "Owner is rude",
    });
    expect(row.submittedAt).toBe(NOW.toISOString());
  });
});
