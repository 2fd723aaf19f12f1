/**
 * Direct messages end to end, with two members in two browser contexts: A opens a
 * conversation from B's profile and writes; B, on /messages, sees it arrive without
 * reloading (the live stream); B opens it, which marks it read, and B's unread counts
 * drop; B reports A's message; B's reply reaches A's open conversation live. axe checks
 * /messages and a conversation along the way.
 */
import { expect, type Page, test } from "@playwright/test";
import { header, hydratedIsland, signedInMember } from "./support/accounts";
import { expectNoViolations } from "./support/axe";

const messagesButton = (page: Page) => header(page).getByRole("link", { name: /^Messages, \d+ unread$/ });

test("A writes from B's profile; B sees it live, opens it, and the unread counts drop", async ({
  browser,
}) => {
  // Two members' whole journey: 21 to 25 s on a loaded 2-core machine, near the 30 s default.
  test.slow();
  const a = await signedInMember(browser, "dma");
  const b = await signedInMember(browser, "dmb");

  // B waits on the list, empty for now.
  await b.page.goto("/messages");
  const list = await hydratedIsland(b.page, "Messages");
  await expect(list.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(list.getByText("No conversations yet")).toBeVisible();
  await expect(list.getByRole("link", { name: "New Message" })).toHaveAttribute("href", "/users");
  await expectNoViolations(b.page);

  // A opens B's profile and presses Message.
  await a.page.goto(`/users/${b.id}`);
  const actions = await hydratedIsland(a.page, "ProfileActions");
  await actions.getByRole("link", { name: `Message @${b.member.username}` }).click();
  await expect(a.page).toHaveURL(/\/messages\/\d+$/);
  const conversation = await hydratedIsland(a.page, "Conversation");
  await expect(conversation.getByRole("heading", { level: 1, name: `@${b.member.username}` })).toBeVisible();
  await expect(
    conversation.getByRole("link", { name: `View Profile of @${b.member.username}` }),
  ).toHaveAttribute("href", `/users/${b.id}`);

  // Shift+Enter is a new line; Enter sends.
  const box = conversation.getByRole("textbox", { name: "Message" });
  await box.fill("Open mat tonight?");
  await box.press("Shift+Enter");
  await box.pressSequentially("7pm at the gym");
  await expect(conversation.getByText("32/2000")).toBeVisible();
  await box.press("Enter");
  await expect(box).toHaveValue("");
  const sent = conversation.locator(".message-own");
  await expect(sent).toHaveCount(1);
  await expect(sent.locator(".message-body")).toHaveText("Open mat tonight?\n7pm at the gym");
  await expectNoViolations(a.page);

  // B sees it arrive without reloading: the row, its count and the header badge.
  const row = list.getByRole("link", { name: new RegExp(`@${a.member.username}`) });
  await expect(row).toBeVisible({ timeout: 3_000 });
  await expect(row).toContainText("Open mat tonight?");
  await expect(row).toContainText("Just now");
  await expect(row.getByText("1 unread")).toBeAttached();
  await expect(messagesButton(b.page)).toHaveAccessibleName("Messages, 1 unread");
  await expectNoViolations(b.page);

  // B opens it: the message is on the left, and it is read.
  await row.click();
  const bConversation = await hydratedIsland(b.page, "Conversation");
  await expect(bConversation.locator(".message-other .message-body")).toHaveText(
    "Open mat tonight?\n7pm at the gym",
  );
  await expect(messagesButton(b.page)).toHaveAccessibleName("Messages, 0 unread");
  await expectNoViolations(b.page);

  // B may report A's message, from the keyboard, through its '⋯' menu; A's own message has none.
  await expect(a.page.getByRole("button", { name: "Message actions" })).toHaveCount(0);
  const report = bConversation.getByRole("button", { name: "Message actions" });
  await report.focus();
  await b.page.keyboard.press("Enter");
  await expect(bConversation.getByRole("menuitem", { name: "Report" })).toBeFocused();
  await b.page.keyboard.press("Enter");
  const reportDialog = b.page.getByRole("dialog", { name: `Report message from @${a.member.username}` });
  await expect(reportDialog.getByLabel("What is wrong?")).toBeFocused();
  await b.page.keyboard.type("Testing the report button");
  await reportDialog.getByRole("button", { name: "Send report" }).click();
  await expect(b.page.getByRole("status").filter({ hasText: "Report sent" })).toBeVisible();
  await expect(reportDialog).toHaveCount(0);
  await expect(report).toBeFocused();

  // B replies; A's open conversation shows it without reloading.
  const bBox = bConversation.getByRole("textbox", { name: "Message" });
  await bBox.fill("Oss! See you there");
  await bBox.press("Enter");
  await expect(a.page.locator(".message-other .message-body")).toHaveText("Oss! See you there", {
    timeout: 3_000,
  });

  // Back on B's list, nothing is unread.
  await b.page.goto("/messages");
  const again = await hydratedIsland(b.page, "Messages");
  await expect(again.getByRole("link", { name: new RegExp(`@${a.member.username}`) })).toContainText(
    "Oss! See you there",
  );
  await expect(again.getByText(/\d+ unread/)).toHaveCount(0);

  await a.close();
  await b.close();
});

test("a conversation id that is not a number, or not yours, says so", async ({ browser }) => {
  const a = await signedInMember(browser, "dmbad");
  const invalid = await a.page.goto("/messages/abc");
  expect(invalid?.status()).toBe(400);
  await expect(a.page.getByRole("heading", { name: "Invalid Conversation" })).toBeVisible();
  const missing = await a.page.goto("/messages/999999999");
  expect(missing?.status()).toBe(404);
  await expect(a.page.getByRole("heading", { name: "Conversation Not Found" })).toBeVisible();
  await a.close();
});

test("a guest on /messages gets the sign-in form", async ({ page }) => {
  await page.goto("/messages");
  const forms = await hydratedIsland(page, "AuthForms");
  await expect(forms.getByRole("form", { name: "Sign In" })).toBeVisible();
});
