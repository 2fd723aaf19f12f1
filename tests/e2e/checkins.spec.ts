/**
 * Check-ins end to end, in Chromium with an emulated position, against a binary of its own
 * whose one school has an open mat now by the server's clock (support/open-now-server.ts):
 * a guest is asked to sign in; 100 m away is 'Too far away'; no permission is 'Location
 * required'; at the gym the check-in succeeds, the first badge is celebrated once, the button
 * turns into 'Checked in today' (also after a reload) and the profile lists the badge and the
 * verified check-in, which the owner deletes. axe checks the school page and the profile.
 */
import { createClient } from "@libsql/client";
import { type Browser, expect, test } from "@playwright/test";
import { checkinMessages, EARTH_RADIUS_M, FEED_RECENT_CHECKINS } from "../../src/common/schemas/checkins";
import { hydratedIsland, newMember, registerViaApi } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { OPEN_NOW_GYM, type OpenNowServer, startOpenNowServer } from "./support/open-now-server";

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
const northOf = (meters: number) => ({
  ...atGym,
  latitude: atGym.latitude + ((meters / EARTH_RADIUS_M) * 180) / Math.PI,
});

async function memberAt(browser: Browser, position: typeof atGym | null, signedIn = true) {
  const context = await browser.newContext({
    baseURL: server.url,
    ...(position ? { geolocation: position, permissions: ["geolocation"] } : {}),
  });
  const page = await context.newPage();
  if (signedIn) await registerViaApi(page.request, newMember("checkin"), server.url);
  return { page, close: () => context.close() };
}

const schoolPath = () => `/schools/${server.slug}`;

test("a guest's Check In asks them to sign in", async ({ browser }) => {
  const { page, close } = await memberAt(browser, atGym, false);
  await page.goto(schoolPath());
  const island = await hydratedIsland(page, "SchoolCheckIn");
  await island.getByRole("button", { name: "Check In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In Required" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    `/login?next=${encodeURIComponent(schoolPath())}`,
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await close();
});

test("100 m away: 'Too far away' in a 'Check-in failed' toast", async ({ browser }) => {
  const { page, close } = await memberAt(browser, northOf(100));
  await page.goto(schoolPath());
  const island = await hydratedIsland(page, "SchoolCheckIn");
  await island.getByRole("button", { name: "Check In" }).click();
  const toast = page.getByRole("alert").filter({ hasText: checkinMessages.failed });
  await expect(toast).toContainText(checkinMessages.tooFar(100));
  await expect(island.getByRole("button", { name: "Check In" })).toBeEnabled();
  await close();
});

test("without location permission: 'Location required'", async ({ browser }) => {
  const { page, close } = await memberAt(browser, null);
  await page.goto(schoolPath());
  const island = await hydratedIsland(page, "SchoolCheckIn");
  await island.getByRole("button", { name: "Check In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: checkinMessages.failed })).toContainText(
    checkinMessages.locationRequired,
  );
  await close();
});

test("at the gym during the open mat: checked in, the badge celebrated once, shown on the profile", async ({
  browser,
}) => {
  const { page, close } = await memberAt(browser, atGym);
  await page.goto(schoolPath());
  const island = await hydratedIsland(page, "SchoolCheckIn");
  await expectNoViolations(page);
  // Keyboard: focus the button and press Enter.
  await island.getByRole("button", { name: "Check In" }).focus();
  await page.keyboard.press("Enter");

  const celebration = page.getByRole("dialog", { name: "Congratulations! You've earned a badge!" });
  await expect(celebration).toBeVisible();
  await expect(celebration.getByRole("button", { name: "Continue Exploring!" })).toBeFocused();
  await expectNoViolations(page);
  await celebration.getByRole("button", { name: "Continue Exploring!" }).click();
  await expect(celebration).toBeHidden();
  await expect(island.getByRole("button", { name: checkinMessages.checkedInToday })).toBeDisabled();

  // After a reload: still checked in today, and the badge is not celebrated again.
  await page.reload();
  const again = await hydratedIsland(page, "SchoolCheckIn");
  await expect(again.getByRole("button", { name: checkinMessages.checkedInToday })).toBeDisabled();
  await page.waitForLoadState("networkidle");
  await expect(celebration).toBeHidden();

  // The profile: the badge with its date, next closest badges, and the verified check-in.
  await page.goto("/profile");
  const badges = await hydratedIsland(page, "ProfileBadges");
  await expect(badges.locator(".badge-item").first()).toContainText("Earned");
  await expect(badges.getByRole("heading", { name: "Next Closest Badges" })).toBeVisible();
  await expect(badges.getByRole("progressbar").first()).toBeVisible();
  const activity = await hydratedIsland(page, "ProfileActivity");
  const item = activity.locator(".checkin-item").filter({ hasText: OPEN_NOW_GYM.gym });
  await expect(item).toContainText("New York");
  await expect(item).toContainText("Verified");
  await expectNoViolations(page);
  await item.getByRole("button", { name: /^Delete check-in at Open Now Jiu Jitsu/ }).click();
  await expect(activity.locator(".checkin-item")).toHaveCount(0);
  await close();
});

test("the feed's Past Check-ins lists the newest 10, and all of them from the keyboard", async ({
  browser,
}) => {
  const { page, close } = await memberAt(browser, atGym);
  const { id } = ((await (await page.request.get("/api/auth/me")).json()) as { user: { id: number } }).user;
  // A regular's past open mats: one verified check-in a day for the 12 days before today.
  const db = createClient({ url: server.databaseUrl });
  const day = 86_400_000;
  for (let ago = 1; ago <= 12; ago++) {
    const at = Date.now() - ago * day;
    await db.execute({
      sql: `INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified, distance_meters, session_id)
        VALUES (?, ?, ?, ?, 1, 5, NULL)`,
      args: [id, server.schoolId, at, new Date(at - 5 * 3_600_000).toISOString().slice(0, 10)],
    });
  }
  db.close();
  await page.goto("/feed");
  const saved = await hydratedIsland(page, "FeedSaved");
  const panel = saved.getByRole("region", { name: "Past Check-ins" });
  await expect(panel.locator(".checkin-item")).toHaveCount(FEED_RECENT_CHECKINS);
  const more = panel.getByRole("button", { name: "Show all 12 check-ins" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(panel.locator(".checkin-item")).toHaveCount(12);
  const fewer = panel.getByRole("button", { name: "Show fewer" });
  await expect(fewer).toBeFocused();
  await expect(fewer).toHaveAttribute("aria-expanded", "true");
  await expectNoViolations(page);
  await page.keyboard.press("Enter");
  await expect(panel.locator(".checkin-item")).toHaveCount(FEED_RECENT_CHECKINS);
  await expect(more).toBeFocused();
  await close();
});
