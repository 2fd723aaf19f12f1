/**
 * Members end to end: two members register; A makes some profile fields public in the Edit
 * Profile dialog; B finds A on /users, opens A's profile, follows A and sees only what A
 * made public; A uploads a photo and sees it on the profile and in the header. axe checks
 * /profile, /users and /users/{id} along the way.
 */
import { expect, type Page, test } from "@playwright/test";
import { header, hydratedIsland, signedInMember } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { solidPng } from "./support/images";

const editDialog = (page: Page) => page.getByRole("dialog", { name: "Edit Profile" });

async function openEditProfile(page: Page) {
  await page.goto("/profile");
  const island = await hydratedIsland(page, "EditProfile");
  await island.getByRole("button", { name: "Edit Profile" }).click();
  await expect(editDialog(page)).toBeVisible();
  return editDialog(page);
}

test("B finds A, opens A's profile, follows A and sees only what A made public", async ({ browser }) => {
  // Two members' whole journey: 19 to 25 s on a loaded 2-core machine, near the 30 s default.
  test.slow();
  const a = await signedInMember(browser, "mata");
  const b = await signedInMember(browser, "matb");

  // A fills in four fields and shows two of them.
  const dialog = await openEditProfile(a.page);
  await dialog.getByLabel("Belt Level", { exact: true }).selectOption("Purple Belt");
  await dialog.getByLabel("About Me", { exact: true }).fill("Half guard forever");
  await dialog.getByLabel("City", { exact: true }).fill("Austin");
  await dialog.getByLabel("Home Gym", { exact: true }).fill("Secret Garage Gym");
  await dialog.getByRole("checkbox", { name: "Show publicly (belt level)" }).check();
  await dialog.getByRole("checkbox", { name: "Show publicly (city)" }).check();
  await expect(dialog.getByRole("checkbox", { name: "Show publicly (home gym)" })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  // The page is rendered again with the new values; the owner sees all of them.
  await expect(a.page.getByRole("status").filter({ hasText: "Profile updated" })).toBeVisible();
  await expect(editDialog(a.page)).toHaveCount(0);
  const main = a.page.getByRole("main");
  await expect(main.getByText("Purple Belt")).toBeVisible();
  await expect(main.getByText("Secret Garage Gym")).toBeVisible();
  await hydratedIsland(a.page, "EditProfile");
  await expectNoViolations(a.page);

  // B searches for A.
  await b.page.goto("/users");
  const search = await hydratedIsland(b.page, "UserSearch");
  await expect(search.getByText("Start searching")).toBeVisible();
  await search.getByLabel("Search by username").fill(a.member.username);
  const results = search.getByRole("list", { name: "Users found" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results.getByRole("listitem")).toContainText(`@${a.member.username}`);
  await expect(b.page).toHaveURL(new RegExp(`/users\\?q=${a.member.username}$`));
  await expectNoViolations(b.page);
  await search.getByRole("link", { name: `View Profile of @${a.member.username}` }).click();

  // A's profile as B sees it: only the public fields.
  await expect(b.page).toHaveURL(/\/users\/\d+$/);
  await expect(b.page.getByRole("heading", { level: 1, name: `@${a.member.username}` })).toBeVisible();
  const profile = b.page.getByRole("main");
  await expect(profile.getByText("Purple Belt")).toBeVisible();
  await expect(profile.getByText("Austin")).toBeVisible();
  await expect(profile.getByText("Secret Garage Gym")).toHaveCount(0);
  await expect(profile.getByText("Half guard forever")).toHaveCount(0);
  await expect(profile.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);
  const actions = await hydratedIsland(b.page, "ProfileActions");
  await expect(actions.getByRole("link", { name: `Message @${a.member.username}` })).toBeVisible();
  await actions.getByRole("button", { name: `Follow @${a.member.username}` }).click();
  await expect(actions.getByText("Following", { exact: true })).toBeVisible();
  await expect(actions.getByRole("button", { name: `Unfollow @${a.member.username}` })).toBeVisible();
  await expectNoViolations(b.page);

  // Still following after a reload (the server agrees), and A is among B's friends.
  await b.page.goto("/profile");
  const friends = await hydratedIsland(b.page, "SeeFriends");
  await friends.getByRole("button", { name: "See Friends" }).click();
  const list = b.page.getByRole("dialog", { name: "Friends" });
  await expect(list.getByRole("link", { name: `@${a.member.username}` })).toBeVisible();
  await b.page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(friends.getByRole("button", { name: "See Friends" })).toBeFocused();

  await a.close();
  await b.close();
});

test("a member uploads a profile photo and sees it on the profile and in the header", async ({ browser }) => {
  const a = await signedInMember(browser, "photo");
  const dialog = await openEditProfile(a.page);

  // The browser refuses a wrong type before anything is sent.
  const photo = dialog.getByLabel("Profile Photo");
  await photo.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(
    dialog.getByText("Invalid file type: Please select a JPEG, PNG, or WebP image."),
  ).toBeVisible();

  await photo.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(64) });
  await expect(dialog.getByText("Invalid file type")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(a.page.getByRole("status").filter({ hasText: "Profile updated" })).toBeVisible();

  const headerPhoto = header(a.page).getByRole("link", { name: "Your profile" }).locator("img");
  await expect(headerPhoto).toHaveAttribute("src", /-96\.webp$/);
  const profilePhoto = a.page.getByRole("main").locator("img.profile-avatar");
  await expect(profilePhoto).toHaveAttribute("src", /\.webp$/);
  // The served photo really is an image.
  const src = (await profilePhoto.getAttribute("src")) as string;
  const res = await a.page.request.get(src);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/webp");
  await expect
    .poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await a.close();
});

test("an unknown member id is 'User Not Found' with a way back to the feed", async ({ browser }) => {
  const b = await signedInMember(browser, "lost");
  const res = await b.page.goto("/users/999999999");
  expect(res?.status()).toBe(404);
  await expect(b.page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  await expect(b.page.getByRole("link", { name: "Back to Feed" })).toHaveAttribute("href", "/feed");
  await b.close();
});

test("a guest on /users/{id} gets the sign-in form", async ({ page }) => {
  await page.goto("/users/1");
  const forms = await hydratedIsland(page, "AuthForms");
  await expect(forms.getByRole("form", { name: "Sign In" })).toBeVisible();
});
