/**
 * The feed end to end: B follows A and sees A's post on /feed, likes it, writes a post with a
 * photo in 'Create a Post', deletes it after confirming, and opens a linked post (?postId=).
 * axe checks the hydrated feed and the open dialogs.
 */
import { expect, test } from "@playwright/test";
import { hydratedIsland, newMember, registerViaApi, signedInMember } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { solidPng } from "./support/images";
import { sameOrigin } from "./support/origin";

test("B reads, likes, posts with a photo and deletes on /feed", async ({ browser }) => {
  // Two members' whole journey: 18 to 24 s on a loaded 2-core machine, near the 30 s default.
  test.slow();
  const a = await signedInMember(browser, "feeda");
  const b = await signedInMember(browser, "feedb");
  const posted = await a.page.request.post(
    "/api/posts",
    sameOrigin({
      data: { content: "Open mat at noon, all levels", photos: [], visibility: "Public" },
    }),
  );
  expect(posted.ok()).toBe(true);
  expect(
    (await b.page.request.post("/api/users/follow", sameOrigin({ data: { followingId: a.id } }))).ok(),
  ).toBe(true);

  await b.page.goto("/feed");
  const feed = await hydratedIsland(b.page, "Newsfeed");
  for (const island of ["FeedProgress", "FeedSaved", "UserSearch", "SeeFriends"]) {
    await hydratedIsland(b.page, island);
  }
  await expect(b.page.getByRole("heading", { name: "Newsfeed" })).toBeVisible();
  const aPost = feed.getByRole("article").filter({ hasText: "Open mat at noon, all levels" });
  await expect(aPost.getByRole("link", { name: `@${a.member.username}` })).toHaveAttribute(
    "href",
    `/users/${a.id}`,
  );
  await expect(aPost.getByRole("button", { name: "Delete post" })).toHaveCount(0);
  await expectNoViolations(b.page);

  // Like: pressed at once, and the count follows.
  const like = aPost.getByRole("button", { name: "Like" });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(aPost.getByText("1 like", { exact: true })).toBeVisible();

  // Create a Post with a photo, for friends.
  await feed.getByRole("button", { name: "Create Post" }).click();
  const dialog = b.page.getByRole("dialog", { name: "Create a Post" });
  const text = dialog.getByRole("textbox", { name: "What's on your mind?" });
  await expect(text).toBeFocused();
  const submit = dialog.getByRole("button", { name: "Post", exact: true });
  await expect(submit).toBeDisabled();
  await text.fill("Drilled berimbolos tonight");
  await expect(dialog.getByText("26/500")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Visibility" }).selectOption("Friends");
  await dialog.getByRole("button", { name: "Add photos" }).click();
  const upload = b.page.getByRole("dialog", { name: "Upload Photos" });
  await upload.getByLabel("Choose photos").setInputFiles([
    { name: "mat.png", mimeType: "image/png", buffer: solidPng(32) },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") },
  ]);
  await expect(upload.getByRole("button", { name: /^Remove photo/ })).toHaveCount(1);
  await expectNoViolations(b.page);
  await b.page.keyboard.press("Escape");
  await expect(upload).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expectNoViolations(b.page);
  await submit.click();
  await expect(dialog).toHaveCount(0);
  const mine = feed.getByRole("article").first();
  await expect(mine).toContainText("Drilled berimbolos tonight");
  await expect(mine).toContainText("Friends");
  await expect(mine.getByRole("img")).toHaveCount(1);

  // Delete, after confirming.
  await mine.getByRole("button", { name: "Delete post" }).click();
  const confirm = b.page.getByRole("dialog", { name: "Delete this post?" });
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(feed.getByText("Drilled berimbolos tonight")).toHaveCount(0);

  // A linked post is highlighted, then the address loses ?postId=.
  const { id } = await posted.json();
  await b.page.goto(`/feed?postId=${id}`);
  await expect(b.page.locator(`#post-${id}`)).toHaveClass(/post-highlight/);
  await expect(b.page).toHaveURL(/\/feed$/, { timeout: 6000 });
  await expect(b.page.locator(`#post-${id}`)).not.toHaveClass(/post-highlight/);

  await a.close();
  await b.close();
});

test("on a phone the newsfeed comes right after the panels' summary tiles", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await registerViaApi(page.request, newMember("feedphone"));
  await page.goto("/feed");
  await hydratedIsland(page, "Newsfeed");
  // The panels wait behind their tiles (issue 23; tripped-visuals.spec.ts opens them).
  const top = async (name: string) => (await page.getByRole("heading", { name }).boundingBox())?.y ?? 0;
  await expect(page.getByRole("heading", { name: "Badge Progress" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Saved Schools" })).toBeHidden();
  expect((await page.locator(".feed-summary").first().boundingBox())?.y ?? 1e9).toBeLessThan(
    await top("Find Users"),
  );
  expect(await top("Find Users")).toBeLessThan(await top("Newsfeed"));
  await expectNoViolations(page);
  await context.close();
});
