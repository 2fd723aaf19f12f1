/**
 * Issue 23, "what a new user tripped on", the visual part: the phone feed's summary above the
 * posts (the desktop keeps its side columns); badges drawn as SVG; the profile's '⋯' with a
 * real button's contrast; the 'keep private' box on its label's line; the map popup in the
 * app's font.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { hydratedIsland, newMember, registerViaApi, signedInMember } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { sameOrigin } from "./support/origin";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function memberWithPost(browser: Browser, prefix: string, viewport: typeof PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await registerViaApi(page.request, newMember(prefix));
  const posted = await page.request.post(
    "/api/posts",
    sameOrigin({ data: { content: "Rolled at noon", photos: [], visibility: "Public" } }),
  );
  expect(posted.ok(), await posted.text()).toBe(true);
  await page.goto("/feed");
  for (const island of ["FeedProgress", "FeedSaved", "Newsfeed"]) await hydratedIsland(page, island);
  return { page, close: () => context.close() };
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, "the element has a box").not.toBeNull();
  return found as NonNullable<typeof found>;
};

/** The 'keep private' box and its label: their vertical centres within 4 px, side by side. */
async function expectKeepPrivateOnOneLine(page: Page) {
  const checkbox = page.getByRole("checkbox", { name: "Keep my badge progress private" });
  await expect(checkbox).toBeVisible();
  const input = await box(checkbox);
  const label = await box(page.locator("label", { hasText: "Keep my badge progress private" }));
  expect(Math.abs(input.y + input.height / 2 - (label.y + label.height / 2))).toBeLessThanOrEqual(4);
  expect(label.x).toBeGreaterThan(input.x + input.width - 1);
}

