/**
 * The map-first home screen on a 390×844 phone (issue 23): the map fills the screen under the
 * bar; the list is a bottom sheet at three heights, moved by its handle's tap and by a swipe of
 * more than 50 px; 'Open now', 'Today' and 'Tonight' are one tap from the first screen; the
 * other filters open in a sheet; a pin's card is never under the list; a refused location is
 * said in place, with no toast; and axe at every height, and at 1366 px.
 *
 * No test here searches as a guest (home.spec.ts spends the shared guest quota): a day filter
 * gives the list its count.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { homeTexts } from "../../src/common/home-texts";
import { expectNoViolations } from "./support/axe";
import { homeReady, listLinks, sheet, sheetCount, sheetTitle } from "./support/home";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  return box as Box;
};

const toolbar = (page: Page) => page.locator(".home-toolbar");
const handle = (page: Page) => sheet(page).locator(".sheet-handle");
/** The pin's card on a phone (a dialog named by the school, like its details dialog). */
const pinCard = (page: Page) => page.locator(".phone-pin-card");
/** The school's details dialog. */
const details = (page: Page) => page.locator("dialog[open]");
const labels = {
  peek: "Show more of the school list",
  half: "Show the whole school list",
  full: "Fold the school list",
} as const;
type Height = keyof typeof labels;

/** The sheet stands at `height`: its handle says what a tap does next, and its box has settled. */
async function expectHeight(page: Page, height: Height) {
  await expect(sheet(page)).toHaveAttribute("data-height", height);
  await expect(handle(page)).toHaveAccessibleName(labels[height]);
  await expect(handle(page)).toHaveAttribute("aria-expanded", height === "peek" ? "false" : "true");
  // The height eases in over 150 ms: wait until two readings agree.
  let last = -1;
  await expect
    .poll(async () => {
      const top = (await boxOf(sheet(page))).y;
      const settled = Math.abs(top - last) < 0.5;
      last = top;
      return settled;
    })
    .toBe(true);
}

/** The room the sheet moves in: from the bar's bottom to the bottom bar's top. */
async function room(page: Page) {
  const top = (await boxOf(toolbar(page))).y + (await boxOf(toolbar(page))).height;
  const bottom = (await boxOf(page.locator(".bottom-nav"))).y;
  return { top, bottom, height: bottom - top };
}

/** A drag on the handle by `dy` px, as pointer events: down on the handle, up on the window. */
async function swipe(page: Page, dy: number) {
  const box = await boxOf(handle(page));
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await handle(page).dispatchEvent("pointerdown", {
    clientX: x,
    clientY: y,
    pointerType: "touch",
    isPrimary: true,
  });
  await page.evaluate(
    ({ x, y }) =>
      window.dispatchEvent(new PointerEvent("pointerup", { clientX: x, clientY: y, bubbles: true })),
    { x, y: y + dy },
  );
}

/** The element drawn at the middle of `locator` is it or inside it: nothing covers it. */
async function expectUncovered(locator: Locator) {
  const covered = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !(top && (top === el || el.contains(top)));
  });
  expect(covered, "something covers it").toBe(false);
}

async function expectInViewport(page: Page, box: Box) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** Opens the first school's details, then its 'View on Map'; returns its name. */
async function viewFirstOnMap(page: Page): Promise<string> {
  const first = listLinks(page).first();
  const name = ((await first.textContent()) ?? "").trim();
  await first.click();
  await details(page).getByRole("button", { name: "View on Map" }).click();
  await expect(details(page)).toHaveCount(0);
  return name;
}

/** Saturday's schools: a filtered list shows its count ('{n} schools found'). */
async function openSaturday(page: Page) {
  await page.goto("/?days=saturday");
  await homeReady(page);
  await expect(sheetCount(page)).toHaveText(/^\d+ schools? found$/);
}

