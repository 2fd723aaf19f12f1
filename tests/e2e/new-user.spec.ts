/**
 * Defects found by trying the app as a new user would (issue 8): a toast under a modal
 * dialog, a phone header wider than the phone, and unread counts polled from endpoints
 * that do not exist yet.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { header, newMember, registerViaApi, submitSignIn } from "./support/accounts";
import { expectNoViolations } from "./support/axe";

/** Whether the element is what a click at its centre would hit (the topmost thing there). */
const isTopmostAtCentre = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && el.contains(hit);
  });

test.describe("a toast shown while a modal dialog is open", () => {
  const signInDialog = (page: Page) => page.getByRole("dialog", { name: "Sign in" });
  const loginFailed = (page: Page) => page.getByRole("alert").filter({ hasText: "Login Failed" });

  async function failSignInThroughModal(page: Page) {
    await page.goto("/about");
    await header(page).getByRole("link", { name: "Sign In", exact: true }).click();
    const dialog = signInDialog(page);
    await expect(dialog).toHaveAttribute("data-hydrated", "true");
    const stranger = newMember("nobody");
    await submitSignIn(dialog, stranger.username, stranger.password);
    return dialog;
  }

  test("'Login Failed' is above the sign-in modal and dismissed by a click", async ({ page }) => {
    const dialog = await failSignInThroughModal(page);
    const toast = loginFailed(page);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Invalid credentials");
    expect(await isTopmostAtCentre(toast)).toBe(true);
    await expectNoViolations(page);

    // The click reaches the toast's own button (Playwright refuses clicks on covered elements)
    // and leaves the modal open.
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });

  test("a toast already showing stays on top of a modal opened after it", async ({ page }) => {
    const dialog = await failSignInThroughModal(page);
    const toast = loginFailed(page);
    await expect(toast).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(toast).toBeVisible();
    expect(await isTopmostAtCentre(toast)).toBe(true);

    // The toast lasts 5 s: the modal opens again well within that.
    await header(page).getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(toast).toBeVisible();
    expect(await isTopmostAtCentre(toast)).toBe(true);
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });
});

test.describe("the signed-in header on a phone", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    test(`fits ${viewport.width}px: no sideways scroll, every control on screen and 44 px or more`, async ({
      page,
    }) => {
      await registerViaApi(page.request, newMember("phone"));
      await page.setViewportSize(viewport);
      for (const path of ["/about", "/account"]) {
        await page.goto(path);
        await expect(header(page).getByRole("button", { name: /Notifications/ })).toBeVisible();
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);

        const controls = [
          header(page).getByRole("button", { name: "Open menu" }),
          header(page).getByRole("link", { name: "OpenMat" }),
          header(page).getByRole("button", { name: "Notifications, 0 unread" }),
          header(page).getByRole("link", { name: "Messages, 0 unread" }),
          header(page).getByRole("link", { name: "Account" }),
          header(page).getByRole("button", { name: "Logout" }),
          // The avatar link to the profile gives way below 360 px, so the site's name stays whole.
          ...(viewport.width >= 360 ? [header(page).getByRole("link", { name: "Your profile" })] : []),
        ];
        for (const control of controls) {
          await expect(control).toBeVisible();
          await expect(control).toBeInViewport({ ratio: 1 });
          const box = await control.boundingBox();
          expect(box?.width, `${control}`).toBeGreaterThanOrEqual(44);
          expect(box?.height, `${control}`).toBeGreaterThanOrEqual(44);
        }
        // The site's name is whole, not cut short with an ellipsis.
        const brand = header(page).getByRole("link", { name: "OpenMat" });
        expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        // Every visible control in the header is one of the above, so none was left off-screen.
        await expect(header(page).locator("a:visible, button:visible")).toHaveCount(controls.length);
      }
      await expectNoViolations(page);
    });
  }

  test("at 768px a long username is cut short instead of pushing the buttons off", async ({ page }) => {
    await registerViaApi(page.request, newMember("a_long_username"));
    await page.setViewportSize({ width: 768, height: 800 });
    await page.goto("/about");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expect(header(page).getByRole("button", { name: "Logout" })).toBeInViewport({ ratio: 1 });
  });

  test("a 1280px desktop keeps the labelled buttons and the welcome text", async ({ page }) => {
    const member = await registerViaApi(page.request, newMember("desk"));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/about");
    await expect(header(page).getByText(`Welcome, ${member.username}`)).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Account" })).toHaveText("Account");
    await expect(header(page).getByRole("button", { name: "Logout" })).toHaveText("Logout");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

test("a signed-in page left open polls no endpoint that does not exist", async ({ page }) => {
  await registerViaApi(page.request, newMember("idle"));
  const answers: string[] = [];
  const notFound: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    // The counts are polled only while the live stream is down, and every poll answers.
    if (pathname.endsWith("/unread-count") && response.status() !== 200)
      answers.push(`${pathname} ${response.status()}`);
    if (response.status() === 404) notFound.push(pathname);
  });
  await page.clock.install();
  await page.goto("/about");
  await expect(page.locator('[data-island="NavBadges"]')).toHaveAttribute("data-hydrated", "true");
  await expect(header(page).getByRole("button", { name: "Notifications, 0 unread" })).toBeVisible();

  // Two minutes of the page's time, firing every timer due on the way.
  await page.clock.runFor("02:00");
  await page.waitForTimeout(1_000);
  expect(answers).toEqual([]);
  expect(notFound).toEqual([]);
});
