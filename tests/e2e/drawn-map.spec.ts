/**
 * The home map drawn by the server (issue 23), on a phone (390 px, touch): it shows with its
 * pins before any touch and with no MapLibre canvas; a drawn pin opens the pin's card and starts
 * the live map; a touch on the map starts it, and it replaces the drawing at the same zoom; with
 * JavaScript off the drawing still shows, and a pin is a link to the school's details.
 * A member searches (a member's quota is their own, so home.spec's guest count is untouched).
 */
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { newMember, registerViaApi } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { homeReady, mapRegion } from "./support/home";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const AUSTIN = "/?search=Austin%2C+TX";
const LIVE = { timeout: 25_000 };

const drawing = (page: Page) => page.locator(".drawn-map");
const drawnPins = (page: Page) => drawing(page).locator("a.drawn-pin");
const canvas = (page: Page) => page.locator(".home-map canvas");

/** A phone context (signed in as a new member unless told otherwise) that fails the test on any console error. */
async function phone(browser: Browser, options: BrowserContextOptions & { member?: boolean } = {}) {
  const { member = true, ...rest } = options;
  const context = await browser.newContext({ ...PHONE, ...rest });
  if (member) await registerViaApi(context.request, newMember("drawnmap"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return {
    page,
    async close() {
      await context.close();
      expect(errors).toEqual([]);
    },
  };
}

/**
 * A drawn pin a visitor can tap: its head inside the map box and on top there (not under the
 * search bar or the sheet, which the drawing, larger than the box, runs beneath).
 */
async function tappablePin(page: Page) {
  const id = await drawing(page).evaluate((root) => {
    for (const pin of root.querySelectorAll<SVGAElement>("a.drawn-pin")) {
      const head = pin.getBoundingClientRect();
      const hit = document.elementFromPoint(head.x + head.width / 2, head.y + head.height / 3);
      if (hit?.closest("a.drawn-pin") === pin) return pin.dataset.schoolId;
    }
    return null;
  });
  expect(id, "a drawn pin in view").not.toBeNull();
  return drawnPins(page).and(page.locator(`[data-school-id="${id}"]`));
}

/** The drawing's image has loaded, at its own size. */
async function expectImageLoaded(page: Page) {
  const image = drawing(page).locator("img.drawn-map-image");
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test("before any touch: the drawn map and its pins show, and MapLibre has not started", async ({
  browser,
}) => {
  const { page, close } = await phone(browser);
  await page.goto(AUSTIN);
  await homeReady(page);
  await expectImageLoaded(page);
  // The drawing is the map region until the live map comes.
  await expect(mapRegion(page)).toHaveClass(/drawn-map/);
  // The search's own schools: a drawn pin of another school, or a cluster (of every school), would mislead.
  await expect(drawing(page).locator(".drawn-cluster")).toHaveCount(0);
  expect(await drawnPins(page).count()).toBeGreaterThan(0);
  await expect(await tappablePin(page)).toBeVisible();
  // Its pins are links named by their schools, its clusters buttons: axe has nothing to say.
  await expectNoViolations(page);
  // Settled, untouched: still no map library at work.
  await page.waitForTimeout(1500);
  await expect(canvas(page)).toHaveCount(0);
  await expect(page.locator(".school-map")).toHaveCount(0);
  await close();
});

test("tapping a drawn pin opens its card and starts the live map, which replaces the drawing", async ({
  browser,
}) => {
  const { page, close } = await phone(browser);
  await page.goto(AUSTIN);
  await homeReady(page);
  const pin = await tappablePin(page);
  const name = (await pin.getAttribute("aria-label")) ?? "";
  expect(name).not.toBe("");
  await pin.tap();
  // The same card the live map's pins open, headed by the school's name; no navigation.
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/search=Austin/);
  await expect(page).not.toHaveURL(/school=/);
  await expect(canvas(page)).toBeVisible(LIVE);
  await expect(drawing(page)).toHaveCount(0, LIVE);
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  await close();
});

test("a touch on the map starts MapLibre at the drawn view, and the drawing goes", async ({ browser }) => {
  const { page, close } = await phone(browser, { member: false });
  await page.goto("/");
  await homeReady(page);
  await expectImageLoaded(page);
  const zoom = await drawing(page).getAttribute("data-zoom");
  const box = await page.locator(".home-map").boundingBox();
  if (!box) throw new Error("no map box");
  // Beside the marks: a corner of the box.
  await page.touchscreen.tap(box.x + 8, box.y + box.height - 8);
  await expect(canvas(page)).toBeVisible(LIVE);
  await expect(mapRegion(page)).toHaveAttribute("data-map-ready", "true", LIVE);
  await expect(drawing(page)).toHaveCount(0);
  // No jump: the live map opened at the drawing's zoom.
  expect(Number(await mapRegion(page).getAttribute("data-zoom"))).toBe(Number(zoom));
  await close();
});

test("with JavaScript off, the drawn map shows and a pin leads to the school's details", async ({
  browser,
}) => {
  const { page, close } = await phone(browser, { javaScriptEnabled: false });
  await page.goto(AUSTIN);
  await expectImageLoaded(page);
  const pin = await tappablePin(page);
  const name = (await pin.getAttribute("aria-label")) ?? "";
  const href = (await pin.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/\?school=\d+$/);
  await pin.tap();
  await expect(page).toHaveURL(new RegExp(`\\?school=${href.split("=")[1]}$`));
  await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible();
  await close();
});