test("the map fills the screen under the bar; the sheet peeks, then half, then full, by taps", async ({
  page,
}) => {
  await openSaturday(page);
  const space = await room(page);

  // Peek: the map runs from the bar to the sheet's top, the whole width; the sheet shows
  // its title, its count and the first school.
  await expectHeight(page, "peek");
  const map = await boxOf(page.locator(".home-map"));
  const peek = await boxOf(sheet(page));
  expect(map.x).toBe(0);
  expect(Math.round(map.width)).toBe(390);
  expect(Math.abs(map.y - space.top)).toBeLessThanOrEqual(1);
  expect(Math.abs(map.y + map.height - peek.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(peek.y + peek.height - space.bottom)).toBeLessThanOrEqual(1);
  expect(map.height).toBeGreaterThan(space.height * 0.6);
  for (const part of [sheetTitle(page), sheetCount(page), listLinks(page).first()]) {
    await expect(part).toBeInViewport({ ratio: 1 });
    const box = await boxOf(part);
    expect(box.y + box.height).toBeLessThanOrEqual(peek.y + peek.height);
  }

  // A tap: half of the room, over the map (which keeps its size).
  await handle(page).click();
  await expectHeight(page, "half");
  const half = await boxOf(sheet(page));
  expect(Math.abs(half.height - space.height / 2)).toBeLessThanOrEqual(2);
  expect((await boxOf(page.locator(".home-map"))).height).toBe(map.height);

  // Another: all of it, up to the bar, which stays.
  await handle(page).click();
  await expectHeight(page, "full");
  const full = await boxOf(sheet(page));
  expect(Math.abs(full.y - space.top)).toBeLessThanOrEqual(1);
  await expect(page.getByRole("search")).toBeInViewport();

  // And back to peek.
  await handle(page).click();
  await expectHeight(page, "peek");
});

test("a swipe over 50 px moves the sheet one height; a shorter one does not; so do the arrow keys", async ({
  page,
}) => {
  await openSaturday(page);
  await expectHeight(page, "peek");
  await swipe(page, -60);
  await expectHeight(page, "half");
  await swipe(page, -60);
  await expectHeight(page, "full");
  await swipe(page, -200);
  await expectHeight(page, "full");
  await swipe(page, 40);
  await expectHeight(page, "full");
  await swipe(page, 60);
  await expectHeight(page, "half");
  await swipe(page, 60);
  await expectHeight(page, "peek");
  // After a swipe the next tap is a tap again.
  await handle(page).click();
  await expectHeight(page, "half");
  // From the keyboard, the arrow keys on the handle do what a swipe does.
  await handle(page).focus();
  await page.keyboard.press("ArrowUp");
  await expectHeight(page, "full");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expectHeight(page, "peek");
});

test("at every height the list is in the tab order and a focused school is in view", async ({ page }) => {
  await openSaturday(page);
  for (const height of ["peek", "half", "full"] as const) {
    await expectHeight(page, height);
    const links = listLinks(page);
    await links.nth(1).focus();
    await expect(links.nth(1)).toBeFocused();
    await expect(links.nth(1)).toBeInViewport({ ratio: 1 });
    await handle(page).click();
  }
});

test("'Open now', 'Today' and 'Tonight' are one tap from the first screen", async ({ page }) => {
  await page.goto("/");
  await homeReady(page);
  const bar = await boxOf(toolbar(page));
  for (const name of ["Open now", "Today", "Tonight"]) {
    const chip = toolbar(page).getByRole("button", { name, exact: true });
    await expect(chip).toBeInViewport({ ratio: 1 });
    const box = await boxOf(chip);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    await expectUncovered(chip);
  }
  await toolbar(page).getByRole("button", { name: "Open now", exact: true }).tap();
  await expect(page).toHaveURL(/[?&]open=now/);
  await expect(sheetTitle(page)).toHaveText("Open Now");
  await toolbar(page).getByRole("button", { name: "Today", exact: true }).tap();
  await expect(page).toHaveURL(/[?&]open=today/);
  await expect(sheetTitle(page)).toHaveText("Open Today");
  await toolbar(page).getByRole("button", { name: "Tonight", exact: true }).tap();
  await expect(page).toHaveURL(/[?&]open=tonight/);
  await expect(sheetTitle(page)).toHaveText("Open mats tonight");
  // A chip that is on turns off again: the bar has no room for 'Any time'.
  await toolbar(page).getByRole("button", { name: "Tonight", exact: true }).tap();
  await expect(page).not.toHaveURL(/[?&]open=/);
  await expect(sheetTitle(page)).toHaveText("All Schools");
});

test("the filter sheet opens from the bar, applies a rule, and closes with focus back", async ({ page }) => {
  await page.goto("/");
  await homeReady(page);
  // The rules are not in the bar on a phone.
  await expect(toolbar(page).getByRole("button", { name: "Gi", exact: true })).toBeHidden();
  const open = toolbar(page).getByRole("button", { name: "Filters" });
  await expect(open).toBeInViewport({ ratio: 1 });
  await open.tap();
  const filters = page.getByRole("dialog", { name: "Filters" });
  await expect(filters).toBeVisible();
  await expect(open).toHaveAttribute("aria-expanded", "true");
  expect(await filters.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

  const gi = filters.getByRole("button", { name: "Gi", exact: true });
  await gi.tap();
  await expect(gi).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/[?&]rules=gi/);
  await expect(sheetCount(page)).toHaveText(/^\d+ schools? found$/);

  await page.keyboard.press("Escape");
  await expect(filters).toHaveCount(0);
  await expect(open).toBeFocused();
  await expect(open).toHaveText("Filters (1)");
  await expect(open).toHaveAttribute("aria-expanded", "false");
});

test("a pin's card is whole, above the sheet, at each of the sheet's heights", async ({ page }) => {
  await openSaturday(page);
  // 'View on Map' opens the pin's card, as a tap on the pin does, and folds the sheet.
  await handle(page).click();
  await expectHeight(page, "half");
  const name = await viewFirstOnMap(page);
  const card = pinCard(page);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("role", "dialog");
  await expect(card).toHaveAccessibleName(name);
  await expect(card).toBeFocused();
  await expectHeight(page, "peek");
  // Not MapLibre's popup, which the sheet could cover.
  await expect(page.locator(".maplibregl-popup")).toHaveCount(0);
  await expect(card.getByText("Loading details…")).toHaveCount(0);

  for (const height of ["peek", "half", "full"] as const) {
    await expectHeight(page, height);
    const box = await boxOf(card);
    await expectInViewport(page, box);
    expect(box.y + box.height).toBeLessThanOrEqual((await boxOf(sheet(page))).y + 0.5);
    expect(box.y).toBeGreaterThanOrEqual((await room(page)).top - 0.5);
    for (const action of [/^Check In$/, /favorites/, /^Provide Feedback$/, /^Details$/, /^Close$/]) {
      const button = card.getByRole("button", { name: action });
      await expect(button).toBeInViewport({ ratio: 1 });
      await expectUncovered(button);
    }
    if (height !== "full") await handle(page).click();
  }

  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);
});

