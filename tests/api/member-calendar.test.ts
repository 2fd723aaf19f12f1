/**
 * Issue 22, the member's calendar: the private address (made once, even when asked for at
 * once; a new one revokes the old; turned off until asked anew), and the feed a calendar app
 * polls: a bare 404 for an unknown or revoked token, an ETag with 304, one member's feed
 * never answered for another, and no member's name or e-mail in it.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type CalendarAddress, memberCalendarTexts } from "../../src/common/schemas/member-calendar";
import { createLogger } from "../../src/server/log";
import { addSchool } from "../support/checkins";
import { registerMember } from "../support/session";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
/** What the app logs: the request log must not keep an address's token. */
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { logger: createLogger("info", (line) => logLines.push(line)) });
});
afterAll(() => t.close());

const FEED_PATH = /^http:\/\/localhost:3000(\/calendar\/[a-z2-7]{32}\.ics)$/;

async function address(who: Member, method = "GET", path = "/api/account/calendar") {
  const res = await t.json(method, path, undefined, { cookie: who.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as CalendarAddress;
}

/** The feed's path on this server, from the https address. */
const pathOf = (a: CalendarAddress) => FEED_PATH.exec(a.https ?? "")?.[1] ?? "";

const feedRows = async (userId: number) =>
  (
    await t.app.context.database.client.execute({
      sql: "SELECT token_hash, revoked_at FROM calendar_feeds WHERE user_id = ? ORDER BY id",
      args: [userId],
    })
  ).rows;

const save = async (who: Member, schoolId: number) =>
  expect((await t.json("POST", "/api/favorites", { schoolId }, { cookie: who.cookie })).status).toBeLessThan(
    300,
  );

describe("the calendar address", () => {
  it("is made on the first ask, once even when asked for at once, and given again the same", async () => {
    const member = await registerMember(t, "calone");
    const answers = await Promise.all(Array.from({ length: 6 }, () => address(member)));
    const first = answers[0] as CalendarAddress;
    expect(first.https).toMatch(FEED_PATH);
    expect(first.webcal).toBe(`webcal://localhost:3000${pathOf(first)}`);
    for (const a of answers) expect(a).toEqual(first);
    expect(await address(member)).toEqual(first);
    const rows = await feedRows(member.id);
    expect(rows).toHaveLength(1);
    // Only the token's SHA-256 is kept, never the token.
    const token = pathOf(first).slice("/calendar/".length, -".ics".length);
    expect(rows[0]?.token_hash).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await t.request(pathOf(first))).status).toBe(200);
    // The request log names the route, not the token (a lasting key to the member's calendar).
    const logged = logLines.map((l) => JSON.parse(l) as { path?: string }).filter((l) => l.path);
    expect(logged.some((l) => l.path === "/calendar/[token].ics")).toBe(true);
    expect(logLines.join("\n")).not.toContain(token);
  });

  it("is refused to a guest", async () => {
    expect((await t.request("/api/account/calendar")).status).toBe(401);
    expect((await t.json("POST", "/api/account/calendar/rotate")).status).toBe(401);
    expect((await t.json("DELETE", "/api/account/calendar")).status).toBe(401);
  });

  it("is made anew by rotate: the old one then answers 404, as an unknown one does", async () => {
    const member = await registerMember(t, "calrot");
    const old = await address(member);
    const fresh = await address(member, "POST", "/api/account/calendar/rotate");
    expect(fresh.https).toMatch(FEED_PATH);
    expect(fresh.https).not.toBe(old.https);
    expect(await address(member)).toEqual(fresh);
    const gone = await t.request(pathOf(old));
    expect(gone.status).toBe(404);
    const unknown = await t.request(`/calendar/${"a".repeat(32)}.ics`);
    expect(unknown.status).toBe(404);
    // No hint which: the same answer for a revoked address, an unknown one and a malformed one.
    const malformed = await t.request("/calendar/not-a-token.ics");
    expect(malformed.status).toBe(404);
    const texts = [await gone.text(), await unknown.text(), await malformed.text()];
    expect(new Set(texts).size).toBe(1);
    expect((await t.request(pathOf(fresh))).status).toBe(200);
    expect((await feedRows(member.id)).filter((r) => r.revoked_at === null)).toHaveLength(1);
  });

  it("is turned off by DELETE and stays off until a new one is made", async () => {
    const member = await registerMember(t, "caloff");
    const old = await address(member);
    expect(await address(member, "DELETE")).toEqual({ https: null, webcal: null });
    expect((await t.request(pathOf(old))).status).toBe(404);
    // The account page asking again does not turn it back on.
    expect(await address(member)).toEqual({ https: null, webcal: null });
    expect((await feedRows(member.id)).every((r) => r.revoked_at !== null)).toBe(true);
    const fresh = await address(member, "POST", "/api/account/calendar/rotate");
    expect(fresh.https).toMatch(FEED_PATH);
    expect(fresh.https).not.toBe(old.https);
    expect((await t.request(pathOf(fresh))).status).toBe(200);
    expect((await t.request(pathOf(old))).status).toBe(404);
  });
});

