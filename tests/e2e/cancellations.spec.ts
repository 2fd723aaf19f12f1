/**
 * A cancelled open mat end to end (issue 20): an admin cancels a school's next Sunday open mat
 * on /admin (axe checks the dialog); a member who saved the gym sees the bell item without a
 * reload; the school page lists it as cancelled with the reason; the .ics carries its EXDATE;
 * Restore brings it back.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { header, hydratedIsland, signedInMember } from "./support/accounts";
import { signedInAdmin, submitOpenMat } from "./support/admin";
import { expectNoViolations } from "./support/axe";
import { sameOrigin } from "./support/origin";

const bell = (page: Page, count: number) =>
  header(page).getByRole("button", { name: `Notifications, ${count} unread` });

test("an admin cancels next Sunday's open mat: the saver is told live, the page and the calendar show it", async ({
  browser,
}) => {
  const gym = `Cancel Me ${randomBytes(3).toString("hex")} Jiu Jitsu`;
  const reason = "Coach away at a tournament";
  const submitter = await signedInMember(browser, "cancelsub");
  const submissionId = await submitOpenMat(submitter.page.request, gym, "Sunday 10:00am - 12:00pm");
  await submitter.close();

  const admin = await signedInAdmin(browser);
  const approved = await admin.page.request.post(
    `/api/admin/submissions/${submissionId}/approve`,
    sameOrigin({ data: {} }),
  );
  expect(approved.status(), await approved.text()).toBe(200);
  const found = await admin.page.request.get(
    `/api/admin/schedule-exceptions/schools?q=${encodeURIComponent(gym)}`,
  );
  const [school] = ((await found.json()) as { schools: { id: number }[] }).schools;
  expect(school).toBeDefined();
  const { slug } = (await (await admin.page.request.get(`/api/schools/${school?.id}`)).json()) as {
    slug: string;
  };

  const saver = await signedInMember(browser, "cancelsaver");
  const saved = await saver.page.request.post(
    "/api/favorites",
    sameOrigin({ data: { schoolId: school?.id } }),
  );
  expect(saved.status()).toBeLessThan(300);
  await saver.page.goto("/profile");
  await hydratedIsland(saver.page, "NavBadges");
  await expect(bell(saver.page, 0)).toBeVisible();

  const page = admin.page;
  await page.goto("/admin");
  const island = await hydratedIsland(page, "AdminDashboard");
  await island.getByRole("tab", { name: "Cancellations" }).click();
  const panel = island.getByRole("tabpanel", { name: "Cancellations" });
  await panel.getByRole("button", { name: "Cancel an open mat" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel an open mat" });
  await expect(dialog.getByLabel("Find the school")).toBeFocused();
  await dialog.getByLabel("Find the school").fill(gym);
  const schoolSelect = dialog.getByLabel("School", { exact: true });
  await expect(schoolSelect.locator("option", { hasText: gym })).toHaveCount(1);
  await schoolSelect.selectOption(String(school?.id));
  const slot = dialog.getByLabel("Open mat", { exact: true });
  await expect(slot.locator("option", { hasText: "10:00 AM" }).first()).toBeAttached();
  // The first open mat listed: next Sunday's (or today's, on a Sunday), at most a week ahead.
  const first = slot.locator("option", { hasText: "10:00 AM" }).first();
  const label = (await first.textContent()) ?? "";
  await slot.selectOption(await first.getAttribute("value"));
  await dialog.getByLabel("Reason").fill(reason);
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Cancel open mat" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Open mat cancelled" })).toBeVisible();
  const listed = panel.getByRole("article", { name: `${gym}: ${label}` });
  await expect(listed).toBeVisible();
  await expect(listed).toContainText(reason);

  // No reload: the stream brings the bell item.
  await expect(bell(saver.page, 1)).toBeVisible({ timeout: 10_000 });
  await bell(saver.page, 1).click();
  await expect(
    saver.page.getByRole("dialog", { name: "Notifications" }).getByRole("link", { name: /is cancelled/ }),
  ).toContainText(`Open mat at ${gym} on`);

  await saver.page.goto(`/schools/${slug}`);
  const weeks = saver.page.getByRole("region", { name: "Next 4 weeks" });
  await expect(weeks.getByRole("listitem").filter({ hasText: label }).first()).toContainText(
    `Cancelled: ${reason}`,
  );
  const ics = await saver.page.request.get(`/schools/${slug}.ics`);
  expect(await ics.text()).toMatch(/EXDATE;TZID=America\/Chicago:\d{8}T100000/);

  await listed.getByRole("button", { name: /^Restore/ }).click();
  await expect(listed).toHaveCount(0);
  await expect(island.getByRole("heading", { name: "Cancelled open mats" })).toBeFocused();
  await admin.close();
  await saver.close();
});
