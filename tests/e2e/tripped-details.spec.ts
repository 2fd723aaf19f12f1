/**
 * What a new user tripped on (issue 23), at the width where it happened (a 390 px phone):
 * 'You are 482114m away'; distances that do not say from where (and, with location refused,
 * are from the middle of the country); 'View on Map' zooming to a street level the basemap
 * cannot draw; monospace text boxes and an error that stays after its field is fixed in
 * Submit New Open Mat; and Upload Photos saying "No file chosen" beside its previews.
 */
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { EARTH_RADIUS_M } from "../../src/common/schemas/checkins";
import { hydratedIsland, newMember, registerViaApi } from "./support/accounts";
import { AUSTIN, homeReady, listItems, listLinks, mapRegion, sheetTitle } from "./support/home";
import { solidPng } from "./support/images";
import { OPEN_NOW_GYM, type OpenNowServer, startOpenNowServer } from "./support/open-now-server";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const MAP_READY = { timeout: 25_000 };

/** A 390 px phone of its own, signed in as a fresh member (searches spend their quota). */
async function phone(browser: Browser, options: BrowserContextOptions = {}, baseUrl?: string) {
  const context = await browser.newContext({
    ...PHONE,
    ...(baseUrl ? { baseURL: baseUrl } : {}),
    ...options,
  });
  const page = await context.newPage();
  await registerViaApi(page.request, newMember("tripped"), baseUrl);
  return { page, close: () => context.close() };
}

const distances = (page: Page) => listItems(page).locator(".school-distance");

test.describe("'Too far away' in feet", () => {
  let server: OpenNowServer;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    server = await startOpenNowServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("100 m from the gym: 'You are 330 feet away.', not 'You are 100m away.'", async ({ browser }) => {
    const latitude = OPEN_NOW_GYM.latitude + ((100 / EARTH_RADIUS_M) * 180) / Math.PI;
    const position = { latitude, longitude: OPEN_NOW_GYM.longitude, accuracy: 5 };
    const { page, close } = await phone(
      browser,
      { geolocation: position, permissions: ["geolocation"] },
      server.url,
    );
    await page.goto(`/schools/${server.slug}`);
    const island = await hydratedIsland(page, "SchoolCheckIn");
    await island.getByRole("button", { name: "Check In" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Too far away" });
    await expect(toast).toContainText(
      "Too far away: You must be within 200 feet of the gym to check in. You are 330 feet away.",
    );
    await close();
  });
});

test("with location refused the list shows no distance; located, each says 'from your location'", async ({
  browser,
}) => {
  // No permission: the browser refuses the position.
  const refused = await phone(browser);
  await refused.page.goto("/");
  await homeReady(refused.page);
  await expect(listItems(refused.page).first()).toBeVisible();
  await expect(distances(refused.page)).toHaveCount(0);
  await refused.close();

  const located = await phone(browser, { geolocation: AUSTIN, permissions: ["geolocation"] });
  await located.page.goto("/");
  await homeReady(located.page);
  await expect(distances(located.page).first()).toHaveText(/^\d+(\.\d)? mi from your location$/);
  await located.close();
});

test("a searched place's distances say 'from' that place", async ({ browser }) => {
  const { page, close } = await phone(browser);
  await page.goto("/?search=Austin%2C+TX");
  await homeReady(page);
  await expect(sheetTitle(page)).toHaveText("Austin, TX");
  await expect(distances(page).first()).toHaveText(/^\d+(\.\d)? mi from Austin, TX$/);
  await close();
});

test("'View on Map' stops at the basemap's deepest zoom (12), not at street level", async ({ browser }) => {
  const { page, close } = await phone(browser, { geolocation: AUSTIN, permissions: ["geolocation"] });
  await page.goto("/");
  await homeReady(page);
  await expect(mapRegion(page)).toHaveAttribute("data-map-ready", "true", MAP_READY);
  const name = (await listLinks(page).first().textContent())?.trim() ?? "";
  await listLinks(page).first().click();
  // The details dialog, not the phone's pin card that 'View on Map' opens under the same name.
  const viewOnMap = page.getByRole("button", { name: "View on Map" });
  const details = page.getByRole("dialog", { name }).filter({ has: viewOnMap });
  await details.getByRole("button", { name: "View on Map" }).click();
  await expect(details).toHaveCount(0);
  await expect(page.locator(".phone-pin-card").getByRole("heading", { name })).toBeVisible();
  // The flight ends at the map's own limit: the zoom-in button says it can go no closer.
  await expect(mapRegion(page).getByRole("button", { name: "Zoom in" })).toBeDisabled({ timeout: 10_000 });
  const zoom = Number(await mapRegion(page).getAttribute("data-zoom"));
  expect(zoom).toBeGreaterThan(11.9);
  expect(zoom).toBeLessThanOrEqual(12);
  await close();
});

test("Submit New Open Mat: text boxes in the app's font, and a fixed field's error goes", async ({
  browser,
}) => {
  const { page, close } = await phone(browser);
  await page.goto("/about");
  await hydratedIsland(page, "SubmitOpenMat");
  // On a phone the way in is the side menu's 'Submit an Open Mat'.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("dialog", { name: "Menu" })
    .getByRole("button", { name: "Submit an Open Mat" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Submit New Open Mat" });
  await expect(dialog).toBeVisible();
  const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  for (const box of await dialog.locator("textarea").all()) {
    expect(await box.evaluate((el) => getComputedStyle(el).fontFamily)).toBe(bodyFont);
  }

  await dialog.getByRole("button", { name: "Submit", exact: true }).click();
  const gym = dialog.getByLabel("Gym Name *");
  await expect(gym).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Gym name is required")).toBeVisible();
  await gym.fill("Tripped Details BJJ");
  await expect(dialog.getByText("Gym name is required")).toHaveCount(0);
  await expect(gym).not.toHaveAttribute("aria-invalid", "true");
  // The address was not fixed: its error stays.
  await expect(dialog.getByText("Full address is required (Street, City, State)")).toBeVisible();
  await close();
});

test("Upload Photos shows its count and previews, never 'No file chosen'", async ({ browser }) => {
  const { page, close } = await phone(browser);
  await page.goto("/feed");
  const feed = await hydratedIsland(page, "Newsfeed");
  await feed.getByRole("button", { name: "Create Post" }).click();
  const post = page.getByRole("dialog", { name: "Create a Post" });
  await post.getByRole("button", { name: "Add photos" }).click();
  const upload = page.getByRole("dialog", { name: "Upload Photos" });
  const picker = upload.getByLabel("Choose photos");
  await picker.setInputFiles(
    [1, 2, 3].map((n) => ({ name: `mat-${n}.png`, mimeType: "image/png", buffer: solidPng(16 + n) })),
  );
  await expect(upload.getByText("3/4 chosen")).toBeVisible();
  await expect(upload.getByRole("button", { name: /^Remove photo/ })).toHaveCount(3);
  // The native input, which draws "No file chosen" (it is cleared after each choice), takes
  // no room on screen; its label is the button, and a tap on it opens the file chooser.
  const box = await picker.boundingBox();
  expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1).toBe(true);
  const button = upload.locator("label.file-picker-button");
  await expect(button).toBeVisible();
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  expect(chooser.isMultiple()).toBe(true);
  await close();
});