test("the card's close button closes it and gives focus back; its Details opens the school", async ({
  page,
}) => {
  await openSaturday(page);
  const name = await viewFirstOnMap(page);
  const card = pinCard(page);
  await card.getByRole("button", { name: "Close" }).tap();
  await expect(card).toHaveCount(0);
  // Focus goes back where it was before the card took it: the school's row.
  await expect(listLinks(page).first()).toBeFocused();

  await viewFirstOnMap(page);
  await card.getByRole("button", { name: "Details" }).tap();
  await expect(page).toHaveURL(/[?&]school=\d+/);
  await expect(details(page)).toHaveAccessibleName(name);
});

test("a refused location is said in place, beside the location help, with no toast", async ({ page }) => {
  // No geolocation permission here: the browser refuses the prompt.
  await page.goto("/");
  await homeReady(page);
  const line = sheet(page).locator(".location-state");
  await expect(line.getByRole("status")).toHaveText(homeTexts.locationDenied);
  await expect(line).toBeInViewport();
  await expect(page.getByRole("alert")).toHaveCount(0);
  // The words appear once, in the line: no toast carries them.
  await expect(page.getByText(homeTexts.locationDenied)).toHaveCount(1);

  await line.getByRole("button", { name: "Location help" }).tap();
  await expect(page.getByRole("dialog", { name: "Turn on location access" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test.describe("axe finds no WCAG A/AA violations", () => {
  test("at 390 px with the sheet at each height, and the filter sheet open", async ({ page }) => {
    await openSaturday(page);
    for (const height of ["peek", "half", "full"] as const) {
      await expectHeight(page, height);
      await expectNoViolations(page);
      await handle(page).click();
    }
    await toolbar(page).getByRole("button", { name: "Filters" }).tap();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("at 390 px with a pin's card open", async ({ page }) => {
    await openSaturday(page);
    await viewFirstOnMap(page);
    await expect(pinCard(page).getByText("Loading details…")).toHaveCount(0);
    await expectNoViolations(page);
  });

  test.describe("at 1366 px", () => {
    test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false });

    test("the side panel, the bar's filters all in view, no Filters button", async ({ page }) => {
      await openSaturday(page);
      await expect(toolbar(page).getByRole("button", { name: "Filters" })).toBeHidden();
      await expect(toolbar(page).getByRole("button", { name: "Gi", exact: true })).toBeVisible();
      await expect(toolbar(page).getByRole("button", { name: "Any time" })).toBeVisible();
      await expect(handle(page)).toBeHidden();
      await expectNoViolations(page);
    });
  });
});
