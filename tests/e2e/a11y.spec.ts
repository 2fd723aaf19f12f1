/**
 * Accessibility: axe-core finds no WCAG 2.0/2.1 A and AA violations on the site's pages,
 * in their hydrated state, and with the side menu or the sign-in modal open.
 */
import { expect, test } from "@playwright/test";
import {
  header,
  hydratedIsland,
  newestMailTo,
  newMember,
  registerViaApi,
  resetLinkIn,
} from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { sameOrigin } from "./support/origin";

const pages: { name: string; path: string; island?: string }[] = [
  { name: "home", path: "/" },
  { name: "about", path: "/about" },
  { name: "shop", path: "/shop" },
  { name: "donate", path: "/donate" },
  { name: "sign-in screen", path: "/auth", island: "AuthForms" },
  { name: "reset page without a token", path: "/reset-password", island: "ResetPasswordForm" },
  { name: "404 page", path: "/some/unknown" },
];

test.describe("axe finds no WCAG A/AA violations", () => {
  for (const { name, path, island } of pages) {
    test(`${name} (${path})`, async ({ page }) => {
      await page.goto(path);
      if (island) await hydratedIsland(page, island);
      await expectNoViolations(page);
    });
  }

  test("account page of a signed-in member (/account)", async ({ page }) => {
    await registerViaApi(page.request, newMember("a11y"));
    await page.goto("/account");
    await hydratedIsland(page, "AccountSettings");
    await expectNoViolations(page);
  });

  test("create-account form showing its validation errors", async ({ page }) => {
    await page.goto("/auth");
    const forms = await hydratedIsland(page, "AuthForms");
    await forms.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    const form = forms.getByRole("form", { name: "Create Account" });
    await form.getByLabel("Username").fill("ab");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Username must be at least 3 characters")).toBeVisible();
    await expectNoViolations(page);
  });

  test("reset form opened from a mailed link, password shown", async ({ page, request }) => {
    const member = await registerViaApi(request, newMember("a11yreset"));
    const res = await request.post(
      "/api/auth/forgot-password",
      sameOrigin({ data: { email: member.email } }),
    );
    expect(res.ok()).toBe(true);
    const mail = await newestMailTo(request, member.email);
    const link = resetLinkIn(mail);
    await page.goto(link);
    await hydratedIsland(page, "ResetPasswordForm");
    await page.getByRole("button", { name: "Show new password" }).click();
    await expect(page.getByRole("button", { name: "Hide new password" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("side menu open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("sign-in modal open", async ({ page }) => {
    await page.goto("/");
    await header(page).getByRole("link", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expectNoViolations(page);
  });
});
