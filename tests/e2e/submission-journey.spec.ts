/**
 * Issue 13's journey, in one chain: a member submits an open mat in the modal (live preview,
 * success toast, the receipt mail); an admin approves it on /admin; the school is then found
 * by the home screen's search, in the list and on the map; the member's bell shows the
 * decision without a reload, and the decision mail arrives. Mails are read from the dev mailbox.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { header, hydratedIsland, newestMailTo, signedInMember } from "./support/accounts";
import { signedInAdmin } from "./support/admin";
import { homeReady, listedNames, mapPinNames, submitSearch, watchMapPins } from "./support/home";

const bell = (page: Page, count: number) =>
  header(page).getByRole("button", { name: `Notifications, ${count} unread` });

test("submit, approve, find it on the map and in search, and hear back by notification and mail", async ({
  browser,
}) => {
  test.slow();
  const gym = `Journey ${randomBytes(3).toString("hex")} Grappling`;
  const member = await signedInMember(browser, "journey");
  const page = member.page;
  await page.goto("/about");
  await hydratedIsland(page, "SubmitOpenMat");
  await expect(bell(page, 0)).toBeVisible();

  await header(page).getByRole("button", { name: "Submit New Open Mat" }).click();
  const dialog = page.getByRole("dialog", { name: "Submit New Open Mat" });
  await dialog.getByLabel("Gym Name *").fill(gym);
  await dialog.getByLabel("Full Address *").fill("500 W 2nd St, Austin, TX 78701");
  await dialog.getByLabel("Day and Time *").fill("6:30pm - 8:00pm Tuesday No-Gi Open Mat");
  await expect(dialog.locator("[aria-live=polite]")).toContainText("Tue 6:30 PM–8:00 PM");
  await dialog.getByRole("group", { name: "Days of the Week *" }).getByLabel("Tuesday").check();
  await dialog.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Success! Your open mat has been received!" }),
  ).toBeVisible();
  const receipt = await newestMailTo(page.request, member.member.email, `We received your open mat: ${gym}`);
  expect(receipt.text).toContain("An administrator will review it soon");

  // Pending is not listed: the search finds nothing yet.
  const before = await page.request.get(`/api/schools/search?q=${encodeURIComponent(gym)}`);
  const { schools } = (await before.json()) as { schools: { gym: string }[] };
  expect(schools.map((s) => s.gym)).not.toContain(gym);

  const admin = await signedInAdmin(browser);
  await admin.page.goto("/admin");
  const island = await hydratedIsland(admin.page, "AdminDashboard");
  const item = island.getByRole("article", { name: gym });
  await expect(item.getByText("Tue 6:30 PM–8:00 PM")).toBeVisible();
  await item.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(admin.page.getByRole("status").filter({ hasText: "Submission approved" })).toBeVisible();
  await admin.close();

  // The member's open page hears of it live.
  await expect(bell(page, 1)).toBeVisible();
  await bell(page, 1).click();
  await expect(
    page
      .getByRole("dialog", { name: "Notifications" })
      .getByText(`Your open mat submission for ${gym} was approved. Thank you!`),
  ).toBeVisible();
  const decision = await newestMailTo(page.request, member.member.email, `Your open mat submission: ${gym}`);
  expect(decision.text).toContain("was approved and is now listed");

  // The search finds the new school, in the list and on the map. (The member searches: a
  // guest's daily quota is shared by every test from this address.)
  const home = await page.context().newPage();
  await watchMapPins(home);
  await home.goto("/");
  await homeReady(home);
  await submitSearch(home, gym);
  await expect.poll(() => listedNames(home)).toContain(gym);
  await expect.poll(() => mapPinNames(home), { timeout: 15_000 }).toContain(gym);
  await member.close();
});
