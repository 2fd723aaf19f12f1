/**
 * Helpers for the home screen's end-to-end tests (tests/e2e/home.spec.ts): its parts by role
 * or label, waiting for the island and its list, and what the map was given to draw.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { hydratedIsland } from "./accounts";

/** Downtown Austin, TX: the visitor's position where a test grants geolocation. */
export const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

export const searchForm = (page: Page) => page.getByRole("search");
export const searchBox = (page: Page) =>
  page.getByRole("combobox", { name: "Search by city, ZIP code or gym" });
export const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });
export const dayChips = (page: Page) => page.getByRole("group", { name: "Open mat day" });
export const dayChip = (page: Page, name: string) =>
  dayChips(page).getByRole("button", { name, exact: true });
export const mapRegion = (page: Page) => page.getByRole("region", { name: "Map of open mats" });

/**
 * The school list (a bottom sheet on phones, a side panel on desktops). The sheet is a region
 * named by its changing title, so its parts are found by their fixed ids and classes.
 */
export const sheet = (page: Page) => page.locator("section.home-sheet");
export const sheetTitle = (page: Page) => sheet(page).locator("#home-sheet-title");
export const sheetCount = (page: Page) => sheet(page).locator(".sheet-count");
export const sheetBody = (page: Page) => sheet(page).locator("#home-sheet-body");
export const listItems = (page: Page) => sheetBody(page).getByRole("listitem");
/** Each list item's name is a link: to the school page, or a plain click opens its details. */
export const listLinks = (page: Page) => listItems(page).getByRole("link");

/** The hydrated home island, once its list shows the current state (`data-list-ready`). */
export async function homeReady(page: Page): Promise<Locator> {
  const island = await hydratedIsland(page, "HomeScreen");
  await expect(sheetBody(page)).toHaveAttribute("data-list-ready", "true");
  // With a granted position the nearby list replaces the server's a moment later; a quiet
  // network means the list has settled (and the map has fetched what it first draws).
  await page.waitForLoadState("networkidle");
  return island;
}

/** The number in the sheet's '{n} schools found', or null when it shows no count. */
export async function shownCount(page: Page): Promise<number | null> {
  const text = (await sheetCount(page).textContent())?.trim() ?? "";
  if (text === "") return null;
  const match = text.match(/^(\d+) schools? found$/);
  expect(match, `unexpected count text "${text}"`).not.toBeNull();
  return Number(match?.[1]);
}

/** The school names the list shows, sorted. */
export async function listedNames(page: Page): Promise<string[]> {
  return (await listLinks(page).allTextContents()).map((name) => name.trim()).sort();
}

declare global {
  interface Window {
    /** The school names of the last GeoJSON the map sent its worker (see watchMapPins). */
    __mapPinNames?: string[];
  }
}

/**
 * Records which schools the map was last given. MapLibre keeps its map object to itself and
 * the container has no pin count, but every `setData` of the clustered "schools" source is
 * posted to MapLibre's worker as a "loadData" message ({type: "LD"}) carrying the GeoJSON:
 * wrapping Worker#postMessage before any page script runs shows the set the map draws.
 * Call before the first navigation.
 */
export async function watchMapPins(page: Page) {
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    // biome-ignore lint/suspicious/noExplicitAny: the wrapper forwards whatever the page posts
    Worker.prototype.postMessage = function (this: Worker, message: any, ...rest: any[]) {
      const data = message?.type === "LD" ? message.data : undefined;
      if (data?.source === "schools" && Array.isArray(data.data?.features)) {
        window.__mapPinNames = data.data.features.map(
          (f: { properties: { name: string } }) => f.properties.name,
        );
      }
      return post.apply(this, [message, ...rest] as Parameters<Worker["postMessage"]>);
    };
  });
}

/** The names of the schools the map was last given, sorted; null before the map has any. */
export const mapPinNames = (page: Page) =>
  page.evaluate(() => (window.__mapPinNames ? [...window.__mapPinNames].sort() : null));

/** Expects the map to be drawing exactly the schools the list shows. */
export async function expectMapMatchesList(page: Page) {
  const names = await listedNames(page);
  await expect
    .poll(() => mapPinNames(page), { message: "the map's pins are the list's schools" })
    .toEqual(names);
}

/** Types a search into the combobox and submits it with Enter. */
export async function submitSearch(page: Page, text: string) {
  await searchBox(page).fill(text);
  await searchBox(page).press("Enter");
}
