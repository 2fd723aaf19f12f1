/**
 * What a new user tripped on (issue 23) on the home screen, at 390 px: with Open now or Saved Gyms
 * on, rows lost their city and times, the title stayed 'All Schools' and the map did not move
 * to the results; a guest refused by the daily search limit saw an empty map and list. Both run on a
 * server of their own (the demo schools plus one open now in Manhattan; a guest limit of one search), so the
 * shared server's guest quota, which home.spec.ts counts, is untouched.
 */
import { expect, test } from "@playwright/test";
import { homeTexts } from "../../src/common/home-texts";
import { newMember, registerViaApi } from "./support/accounts";
import {
  homeReady,
  listItems,
  listLinks,
  mapRegion,
  searchBox,
  searchForm,
  sheetTitle,
} from "./support/home";
import { OPEN_NOW_GYM, type OpenNowServer, startOpenNowServer } from "./support/open-now-server";
import { sameOrigin } from "./support/origin";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

let server: OpenNowServer;
test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startOpenNowServer({ SEARCH_LIMIT_GUEST: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("Open now and Saved Gyms: rows keep city and times, the title says what is shown, the map fits them", async ({
  browser,
}) => {
  // A member's writes must come from the server's own origin: a context based on it.
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  await registerViaApi(page.request, newMember("trippedhome"), server.url);
  const saved = await page.request.post(
    `${server.url}/api/favorites`,
    sameOrigin({ data: { schoolId: server.schoolId } }, server.url),
  );
  expect(saved.ok()).toBe(true);
  await page.goto(`${server.url}/`);
  await homeReady(page);
  await expect(sheetTitle(page)).toHaveText("All Schools");
  // On a phone the map library starts when the visitor reaches for the drawn map (issue 23).
  await page.locator(".home-map").dispatchEvent("touchstart");
  const map = mapRegion(page);
  await expect(map).toHaveAttribute("data-map-ready", "true", { timeout: 25_000 });
  const zoomBefore = Number(await map.getAttribute("data-zoom"));

  // Open now: the rows keep their city and times, and the title says so.
  await page.getByRole("button", { name: "Open now", exact: true }).click();
  await expect(page).toHaveURL(/[?&]open=now/);
  await expect(sheetTitle(page)).toHaveText("Open Now");
  const row = listItems(page).filter({ hasText: OPEN_NOW_GYM.gym });
  await expect(row.locator(".school-place")).toHaveText("New York, NY");
  await expect(row.locator(".school-schedule")).toContainText(/\d:\d\d/);
  await expect(row.locator(".school-confirmed")).toHaveCount(1);

  // Saved Gyms too: only the one saved gym, and the map flies to it from the whole country.
  // On a phone it is in the Filters sheet (issue 23).
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("dialog", { name: "Filters" }).getByRole("button", { name: "Saved Gyms" }).click();
  await expect(page).toHaveURL(/[?&]saved=1/);
  await page.keyboard.press("Escape");
  await expect(sheetTitle(page)).toHaveText("Saved Gyms, Open Now");
  await expect(listLinks(page)).toHaveText([OPEN_NOW_GYM.gym]);
  await expect(listItems(page).locator(".school-place")).toHaveText("New York, NY");
  await expect
    .poll(async () => Number(await map.getAttribute("data-zoom")), { timeout: 15_000 })
    .toBeGreaterThan(Math.max(zoomBefore, 8));
  await context.close();
});

test("a guest refused by the daily search limit keeps the previous results", async ({ page }) => {
  await page.goto(`${server.url}/`);
  await homeReady(page);
  await searchBox(page).fill(OPEN_NOW_GYM.gym);
  await searchForm(page).getByRole("button", { name: "Search" }).click();
  await expect(listLinks(page)).toHaveText([OPEN_NOW_GYM.gym]);

  await searchBox(page).fill("Boston, MA");
  await searchForm(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("alert").filter({ hasText: homeTexts.searchLimitTitle })).toBeVisible();
  // The toast does not empty the list: the previous result stays, in the list and on the map.
  await expect(listLinks(page)).toHaveText([OPEN_NOW_GYM.gym]);
  await expect(page.getByText(homeTexts.emptyTitle)).toHaveCount(0);
});
