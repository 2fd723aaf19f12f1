/**
 * The home screen end to end: the first HTML without JavaScript, the map arriving after the
 * first paint without any interaction, search with suggestions, day filters, the detail dialog by keyboard, saving a
 * gym as a guest through sign-in, the guest's daily search limit, the phone and desktop
 * layouts, and axe's WCAG A/AA checks.
 *
 * Search quotas are per member, and per client IP for guests: every test shares 127.0.0.1.
 * So every search here is a fresh member's (15 a day each), except in the one test that
 * spends the guest quota on purpose; no other spec searches as a guest.
 */
import { expect, type Page, type Response, test } from "@playwright/test";
import { header, newMember, registerViaApi, signInForm, submitSignIn } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import {
  AUSTIN,
  dayChip,
  dayChips,
  expectMapMatchesList,
  homeReady,
  listedNames,
  listItems,
  listLinks,
  mapPinNames,
  mapRegion,
  searchBox,
  searchForm,
  sheet,
  sheetCount,
  sheetTitle,
  shownCount,
  submitSearch,
  suggestions,
  watchMapPins,
} from "./support/home";

/** MapLibre draws through SwiftShader here: a few seconds, more when both workers draw maps. */
const MAP_READY = { timeout: 25_000 };

// The visitor is in Austin: the first list is the 15 schools nearest to them, and no
// permission prompt ever waits.
test.use({ permissions: ["geolocation"], geolocation: AUSTIN });

const signIn = (page: Page) => registerViaApi(page.request, newMember("home"));
const searchUrl = (text: string) => `/?search=${encodeURIComponent(text).replaceAll("%20", "+")}`;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the first HTML has the title, search, day chips and 15 schools; the search form works", async ({
    page,
  }) => {
    // Signed in, so this search spends the member's quota, not the shared guest one.
    await signIn(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Open Mats Near You");
    await expect(searchForm(page).getByRole("button", { name: "Search" })).toBeVisible();
    await expect(searchBox(page)).toBeVisible();
    await expect(dayChips(page).getByRole("button")).toHaveText([
      "All",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
      "Sun",
    ]);
    await expect(dayChip(page, "All")).toHaveAttribute("aria-pressed", "true");
    await expect(sheetTitle(page)).toHaveText("All Schools");
    await expect(listItems(page)).toHaveCount(15);
    await expect(sheetCount(page)).toHaveText("");

    await searchBox(page).fill("Austin, TX");
    await searchForm(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(searchUrl("Austin, TX"));
    await expect(sheetTitle(page)).toHaveText("Austin, TX");
    await expect(sheetCount(page)).toHaveText(/^\d+ schools? found$/);
    const count = await shownCount(page);
    expect(count).toBeGreaterThan(0);
    await expect(listItems(page)).toHaveCount(count ?? 0);
    for (const place of await listItems(page).locator(".school-place").allTextContents()) {
      expect(place).toMatch(/, TX$/);
    }
  });
});

test("the map starts after the first paint, draws every school and reads PMTiles by Range", async ({
  page,
}) => {
  await watchMapPins(page);
  const responses: Response[] = [];
  page.on("response", (response) => responses.push(response));

  const documentResponse = await page.goto("/");
  await homeReady(page);
  await expect(listItems(page)).toHaveCount(15);
  await expect(mapRegion(page)).toHaveAttribute("data-map-ready", "true", MAP_READY);

  // Pins: every demo school (about 1,250) is on the map when nothing is filtered.
  const pins = await mapPinNames(page);
  expect(pins?.length ?? 0).toBeGreaterThan(1000);

  // The map chunk is the script that carries MapLibre.
  const mapAssets: Response[] = [];
  for (const response of responses) {
    const path = new URL(response.url()).pathname;
    const isScript = response.request().resourceType() === "script";
    // The drawn first view's image (/basemap/drawn/, issue 23) is the page's own, not MapLibre's.
    const drawn = path.startsWith("/basemap/drawn/");
    if ((path.startsWith("/basemap/") && !drawn) || /\/maplibre-gl-[^/]*\.css$/.test(path))
      mapAssets.push(response);
    else if (isScript && (await response.text()).includes("maplibre")) mapAssets.push(response);
  }
  // One of them is the chunk in /assets/: the first HTML names it for a prefetch once the page
  // has loaded, so it is in the cache when the map starts, without competing with the first
  // view or being compiled while the page starts (issue 23).
  const mapChunks = mapAssets.filter((r) => /^\/assets\/chunk-[^/]+\.js$/.test(new URL(r.url()).pathname));
  expect(mapChunks).toHaveLength(1);
  const html = (await documentResponse?.text()) ?? "";
  const later = JSON.parse(
    html.match(/<script type="application\/json" id="prefetch-after-load">(.*?)<\/script>/)?.[1] ?? "[]",
  );
  for (const chunk of mapChunks) expect(later).toContain(new URL(chunk.url()).pathname);
  expect(
    await page
      .locator(`head link[rel="prefetch"][href="${new URL(mapChunks[0]?.url() ?? "").pathname}"]`)
      .count(),
  ).toBe(1);

  // The list is in the first HTML, so it is on screen at the first contentful paint; MapLibre
  // starts after that paint, so every request it makes (its stylesheet, the basemap archive
  // and fonts) starts after it too.
  const firstPaint = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    return fcp ? performance.timeOrigin + fcp.startTime : null;
  });
  expect(firstPaint).not.toBeNull();
  const early = mapAssets
    .filter((r) => !mapChunks.includes(r) && r.request().timing().startTime < (firstPaint ?? 0))
    .map((r) => r.url());
  expect(early).toEqual([]);

  // PMTiles reads only the byte ranges it needs: every archive request is a 206 answer to a Range.
  const archive = mapAssets.filter((r) => new URL(r.url()).pathname.endsWith(".pmtiles"));
  expect(archive.length).toBeGreaterThan(0);
  for (const response of archive) {
    expect(response.status(), response.url()).toBe(206);
    expect(await response.request().headerValue("range")).toMatch(/^bytes=\d+-\d+$/);
  }
});

