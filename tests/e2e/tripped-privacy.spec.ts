/**
 * Issue 23, "what a new user tripped on", at 390 px (where it was seen): badge privacy says
 * one honest thing to the owner and to others; deleting the account says so on /; a member
 * sees and lifts their blocks on /account; Report on a received message sits in a '⋯' menu.
 */
import { expect, type Page, test } from "@playwright/test";
import { hydratedIsland, signedInMember } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { sameOrigin } from "./support/origin";

const PHONE = { width: 390, height: 844 };

async function phoneMember(browser: Parameters<typeof signedInMember>[0], prefix: string) {
  const m = await signedInMember(browser, prefix);
  await m.page.setViewportSize(PHONE);
  return m;
}

const post = async (page: Page, path: string, data?: unknown) => {
  const res = await page.request.post(path, sameOrigin(data === undefined ? {} : { data }));
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
};

test("badges kept private read 'Badges are private.' to others, and the owner's feed says the same", async ({
  browser,
}) => {
  const owner = await phoneMember(browser, "bpown");
  const viewer = await phoneMember(browser, "bpview");

  await owner.page.goto("/feed");
  const progress = await hydratedIsland(owner.page, "FeedProgress");
  // On a phone the setting sits in the Badges tile's panel (issue 23: the phone feed's summary).
  await progress.getByRole("button", { name: /^Badges/ }).click();
  const keep = progress.getByLabel("Keep my badge progress private");
  await expect(keep).toBeChecked();
  await expect(
    progress.getByText("Only you can see your badges. Others see that they are private."),
  ).toBeVisible();
  await expect(owner.page.getByText("Others can see your badge")).toHaveCount(0);

  await viewer.page.goto(`/users/${owner.id}`);
  const badges = await hydratedIsland(viewer.page, "ProfileBadges");
  await expect(badges.getByText("Badges are private.")).toBeVisible();
  await expect(badges.getByText("No badges yet")).toHaveCount(0);
  await expectNoViolations(viewer.page);

  // The owner shares them from the feed: others now see the list itself.
  await keep.uncheck();
  await expect(progress.getByText("Others can see your badges on your profile.")).toBeVisible();
  await expect(owner.page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
  await viewer.page.reload();
  const shown = await hydratedIsland(viewer.page, "ProfileBadges");
  await expect(shown.getByText("No badges yet.")).toBeVisible();
  await expect(shown.getByText("Badges are private.")).toHaveCount(0);
  await owner.close();
  await viewer.close();
});

test("deleting the account ends on / saying it was deleted", async ({ browser }) => {
  const m = await phoneMember(browser, "bpdel");
  await m.page.goto("/account");
  const account = await hydratedIsland(m.page, "AccountSettings");
  await account.getByRole("button", { name: "Delete Account" }).click();
  const dialog = m.page.getByRole("dialog", { name: "Are you absolutely sure?" });
  await dialog.getByLabel("Current Password").fill(m.member.password);
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(m.page).toHaveURL(/\/$/);
  await expect(
    m.page.getByRole("status").filter({ hasText: "Your account has been deleted." }),
  ).toBeVisible();
  await m.close();
});

test("/account lists the members one blocked, each with Unblock, which lifts the block", async ({
  browser,
}) => {
  const a = await phoneMember(browser, "bpblk");
  const b = await phoneMember(browser, "bpblkd");
  await post(a.page, "/api/users/block", { userId: b.id });
  expect((await a.page.goto(`/users/${b.id}`))?.status()).toBe(404);

  await a.page.goto("/account");
  const account = await hydratedIsland(a.page, "AccountSettings");
  const card = account.getByRole("region", { name: "Blocked Members" });
  await expect(card.getByRole("listitem")).toHaveCount(1);
  await expect(card.getByRole("listitem")).toContainText(`@${b.member.username}`);
  const unblock = card.getByRole("button", { name: `Unblock @${b.member.username}` });
  await unblock.scrollIntoViewIfNeeded();
  await expectNoViolations(a.page);

  // Asked first, from the keyboard; Escape keeps the block and gives focus back.
  await unblock.focus();
  await a.page.keyboard.press("Enter");
  const confirm = a.page.getByRole("dialog", { name: `Unblock @${b.member.username}?` });
  await expect(confirm).toBeVisible();
  await expectNoViolations(a.page);
  await a.page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(unblock).toBeFocused();

  await unblock.click();
  await confirm.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(
    a.page.getByRole("status").filter({ hasText: `You unblocked @${b.member.username}.` }),
  ).toBeVisible();
  await expect(card.getByText("You have not blocked anyone.")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Blocked Members" })).toBeFocused();
  expect((await a.page.goto(`/users/${b.id}`))?.status()).toBe(200);
  await a.close();
  await b.close();
});

test("a received message's Report sits in a 'Message actions' menu, used from the keyboard", async ({
  browser,
}) => {
  const a = await phoneMember(browser, "bpmsga");
  const b = await phoneMember(browser, "bpmsgb");
  const conversation = (await post(a.page, `/api/conversations/with/${b.id}`)) as { id: number };
  await post(a.page, `/api/conversations/${conversation.id}/messages`, { body: "Open mat tonight?" });

  await b.page.goto(`/messages/${conversation.id}`);
  const view = await hydratedIsland(b.page, "Conversation");
  await expect(view.getByRole("button", { name: /Report/ })).toHaveCount(0);
  const actions = view.getByRole("button", { name: "Message actions" });
  await expect(actions).toHaveCount(1);
  await expect(actions).toHaveAttribute("aria-haspopup", "menu");
  await expect(actions).toHaveAccessibleDescription("Open mat tonight?");

  await actions.focus();
  await b.page.keyboard.press("Enter");
  const report = view.getByRole("menuitem", { name: "Report" });
  await expect(report).toBeFocused();
  await expect(actions).toHaveAttribute("aria-expanded", "true");
  await expectNoViolations(b.page);
  await b.page.keyboard.press("Escape");
  await expect(report).toHaveCount(0);
  await expect(actions).toBeFocused();

  await b.page.keyboard.press("ArrowDown");
  await expect(report).toBeFocused();
  await b.page.keyboard.press("Enter");
  const dialog = b.page.getByRole("dialog", { name: `Report message from @${a.member.username}` });
  await expect(dialog.getByLabel("What is wrong?")).toBeFocused();
  await b.page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(actions).toBeFocused();
  await a.close();
  await b.close();
});
