/**
 * Issue 23: a browser in Los Angeles, against a server in UTC, reads /feed, /profile, its own
 * /users/{id} and another member's page with no console error at all (React's hydration error
 * was one on each, for the times of posts, check-ins and badges). The member has a post, a
 * verified check-in at a New York gym and the badge it earned; the other member hides their
 * check-in gyms, so their check-in has no gym zone to be written in; the member shares their
 * badges, so the other reads their earned dates. The other member's visits are at 390 px.
 * The messages list and a conversation, /account, / and a school page are read the same way.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { hydratedIsland, newMember, registerViaApi } from "./support/accounts";
import { OPEN_NOW_GYM, type OpenNowServer, startOpenNowServer } from "./support/open-now-server";
import { sameOrigin } from "./support/origin";

const ZONE = "America/Los_Angeles";
test.use({ timezoneId: ZONE });
test.describe.configure({ mode: "serial" });

let server: OpenNowServer;
test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startOpenNowServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const atGym = { latitude: OPEN_NOW_GYM.latitude, longitude: OPEN_NOW_GYM.longitude, accuracy: 5 };

/** A member in Los Angeles's zone with a post, a verified check-in at the gym and its badge. */
async function memberWithHistory(browser: Browser, prefix: string, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({
    baseURL: server.url,
    timezoneId: ZONE,
    viewport,
    geolocation: atGym,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await registerViaApi(page.request, newMember(prefix), server.url);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: number } };
  const post = await page.request.post(
    "/api/posts",
    sameOrigin(
      { data: { content: `Rolled tonight (${prefix})`, visibility: "Public", photos: [] } },
      server.url,
    ),
  );
  expect(post.status(), await post.text()).toBe(201);
  const checkin = await page.request.post(
    "/api/checkins",
    sameOrigin({ data: { schoolId: server.schoolId, ...atGym } }, server.url),
  );
  expect(checkin.status(), await checkin.text()).toBe(201);
  const created = (await checkin.json()) as { verified: boolean; newBadges: unknown[] };
  expect(created.verified).toBe(true);
  expect(created.newBadges.length).toBeGreaterThan(0);
  return { page, id: me.user.id, close: () => context.close() };
}

/** Every console error and uncaught page error from here on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Opens `path`, waits for its islands to hydrate and the page to settle. */
async function visit(page: Page, path: string, islands: string[]) {
  await page.goto(path);
  for (const name of islands) await hydratedIsland(page, name);
  await page.waitForLoadState("networkidle");
}

const profileIslands = ["ProfileBadges", "ProfileActivity", "ProfilePosts"];

test("in Los Angeles: /feed, /profile and /users/{id} with no console error, at 1366 and 390 px", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const ana = await memberWithHistory(browser, "tzana");
  const bo = await memberWithHistory(browser, "tzbo", { width: 390, height: 844 });
  // Bo hides their check-in gyms: Ana reads a check-in with no gym, so no gym zone.
  const hide = await bo.page.request.patch(
    "/api/settings",
    sameOrigin({ data: { showCheckInGymNames: false } }, server.url),
  );
  expect(hide.status(), await hide.text()).toBe(200);
  // Ana shares her badges: Bo reads their earned dates on her page.
  const share = await ana.page.request.patch(
    "/api/settings",
    sameOrigin({ data: { showBadgeCount: true } }, server.url),
  );
  expect(share.status(), await share.text()).toBe(200);
  try {
    const anaErrors = collectErrors(ana.page);
    expect(await ana.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(ZONE);

    await visit(ana.page, "/feed", ["FeedProgress", "FeedSaved", "Newsfeed"]);
    await expect(ana.page.locator(".checkin-item").first()).toContainText(OPEN_NOW_GYM.gym);
    await visit(ana.page, "/profile", profileIslands);
    await expect(ana.page.locator(".badge-item").first()).toContainText("Earned");
    await expect(ana.page.locator(".checkin-item").first()).toContainText("Verified");
    await visit(ana.page, `/users/${ana.id}`, profileIslands);
    await visit(ana.page, `/users/${bo.id}`, profileIslands);
    await expect(ana.page.locator(".checkin-item").first()).toContainText("Verified");
    expect(anaErrors).toEqual([]);

    // At 390 px: Bo's own feed and profile, and Ana's page.
    const boErrors = collectErrors(bo.page);
    await visit(bo.page, "/feed", ["FeedProgress", "FeedSaved", "Newsfeed"]);
    await visit(bo.page, "/profile", profileIslands);
    await visit(bo.page, `/users/${ana.id}`, profileIslands);
    await expect(bo.page.locator(".badge-item").first()).toContainText("Earned");
    expect(boErrors).toEqual([]);
  } finally {
    await ana.close();
    await bo.close();
  }
});

test("in Los Angeles: /messages, a conversation, /account, / and a school page with no console error", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const ana = await memberWithHistory(browser, "tzcy");
  // Dee, at 390 px, with no history: the one Ana writes to.
  const context = await browser.newContext({
    baseURL: server.url,
    timezoneId: ZONE,
    viewport: { width: 390, height: 844 },
  });
  const dee = await context.newPage();
  await registerViaApi(dee.request, newMember("tzdee"), server.url);
  const deeId = ((await (await dee.request.get("/api/auth/me")).json()) as { user: { id: number } }).user.id;
  try {
    const opened = await ana.page.request.post(
      `/api/conversations/with/${deeId}`,
      sameOrigin({}, server.url),
    );
    expect(opened.status(), await opened.text()).toBeLessThan(300);
    const { id } = (await opened.json()) as { id: number };
    const sent = await ana.page.request.post(
      `/api/conversations/${id}/messages`,
      sameOrigin({ data: { body: "Open mat tonight?" } }, server.url),
    );
    expect(sent.status(), await sent.text()).toBe(201);

    const anaErrors = collectErrors(ana.page);
    await visit(ana.page, "/messages", ["Messages"]);
    await visit(ana.page, `/messages/${id}`, ["Conversation"]);
    await visit(ana.page, "/account", ["AccountSettings"]);
    await visit(ana.page, `/schools/${server.slug}`, ["SchoolCheckIn"]);
    await visit(ana.page, "/", ["HomeScreen"]);
    expect(anaErrors).toEqual([]);

    const deeErrors = collectErrors(dee);
    await visit(dee, "/messages", ["Messages"]);
    await visit(dee, `/messages/${id}`, ["Conversation"]);
    await visit(dee, `/schools/${server.slug}`, ["SchoolCheckIn"]);
    await visit(dee, "/", ["HomeScreen"]);
    expect(deeErrors).toEqual([]);
  } finally {
    await ana.close();
    await context.close();
  }
});
