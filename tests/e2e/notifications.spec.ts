/**
 * Notifications end to end: B follows A; A's bell shows 1 without a reload (the live
 * stream); A opens the dropdown (axe checks it), clicks the item, lands on B's profile and
 * the count has dropped. Also the empty dropdown and its keyboard handling, and the 30 s
 * polling that stands in for the stream while it is down.
 */
import { expect, type Page, test } from "@playwright/test";
import { header, hydratedIsland, signedInMember } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { sameOrigin } from "./support/origin";

const bell = (page: Page, count: number) =>
  header(page).getByRole("button", { name: `Notifications, ${count} unread` });
const dropdown = (page: Page) => page.getByRole("dialog", { name: "Notifications" });

test("B follows A: A's bell shows 1 live; the item opens B's profile and the count drops", async ({
  browser,
}) => {
  const a = await signedInMember(browser, "bella");
  const b = await signedInMember(browser, "bellb");
  await a.page.goto("/profile");
  await hydratedIsland(a.page, "NavBadges");
  await expect(bell(a.page, 0)).toBeVisible();

  const res = await b.page.request.post("/api/users/follow", sameOrigin({ data: { followingId: a.id } }));
  expect(res.status()).toBe(200);
  // No reload: the stream brings the new count.
  await expect(bell(a.page, 1)).toBeVisible();
  await expect(bell(a.page, 1)).toContainText("1");

  await bell(a.page, 1).click();
  const panel = dropdown(a.page);
  await expect(panel).toBeVisible();
  const item = panel.getByRole("link", { name: new RegExp(`@${b.member.username} started following you`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText("Unread:");
  await expect(item).toContainText("New follower");
  await expectNoViolations(a.page);

  await item.click();
  await expect(a.page).toHaveURL(new RegExp(`/users/${b.id}$`));
  await expect(a.page.getByRole("heading", { level: 1, name: `@${b.member.username}` })).toBeVisible();
  await hydratedIsland(a.page, "NavBadges");
  await expect(bell(a.page, 0)).toBeVisible();

  // The item stays, read now.
  await bell(a.page, 0).click();
  await expect(dropdown(a.page).getByRole("link", { name: /started following you/ })).not.toContainText(
    "Unread:",
  );
  await a.close();
  await b.close();
});

test("an empty dropdown; Escape and Close hand focus back to the bell", async ({ browser }) => {
  const a = await signedInMember(browser, "bellc");
  await a.page.goto("/profile");
  await hydratedIsland(a.page, "NavBadges");
  await bell(a.page, 0).focus();
  await a.page.keyboard.press("Enter");
  const panel = dropdown(a.page);
  await expect(panel.getByText("No notifications yet.")).toBeVisible();
  await expect(bell(a.page, 0)).toHaveAttribute("aria-expanded", "true");
  await expectNoViolations(a.page);
  await a.page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(bell(a.page, 0)).toBeFocused();
  await expect(bell(a.page, 0)).toHaveAttribute("aria-expanded", "false");

  await a.page.keyboard.press("Enter");
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toHaveCount(0);
  await expect(bell(a.page, 0)).toBeFocused();
  await a.close();
});

test("without the live stream the counts poll every 30 s, and each poll answers 200", async ({ browser }) => {
  const a = await signedInMember(browser, "belld");
  await a.page.route("**/api/events/stream*", (route) => route.abort());
  const polls: string[] = [];
  a.page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith("/unread-count")) polls.push(`${pathname} ${response.status()}`);
  });
  await a.page.clock.install();
  await a.page.goto("/profile");
  await hydratedIsland(a.page, "NavBadges");
  await a.page.clock.runFor("00:29");
  expect(polls).toEqual([]);
  await a.page.clock.runFor("00:02");
  await expect
    .poll(() => [...polls].sort())
    .toEqual(["/api/messages/unread-count 200", "/api/notifications/unread-count 200"]);
  await a.close();
});