test("with no interaction at all, the map and every school's pin appear", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".home-map canvas")).toBeVisible(MAP_READY);
  // The map marks how many schools its drawn pins came from: all demo schools, not the first 15.
  await expect
    .poll(async () => Number((await mapRegion(page).getAttribute("data-pins-drawn")) ?? 0), MAP_READY)
    .toBeGreaterThan(1000);
  await expect(page.getByText("Loading map…")).toHaveCount(0);
});
test("search by combobox: suggestions from 2 characters, picked by keyboard; list and map agree", async ({
  page,
}) => {
  await signIn(page);
  await watchMapPins(page);
  const suggestionQueries: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/suggestions") suggestionQueries.push(url.searchParams.get("query") ?? "");
  });
  await page.goto("/");
  await homeReady(page);
  const box = searchBox(page);

  // One character: no suggestions, not even asked for (after the 300 ms pause).
  await box.pressSequentially("A");
  await page.waitForTimeout(600);
  await expect(suggestions(page)).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  expect(suggestionQueries).toEqual([]);

  // Two: the list opens.
  await box.pressSequentially("u");
  await expect(suggestions(page)).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(suggestions(page).getByRole("option", { name: "Austin, TX" })).toBeVisible();
  expect(suggestionQueries.every((q) => q.length >= 2)).toBe(true);

  await box.pressSequentially("stin, T");
  const options = suggestions(page).getByRole("option");
  await expect(options).toHaveText(["Austin, TX"]);
  await box.press("ArrowDown");
  const austin = suggestions(page).getByRole("option", { name: "Austin, TX" });
  await expect(austin).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await austin.getAttribute("id")) ?? "");
  await box.press("Enter");

  await expect(page).toHaveURL(searchUrl("Austin, TX"));
  await expect(box).toHaveValue("Austin, TX");
  await expect(suggestions(page)).toBeHidden();
  await expect(sheetTitle(page)).toHaveText("Austin, TX");
  await expect(sheetCount(page)).toHaveText(/^\d+ schools? found$/);
  await homeReady(page);
  const count = (await shownCount(page)) ?? 0;
  expect(count).toBeGreaterThan(0);
  await expect(listItems(page)).toHaveCount(count);
  for (const place of await listItems(page).locator(".school-place").allTextContents()) {
    expect(place).toMatch(/, TX$/);
  }

  await expect(mapRegion(page)).toHaveAttribute("data-map-ready", "true", MAP_READY);
  await expectMapMatchesList(page);
  expect((await mapPinNames(page))?.length).toBe(count);
});

const WEEK = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/** Whether a row's schedule lists Saturday: by name, or inside a range such as "Mon–Sun" or "Fri–Sun". */
function namesSaturday(schedule: string): boolean {
  if (/\bSat\b/.test(schedule)) return true;
  return [...schedule.matchAll(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)–(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/g)].some(
    ([, from, to]) => WEEK.indexOf(from as string) <= 5 && WEEK.indexOf(to as string) >= 5,
  );
}