describe("the account page", () => {
  it("holds the calendar card, which reads the address after hydration: none in the page's HTML", async () => {
    const member = await registerMember(t, "calpage");
    const made = await address(member);
    const html = await (await t.request("/account", { headers: { cookie: member.cookie } })).text();
    expect(html).toContain(memberCalendarTexts.title);
    expect(html).toContain(memberCalendarTexts.loading);
    expect(html).not.toContain(pathOf(made));
  });
});

describe("the calendar feed", () => {
  it("answers an ETag and 304 to If-None-Match, and a new body when the saved gyms change", async () => {
    const member = await registerMember(t, "caletag");
    const [a, b] = [
      await addSchool(t, { gym: "Etag Gym A", sessions: [[2, "18:00"]] }),
      await addSchool(t, { gym: "Etag Gym B", sessions: [[4, "19:00"]] }),
    ];
    await save(member, a.id);
    const path = pathOf(await address(member));
    const first = await t.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(first.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const body = await first.text();
    expect(body).toContain("Etag Gym A");
    // The same body again (calendar apps poll): the same ETag.
    const again = await t.request(path);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe(body);
    // Gzipped when the app takes it (the kept body's gzip, twice), the same text.
    for (let i = 0; i < 2; i++) {
      const zipped = await t.request(path, { headers: { "accept-encoding": "gzip, deflate" } });
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(zipped.headers.get("etag")).toBe(etag);
      const bytes = Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer()));
      expect(new TextDecoder().decode(bytes)).toBe(body);
    }

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await t.request(path, { headers: { "if-none-match": tag } });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(await res.text()).toBe("");
    }
    expect((await t.request(path, { headers: { "if-none-match": '"other"' } })).status).toBe(200);

    await save(member, b.id);
    const changed = await t.request(path, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("Etag Gym B");
  });

  it("is one member's: another's address gives their own calendar, whatever their ETag", async () => {
    const [one, two] = [await registerMember(t, "calmine"), await registerMember(t, "calyours")];
    const [a, b] = [
      await addSchool(t, { gym: "Only Mine Gym", sessions: [[1, "07:00"]] }),
      await addSchool(t, { gym: "Only Yours Gym", sessions: [[3, "20:00"]] }),
    ];
    await save(one, a.id);
    await save(two, b.id);
    const [pathOne, pathTwo] = [pathOf(await address(one)), pathOf(await address(two))];
    const resOne = await t.request(pathOne);
    const bodyOne = await resOne.text();
    const etagOne = resOne.headers.get("etag") ?? "";
    // Member two's address with member one's ETag: member two's calendar, in full.
    const resTwo = await t.request(pathTwo, { headers: { "if-none-match": etagOne } });
    expect(resTwo.status).toBe(200);
    const bodyTwo = await resTwo.text();
    expect(bodyOne).toContain("Only Mine Gym");
    expect(bodyOne).not.toContain("Only Yours Gym");
    expect(bodyTwo).toContain("Only Yours Gym");
    expect(bodyTwo).not.toContain("Only Mine Gym");
    expect(resTwo.headers.get("cache-control")).toStartWith("private");
    // A session changes nothing: the feed is the token's, not the caller's.
    const withCookie = await t.request(pathTwo, { headers: { cookie: one.cookie } });
    expect(await withCookie.text()).toBe(bodyTwo);
  });

  it("names no member: no username, e-mail or id in the feed", async () => {
    const member = await registerMember(t, "calpii");
    const school = await addSchool(t, { gym: "Private Gym", sessions: [[6, "10:00"]] });
    await save(member, school.id);
    const body = await (await t.request(pathOf(await address(member)))).text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("Private Gym");
    expect(body.toLowerCase()).not.toContain(member.username.toLowerCase());
    expect(body.toLowerCase()).not.toContain(member.email.toLowerCase());
    expect(body.toLowerCase()).not.toContain(member.email.split("@")[0]?.toLowerCase() ?? "@");
    expect(body).not.toContain(`user-${member.id}`);
    expect(body).toContain("X-WR-CALNAME:OpenMat: my open mats");
    expect(TEST_ORIGIN).toBe("http://localhost:3000");
  });
});
