/**
 * The feed's rules end to end (feed.spec.ts walks the page itself): two photos side by
 * side and a like that survives a reload; a follower sees Public posts, Friends ones once
 * followed back, never a Private one nor its photo; ?postId= for a post beyond the first
 * page; infinite scroll that ends with 'No more new posts'.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { hydratedIsland, signedInMember } from "./support/accounts";
import { solidPng } from "./support/images";
import { sameOrigin } from "./support/origin";

interface Post {
  id: number;
  photos: string[];
}

async function postViaApi(
  request: APIRequestContext,
  content: string,
  visibility = "Public",
  photos: string[] = [],
) {
  const res = await request.post("/api/posts", sameOrigin({ data: { content, visibility, photos } }));
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Post;
}

/** The spec's three-step photo flow, through the API: link, PUT, normalise. */
async function photoViaApi(request: APIRequestContext): Promise<string> {
  const link = await request.post("/api/objects/upload", sameOrigin());
  const { uploadURL } = (await link.json()) as { uploadURL: string };
  const sent = await request.put(
    uploadURL,
    sameOrigin({ data: solidPng(64), headers: { "content-type": "image/png" } }),
  );
  expect(sent.status()).toBe(200);
  const res = await request.put("/api/posts/photos", sameOrigin({ data: { photoURLs: [uploadURL] } }));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { normalizedPaths: string[] }).normalizedPaths[0] as string;
}

const postCard = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

async function openFeed(page: Page, query = "") {
  await page.goto(`/feed${query}`);
  return hydratedIsland(page, "Newsfeed");
}

test("two photos sit side by side, and a like survives a reload", async ({ browser }) => {
  const a = await signedInMember(browser, "feedtwo");
  const feed = await openFeed(a.page);
  await feed.getByRole("button", { name: "Create Post" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Create a Post" });
  await dialog.getByRole("textbox", { name: "What's on your mind?" }).fill("Two rounds at the garage");
  await dialog.getByRole("button", { name: "Add photos" }).click();
  const upload = a.page.getByRole("dialog", { name: "Upload Photos" });
  await upload.getByLabel("Choose photos").setInputFiles([
    { name: "red.png", mimeType: "image/png", buffer: solidPng(64, [200, 30, 30]) },
    { name: "blue.png", mimeType: "image/png", buffer: solidPng(64, [30, 30, 200]) },
  ]);
  await expect(upload.getByRole("button", { name: /^Remove photo/ })).toHaveCount(2);
  await upload.getByRole("button", { name: "Done" }).click();
  await expect(upload).toHaveCount(0);
  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const card = postCard(a.page, "Two rounds at the garage");
  const photos = card.getByRole("img", { name: /posted by/ });
  await expect(photos).toHaveCount(2);
  await expect(photos.nth(1)).toHaveJSProperty("complete", true);
  const left = await photos.nth(0).boundingBox();
  const right = await photos.nth(1).boundingBox();
  // Two photos: two columns, one row.
  expect(left && right && Math.abs(left.y - right.y) < 2 && right.x >= left.x + left.width - 1).toBe(true);

  const like = card.getByRole("button", { name: "Like" });
  // The button answers at once (optimistically); the reload waits for the server's answer,
  // or it could cut the request off.
  const liked = a.page.waitForResponse(
    (r) => /\/api\/posts\/\d+\/like$/.test(r.url()) && r.request().method() === "POST",
  );
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByText("1 like", { exact: true })).toBeVisible();
  expect((await liked).status()).toBeLessThan(300);
  await a.page.reload();
  await hydratedIsland(a.page, "Newsfeed");
  const again = postCard(a.page, "Two rounds at the garage");
  await expect(again.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
  await expect(again.getByText("1 like", { exact: true })).toBeVisible();
  await a.close();
});

test("a follower sees Public posts, Friends ones once followed back, never a Private one", async ({
  browser,
}) => {
  const a = await signedInMember(browser, "feedauthor");
  const b = await signedInMember(browser, "feedfan");
  const privatePhoto = await photoViaApi(a.page.request);
  await postViaApi(a.page.request, "Saturday open mat recap");
  await postViaApi(a.page.request, "Who wants to drill on Sunday?", "Friends");
  await postViaApi(a.page.request, "My notes on the kimura trap", "Private", [privatePhoto]);
  const follow = (from: Page, id: number) =>
    from.request.post("/api/users/follow", sameOrigin({ data: { followingId: id } }));
  expect((await follow(b.page, a.id)).status()).toBe(200);

  await openFeed(b.page);
  await expect(postCard(b.page, "Saturday open mat recap")).toBeVisible();
  await expect(postCard(b.page, "drill on Sunday")).toHaveCount(0);
  await expect(postCard(b.page, "kimura trap")).toHaveCount(0);

  // Friends are the people the author follows: once A follows B, B sees it.
  expect((await follow(a.page, b.id)).status()).toBe(200);
  await openFeed(b.page);
  await expect(postCard(b.page, "drill on Sunday")).toBeVisible();
  await expect(postCard(b.page, "drill on Sunday").getByText("Friends", { exact: true })).toBeVisible();
  await expect(postCard(b.page, "Saturday open mat recap")).toBeVisible();
  await expect(postCard(b.page, "kimura trap")).toHaveCount(0);
  // Nor the Private post's photo, even with its address.
  expect((await b.page.request.get(privatePhoto)).status()).toBe(404);
  expect((await a.page.request.get(privatePhoto)).status()).toBe(200);
  await a.close();
  await b.close();
});

test("?postId= beyond the first page is loaded, scrolled to and highlighted; the feed ends", async ({
  browser,
}) => {
  const a = await signedInMember(browser, "feedlink");
  const first = await postViaApi(a.page.request, "The very first post of this member");
  for (let i = 1; i <= 11; i++) await postViaApi(a.page.request, `Roll number ${i}`);

  // Twelve posts: the first page holds ten, so the linked one needs the second.
  await openFeed(a.page, `?postId=${first.id}`);
  const linked = a.page.locator(`#post-${first.id}`);
  await expect(linked).toHaveClass(/post-highlight/);
  await expect(linked).toBeInViewport();
  await expect(a.page).toHaveURL(/\/feed$/, { timeout: 6000 });
  await expect(linked).not.toHaveClass(/post-highlight/, { timeout: 6000 });
  await expect(a.page.getByText("No more new posts")).toBeVisible();

  // Infinite scroll from the top: the next page arrives at the bottom, then the end.
  await openFeed(a.page);
  await expect(a.page.getByRole("article")).toHaveCount(10);
  await a.page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
  await expect(a.page.getByRole("article")).toHaveCount(12);
  await expect(a.page.getByText("No more new posts")).toBeVisible();
  await a.close();
});
