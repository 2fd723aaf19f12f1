/**
 * Submit New Open Mat end to end: a member opens the modal from the header, sees the live
 * preview of the schedule, submits an address the offline gazetteer knows and gets the
 * success toast (axe checks the open modal). A guest choosing the side menu's entry is asked
 * to sign in, and the form opens after the sign-in.
 */
import { expect, type Page, test } from "@playwright/test";
import {
  header,
  hydratedIsland,
  newMember,
  registerViaApi,
  signedInMember,
  submitSignIn,
} from "./support/accounts";
import { expectNoViolations } from "./support/axe";

const modal = (page: Page) => page.getByRole("dialog", { name: "Submit New Open Mat" });

test("a member submits an open mat from the header and gets the success toast", async ({ browser }) => {
  const { page, close } = await signedInMember(browser, "submitter");
  await page.goto("/about");
  await hydratedIsland(page, "SubmitOpenMat");
  await header(page).getByRole("button", { name: "Submit New Open Mat" }).click();
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Gym Name *")).toBeFocused();

  await dialog.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(dialog.getByText("Gym name is required")).toBeVisible();
  await expect(dialog.getByText("Full address is required (Street, City, State)")).toBeVisible();
  await expect(dialog.getByText("Day and time information is required")).toBeVisible();

  await dialog.getByLabel("Gym Name *").fill("Preview Test BJJ");
  await dialog.getByLabel("Full Address *").fill("500 W 2nd St, Austin, TX 78701");
  await dialog.getByLabel("Day and Time *").fill("Saturday 10:00am - 12:00pm, Sunday 12am-2pm");
  const preview = dialog.locator("[aria-live=polite]");
  await expect(preview).toContainText("Sat 10:00 AM–12:00 PM");
  await expect(preview).toContainText("Sun 12:00 PM–2:00 PM");
  await expect(preview).toContainText("12am read as noon");
  const days = dialog.getByRole("group", { name: "Days of the Week *" });
  await days.getByLabel("Saturday").check();
  await days.getByLabel("Sunday").check();
  await dialog.getByLabel("Community Notes").fill("All affiliations welcome");
  await expectNoViolations(page);

  await dialog.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Success! Your open mat has been received!" }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(header(page).getByRole("button", { name: "Submit New Open Mat" })).toBeFocused();
  await close();
});

test("a guest using the side menu's entry is asked to sign in, then the form opens", async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, newMember("guestsub"));
  await page.goto("/about");
  await expect(header(page).getByRole("button", { name: "Submit New Open Mat" })).toHaveCount(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("dialog", { name: "Menu" })
    .getByRole("button", { name: "Submit an Open Mat" })
    .click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await expect(signIn).toBeVisible();
  // Closing the sign-in is a change of mind: signing in later opens nothing.
  await page.keyboard.press("Escape");
  await expect(signIn).toBeHidden();
  // The wish is forgotten on the dialog's close event, a task after it is hidden: wait for it.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("openmat:pending-submit"))).toBeNull();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("dialog", { name: "Menu" })
    .getByRole("button", { name: "Submit an Open Mat" })
    .click();
  await expect(signIn).toBeVisible();
  await submitSignIn(signIn, member.username, member.password);
  await expect(modal(page)).toBeVisible();
  await expect(modal(page).getByLabel("Gym Name *")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(modal(page)).toBeHidden();
});