test("a day filter narrows the list and the map, is kept in the URL and on reload; 'All' resets", async ({
  page,
}) => {
  await signIn(page);
  await watchMapPins(page);
  await page.goto(searchUrl("Austin, TX"));
  await homeReady(page);
  const all = (await shownCount(page)) ?? 0;
  expect(all).toBeGreaterThan(0);
  await expect(mapRegion(page)).toHaveAttribute("data-map-ready", "true", MAP_READY);
  await expectMapMatchesList(page);

  await dayChip(page, "Saturday").click();
  await expect(page).toHaveURL(/[?&]days=saturday(&|$)/);
  await expect(page).toHaveURL(/[?&]search=Austin%2C\+TX(&|$)/);
  await expect(dayChip(page, "Saturday")).toHaveAttribute("aria-pressed", "true");
  await expect(dayChip(page, "All")).toHaveAttribute("aria-pressed", "false");
  await homeReady(page);
  const saturday = (await shownCount(page)) ?? 0;
  expect(saturday).toBeGreaterThan(0);
  expect(saturday).toBeLessThanOrEqual(all);
  await expect(listItems(page)).toHaveCount(saturday);
  for (const schedule of await listItems(page).locator(".school-schedule").allTextContents()) {
    expect(namesSaturday(schedule), schedule).toBe(true);
  }
  await expectMapMatchesList(page);
  const saturdayNames = await listedNames(page);

  // The server renders the same filtered state from the URL.
  await page.reload();
  await homeReady(page);
  await expect(dayChip(page, "Saturday")).toHaveAttribute("aria-pressed", "true");
  await expect(sheetCount(page)).toHaveText(`${saturday} ${saturday === 1 ? "school" : "schools"} found`);
  expect(await listedNames(page)).toEqual(saturdayNames);

  await dayChip(page, "All").click();
  await expect(page).not.toHaveURL(/days=/);
  await expect(dayChip(page, "All")).toHaveAttribute("aria-pressed", "true");
  await expect(dayChip(page, "Saturday")).toHaveAttribute("aria-pressed", "false");
  await homeReady(page);
  await expect(sheetCount(page)).toHaveText(`${all} ${all === 1 ? "school" : "schools"} found`);
  await expect(mapRegion(page)).toHaveAttribute("data-map-ready", "true", MAP_READY);
  await expectMapMatchesList(page);
});

test("the detail dialog opens with Enter from the list, shows the school, and Escape returns focus", async ({
  page,
}) => {
  await page.goto("/");
  await homeReady(page);
  const first = listLinks(page).first();

  // Tab from the top of the page to the first school in the list.
  await page.getByRole("heading", { level: 1 }).click();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await first.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(first).toBeFocused();
  const name = ((await first.textContent()) ?? "").trim();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]school=\d+/);
  await expect(dialog.getByText("Loading details…")).toHaveCount(0);

  const address = ((await dialog.locator(".school-address").textContent()) ?? "").trim();
  expect(address).not.toBe("");
  await expect(dialog.getByRole("link", { name: "Get directions" })).toHaveAttribute(
    "href",
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
  );
  const schedule = dialog.getByRole("region", { name: "Open Mat schedule" });
  await expect(schedule).toContainText(/\d/);
  const about = dialog.getByRole("region", { name: "About" });
  const paragraphs = about.locator("p");
  await expect(paragraphs).toHaveCount(2);
  const website = paragraphs.nth(0);
  if ((await website.getByRole("link").count()) > 0) {
    await expect(website.getByRole("link")).toHaveAttribute("href", /^https?:\/\//);
  } else {
    await expect(website).toHaveText("No website available");
  }
  await expect(paragraphs.nth(1)).not.toHaveText("");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/school=/);
  await expect(first).toBeFocused();
});

