import { readdirSync } from "node:fs";
import { expect, type Page, type Response, test } from "@playwright/test";

const routes = [
  { path: "/", status: 200, title: "OpenMat: Find Brazilian Jiu-Jitsu Open Mats Near You" },
  { path: "/shop", status: 200, title: "Shop | OpenMat" },
  { path: "/about", status: 200, title: "About | OpenMat" },
  { path: "/donate", status: 200, title: "Donate | OpenMat" },
  { path: "/some/unknown", status: 404, title: "404 Page Not Found" },
];

test.describe("pages", () => {
  for (const { path, status, title } of routes) {
    test(`${path} answers ${status} with title "${title}"`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(page).toHaveTitle(title);
    });
  }

  test("the 404 page explains itself", async ({ page }) => {
    await page.goto("/some/unknown");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });
});

test.describe("side menu", () => {
  const menuOf = (page: Page) => page.getByRole("dialog", { name: "Menu" });
  const opener = (page: Page) => page.getByRole("button", { name: "Open menu" });
  /**
   * Where keyboard focus is: the focused menu control's name, "menu" for the dialog itself,
   * "browser" when the document has lost focus, or "page: <tag>" for anything behind the menu.
   * After the menu's last control Chromium moves focus out to its own UI and from there back
   * to the menu's first control: that is how a native modal <dialog> traps focus.
   */
  const focusTarget = (page: Page) =>
    page.evaluate(() => {
      const menu = document.getElementById("side-menu");
      const el = document.activeElement;
      if (!document.hasFocus()) return "browser";
      if (!el || !menu?.contains(el)) return `page: ${el?.tagName}`;
      if (el === menu) return "menu";
      return el.getAttribute("aria-label") ?? el.textContent ?? "";
    });

  test("opens and closes with the mouse", async ({ page }) => {
    await page.goto("/shop");
    const menu = menuOf(page);
    await expect(menu).toBeHidden();

    await opener(page).click();
    await expect(menu).toBeVisible();
    await expect(opener(page)).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link")).toHaveText(["Find Open Mats", "About", "Donate", "Sign In"]);
    await expect(menu).toContainText(`© 2023–${new Date().getFullYear()} OpenMat`);
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(opener(page)).toHaveAttribute("aria-expanded", "false");

    // The menu is 16rem wide on the left; a click further right lands on the backdrop.
    await opener(page).click();
    await expect(menu).toBeVisible();
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.mouse.click(viewport.width - 20, viewport.height / 2);
    await expect(menu).toBeHidden();
  });

  test("opens and closes with the keyboard, keeping focus inside while open", async ({ page }) => {
    await page.goto("/about");
    const menu = menuOf(page);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      if (await opener(page).evaluate((el) => el === document.activeElement)) break;
    }
    await expect(opener(page)).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    // Twice round the menu's five controls, each way: focus visits all of them and never
    // reaches the page behind.
    const visited = new Set<string>([await focusTarget(page)]);
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(key);
        visited.add(await focusTarget(page));
      }
    }
    visited.delete("browser");
    visited.delete("menu");
    expect([...visited].sort()).toEqual([
      "About",
      "Close menu",
      "Donate",
      "Find Open Mats",
      "Sign In",
      "Submit an Open Mat",
    ]);

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(opener(page)).toBeFocused();
    await expect(opener(page)).toHaveAttribute("aria-expanded", "false");
  });
});

test("a page without islands loads no island script and under 5 KB of gzipped JS", async ({ page }) => {
  // Island entry chunks are named after src/islands/<Name>.tsx (see scripts/build-client.ts).
  // Shared chunk-* files are allowed (nav.ts shares the toast code with islands); React
  // arriving through one would break the size budget below.
  const islands = readdirSync(new URL("../../src/islands", import.meta.url)).flatMap(
    (f) => f.match(/^([A-Z]\w*)\.tsx$/)?.[1] ?? [],
  );
  const forbidden = new RegExp(`/assets/(hydrate|${islands.join("|")})-`);
  const urls: string[] = [];
  const scripts: Response[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });

  await page.goto("/about", { waitUntil: "networkidle" });
  expect(urls.filter((url) => forbidden.test(url))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);

  // Chromium asks for gzip itself; sizes() gives the body as transferred, still encoded.
  let transferred = 0;
  for (const response of scripts) {
    expect(response.headers()["content-encoding"], response.url()).toBe("gzip");
    transferred += (await response.request().sizes()).responseBodySize;
  }
  expect(transferred).toBeLessThan(5 * 1024);
});

test.describe("content security policy", () => {
  for (const { path } of routes) {
    test(`${path} sends a CSP and triggers no violation`, async ({ page }) => {
      const logged: string[] = [];
      page.on("console", (message) => logged.push(message.text()));
      // Registered before any page script runs; Playwright's init scripts are exempt from the CSP.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener("securitypolicyviolation", (e) => {
          seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
        });
      });

      const response = await page.goto(path, { waitUntil: "networkidle" });
      expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
      // Exercise the page's script too, so a violation on interaction would show.
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();

      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations).toEqual([]);
      expect(logged.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    });
  }
});

test.describe("responsive navigation", () => {
  test("a 375px phone shows the bottom navigation instead of the top one", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const sections = page.getByRole("navigation", { name: "Sections" });
    await expect(sections).toBeVisible();
    for (const name of ["Map", "Shop", "Feed"]) {
      await expect(sections.getByRole("link", { name })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("a 1280px desktop shows the top navigation and hides the bottom one", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Sections" })).toBeHidden();
  });
});