/** Every badge picture in `scope` is an <svg> drawn with a size; no emoji in its text. */
async function expectDrawnBadges(scope: Locator, atLeast: number) {
  const icons = scope.locator("svg.badge-icon");
  expect(await icons.count()).toBeGreaterThanOrEqual(atLeast);
  for (const icon of await icons.all()) {
    const size = await box(icon);
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
  }
  expect(await scope.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
}

test("at 390 px the feed's summary sits above the first post, and a tile opens its panel", async ({
  browser,
}) => {
  const m = await memberWithPost(browser, "tvphone", PHONE);
  const summaries = m.page.locator(".feed-summary");
  await expect(summaries).toHaveCount(2);
  const firstPost = m.page.getByRole("article").first();
  await expect(firstPost).toContainText("Rolled at noon");
  const postTop = (await box(firstPost)).y;
  for (const summary of await summaries.all()) {
    await expect(summary).toBeVisible();
    expect((await box(summary)).y).toBeLessThan(postTop);
  }
  // The two groups make one row of four tiles, each with its number.
  const tiles = m.page.locator(".feed-tile");
  await expect(tiles).toHaveCount(4);
  const tops = await Promise.all((await tiles.all()).map(async (t) => Math.round((await box(t)).y)));
  expect(new Set(tops).size).toBe(1);
  await expect(m.page.getByRole("button", { name: "Saved 0" })).toBeVisible();
  await expect(m.page.getByRole("button", { name: "Check-ins 0" })).toBeVisible();
  // The panels wait behind their tiles: none above or after the endless feed.
  await expect(m.page.getByRole("heading", { name: "Badge Progress" })).toBeHidden();
  await expect(m.page.getByRole("heading", { name: "Saved Schools" })).toBeHidden();

  const badges = m.page.getByRole("button", { name: /^Badges/ });
  await expect(badges).toHaveAttribute("aria-expanded", "false");
  await badges.click();
  await expect(badges).toHaveAttribute("aria-expanded", "true");
  const panel = m.page.getByRole("heading", { name: "Badge Progress" });
  await expect(panel).toBeVisible();
  const panelTop = (await box(panel)).y;
  expect(panelTop).toBeGreaterThan((await box(badges)).y);
  expect(panelTop).toBeLessThan((await box(firstPost)).y);
  await expectDrawnBadges(m.page.locator(".feed-panel", { has: panel }), 1);
  await expectKeepPrivateOnOneLine(m.page);

  await m.page.getByRole("button", { name: "Saved 0" }).click();
  await expect(m.page.getByRole("heading", { name: "Saved Schools" })).toBeVisible();
  await expectNoViolations(m.page);
  await badges.click();
  await expect(panel).toBeHidden();
  await m.close();
});

test("at 1366 px the feed keeps its side columns and no summary", async ({ browser }) => {
  const m = await memberWithPost(browser, "tvdesk", DESKTOP);
  await expect(m.page.locator(".feed-summary").first()).toBeHidden();
  const news = await box(m.page.getByRole("heading", { name: "Newsfeed" }));
  for (const name of ["Location", "Badge Progress", "Saved Schools", "Past Check-ins"]) {
    const heading = m.page.getByRole("heading", { name, exact: true });
    await expect(heading).toBeVisible();
    // Beside the newsfeed, not above or under it.
    expect((await box(heading)).x + 100).toBeLessThan(news.x);
  }
  await expectDrawnBadges(m.page.getByRole("region", { name: "Badge Progress" }), 1);
  await expectKeepPrivateOnOneLine(m.page);
  // Where the side columns are narrowest, the label once took a line of its own.
  await m.page.setViewportSize({ width: 1024, height: 900 });
  await expectKeepPrivateOnOneLine(m.page);
  await m.close();
});

test("the profile's badges are drawn as SVG", async ({ browser }) => {
  const m = await signedInMember(browser, "tvprof");
  await m.page.setViewportSize(PHONE);
  await m.page.goto("/profile");
  const badges = await hydratedIsland(m.page, "ProfileBadges");
  await expect(badges.getByRole("heading", { name: "Next Closest Badges" })).toBeVisible();
  await expectDrawnBadges(badges, 1);
  await m.close();
});

/** WCAG's relative luminance and contrast ratio of two `rgb()`/`rgba()` colours. */
function contrast(a: string, b: string) {
  const lum = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

test("the profile's '⋯' has a button's contrast, a name and a focus ring", async ({ browser }) => {
  const owner = await signedInMember(browser, "tvdots");
  const viewer = await signedInMember(browser, "tvseer");
  await viewer.page.setViewportSize(PHONE);
  await viewer.page.goto(`/users/${owner.id}`);
  const actions = await hydratedIsland(viewer.page, "ProfileActions");
  const more = actions.getByRole("button", { name: `More actions for @${owner.member.username}` });
  await expect(more).toBeVisible();
  const colours = await more.evaluate((el) => {
    const style = getComputedStyle(el);
    // The colour behind it: its own background, else the first ancestor's that is not transparent.
    let behind = "rgb(255, 255, 255)";
    for (let node: Element | null = el; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") {
        behind = bg;
        break;
      }
    }
    let around = "rgb(255, 255, 255)";
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") {
        around = bg;
        break;
      }
    }
    return {
      colour: style.color,
      behind,
      border: style.borderTopColor,
      borderWidth: Number.parseFloat(style.borderTopWidth),
      around,
    };
  });
  // The dots against the button, and the button's edge against the page (WCAG 1.4.11: 3:1).
  expect(contrast(colours.colour, colours.behind)).toBeGreaterThanOrEqual(3);
  expect(colours.borderWidth).toBeGreaterThanOrEqual(1);
  expect(contrast(colours.border, colours.around)).toBeGreaterThanOrEqual(3);
  await more.focus();
  await viewer.page.keyboard.press("Shift+Tab");
  await viewer.page.keyboard.press("Tab");
  await expect(more).toBeFocused();
  const ring = await more.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      outline: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      shadow: style.boxShadow,
    };
  });
  expect(ring.outline).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.shadow).not.toBe("none");
  await owner.close();
  await viewer.close();
});

test("a pin's popup takes the app's font, not the one MapLibre gives its map", async ({ browser }) => {
  // The page's CSP allows no inline style; the test's own stylesheet below needs one.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto("/about");
  // MapLibre's own stylesheet, added after the app's as the map adds it at run time, around a
  // popup as MapLibre builds it (map > popup > content) holding the island's pin card.
  const maplibreCss = readFileSync(
    join(process.cwd(), "node_modules/maplibre-gl/dist/maplibre-gl.css"),
    "utf8",
  );
  await page.addStyleTag({ content: maplibreCss });
  await page.evaluate(() => {
    const map = document.createElement("div");
    map.className = "maplibregl-map";
    map.innerHTML =
      '<div class="maplibregl-popup maplibregl-popup-anchor-bottom"><div class="maplibregl-popup-tip"></div>' +
      '<div class="maplibregl-popup-content"><article class="popup-card"><h3 class="popup-title">Alpha BJJ</h3>' +
      "<p>Sat 10:00 AM – 12:00 PM</p></article></div></div>";
    document.querySelector("main")?.append(map);
  });
  const fonts = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    map: getComputedStyle(document.querySelector(".maplibregl-map") as Element).fontFamily,
    card: getComputedStyle(document.querySelector(".popup-card") as Element).fontFamily,
    title: getComputedStyle(document.querySelector(".popup-title") as Element).fontFamily,
  }));
  // The check bites: MapLibre's stylesheet did give the map its own font.
  expect(fonts.map).not.toBe(fonts.body);
  expect(fonts.card).toBe(fonts.body);
  expect(fonts.title).toBe(fonts.body);
  await context.close();
});