test("a guest's favourite asks to sign in; after signing in the gym is saved", async ({ page, request }) => {
  const member = await registerViaApi(request, newMember("fav"));
  await page.goto("/");
  await homeReady(page);
  const first = listLinks(page).first();
  const gym = ((await first.textContent()) ?? "").trim();
  await first.click();
  const details = page.getByRole("dialog", { name: gym });
  await details.getByRole("button", { name: "Save to favorites" }).click();

  const ask = page.getByRole("dialog", { name: "Sign In Required" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("Please sign in to save this gym to your favorites.");
  await ask.getByRole("link", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(signInForm(page)).toBeVisible();
  await expect(page.locator('[data-island="AuthForms"]')).toHaveAttribute("data-hydrated", "true");
  await submitSignIn(page, member.username, member.password);

  // Back on the home screen with the gym's details open, and the gym now saved.
  await expect(page).toHaveURL(/\/\?school=\d+$/);
  await homeReady(page);
  await expect(header(page).getByText(`Welcome, ${member.username}`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Gym saved" })).toBeVisible();
  const saved = page.getByRole("dialog", { name: gym });
  await expect(saved.getByRole("button", { name: "Remove from favorites" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(saved).toBeHidden();

  await page.getByRole("button", { name: "Saved Gyms" }).click();
  await expect(page).toHaveURL(/[?&]saved=1/);
  await homeReady(page);
  await expect(sheetCount(page)).toHaveText("1 school found");
  await expect(listLinks(page)).toHaveText([gym]);
});

test("a guest's 6th search of the day is refused with the spec's toast", async ({ page }) => {
  // The only test that searches as a guest: the guest quota (5 a day) is per client IP.
  // Six searches, each redrawing the map in software GL: 27 to 34 s on a loaded 2-core
  // machine, about the default 30 s, so it gets the slow test's time.
  test.slow();
  await page.goto("/");
  await homeReady(page);
  for (const city of ["Austin, TX", "Denver, CO", "Seattle, WA", "Boston, MA", "Miami, FL"]) {
    await submitSearch(page, city);
    await expect(sheetTitle(page)).toHaveText(city);
    await expect(sheetCount(page)).toHaveText(/^\d+ schools? found$/);
    await expect(page.getByRole("alert")).toHaveCount(0);
  }

  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/schools/search");
  await submitSearch(page, "Chicago, IL");
  expect((await refused).status()).toBe(429);
  const toast = page.getByRole("alert").filter({ hasText: "Daily Search Limit Reached" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    /^Daily Search Limit Reached\s*You've used all 5 daily searches\. Log in to get 15 searches per day, or wait \d+ (hours?|minutes?) for your limit to reset\./,
  );
});

test.describe("layout", () => {
  test("on a 375×812 phone the list is a bottom sheet over the map its handle raises", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await homeReady(page);
    // Map first (issue 23): the sheet starts at its lowest height, the first school showing.
    const handle = sheet(page).getByRole("button", { name: "Show more of the school list" });
    await expect(handle).toBeVisible();
    await expect(handle).toHaveAttribute("aria-expanded", "false");
    await expect(listItems(page).first()).toBeVisible();

    // The sheet spans the width, and the map ends where it begins.
    const sheetBox = await sheet(page).boundingBox();
    const mapBox = await page.locator(".home-map").boundingBox();
    expect(sheetBox && mapBox).toBeTruthy();
    if (!sheetBox || !mapBox) return;
    expect(Math.round(sheetBox.width)).toBe(375);
    expect(sheetBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);

    // Raised, it covers the map rather than shrinking it (tests/e2e/phone-home.spec.ts has
    // the three heights in full).
    await handle.click();
    const raised = sheet(page).getByRole("button", { name: "Show the whole school list" });
    await expect(raised).toHaveAttribute("aria-expanded", "true");
    await expect(listItems(page).first()).toBeVisible();
    await expect.poll(async () => (await sheet(page).boundingBox())?.y ?? 0).toBeLessThan(sheetBox.y - 50);
    expect((await page.locator(".home-map").boundingBox())?.height).toBe(mapBox.height);
  });

  test("on a 1280×800 desktop the list is a side panel beside the map", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await homeReady(page);
    await expect(sheet(page).getByRole("button", { name: /school list/ })).toBeHidden();
    await expect(listItems(page).first()).toBeVisible();
    const panel = await sheet(page).boundingBox();
    const map = await page.locator(".home-map").boundingBox();
    expect(panel && map).toBeTruthy();
    if (!panel || !map) return;
    // Side by side: the panel ends where the map starts, and they share the height.
    expect(panel.x + panel.width).toBeLessThanOrEqual(map.x + 1);
    expect(map.width).toBeGreaterThan(panel.width);
    expect(panel.y).toBeLessThan(map.y + map.height);
    expect(map.y).toBeLessThan(panel.y + panel.height);
  });
});

test.describe("axe finds no WCAG A/AA violations", () => {
  test("on / with the map loaded, then with the detail dialog open", async ({ page }) => {
    await page.goto("/");
    await homeReady(page);
    await expect(mapRegion(page)).toHaveAttribute("data-map-ready", "true", MAP_READY);
    await expectNoViolations(page);

    const first = listLinks(page).first();
    const name = ((await first.textContent()) ?? "").trim();
    await first.click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Loading details…")).toHaveCount(0);
    await expectNoViolations(page);
  });
});
